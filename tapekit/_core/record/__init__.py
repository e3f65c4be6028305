"""Recording: execute and the gradient registry, the tape's rows, causes, variables."""
