"""The GradientTape facade and the reverse pass with its argument checks."""
