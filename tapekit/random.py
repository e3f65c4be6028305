"""``tk.random``: random tensors, the global seed and ``Generator`` (TF's rules, NumPy's numbers)."""

from .ops.random_generator import (Algorithm, Generator, create_rng_state, get_global_generator,
                                   set_global_generator, stateless_normal, stateless_truncated_normal,
                                   stateless_uniform)
from .ops.random_ops import normal, set_seed, shuffle, truncated_normal, uniform

__all__ = ["Algorithm", "Generator", "create_rng_state", "get_global_generator", "normal",
           "set_global_generator", "set_seed", "shuffle", "stateless_normal", "stateless_truncated_normal",
           "stateless_uniform", "truncated_normal", "uniform"]
