"""The engine: values, recording, the ops, their gradient rules and the reverse pass."""
