"""``tk.random``: random tensors and the global seed (TF's rules, NumPy's numbers)."""

from .ops.random_ops import normal, set_seed, shuffle, truncated_normal, uniform

__all__ = ["normal", "set_seed", "shuffle", "truncated_normal", "uniform"]
