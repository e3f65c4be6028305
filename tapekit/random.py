"""``tk.random``: random tensors, the global seed and ``Generator``, drawing TF's numbers (CPU)."""

from types import SimpleNamespace

from .ops.random_generator import (Algorithm, Generator, create_rng_state, fold_in, get_global_generator,
                                   set_global_generator, split, stateless_categorical, stateless_normal,
                                   stateless_truncated_normal, stateless_uniform)
from .ops.random_ops import categorical, normal, set_seed, shuffle, truncated_normal, uniform

experimental = SimpleNamespace(
    Algorithm=Algorithm, Generator=Generator, create_rng_state=create_rng_state,
    get_global_generator=get_global_generator, set_global_generator=set_global_generator,
    stateless_fold_in=fold_in, stateless_split=split)

__all__ = ["Algorithm", "Generator", "categorical", "create_rng_state", "experimental", "fold_in",
           "get_global_generator", "normal", "set_global_generator", "set_seed", "shuffle", "split",
           "stateless_categorical", "stateless_normal", "stateless_truncated_normal", "stateless_uniform",
           "truncated_normal", "uniform"]
