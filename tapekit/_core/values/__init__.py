"""The value type (Tensor), the per-thread context (the tape stack) and the observer protocol."""
