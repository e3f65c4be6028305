"""``tk.keras.constraints``: projections an optimizer applies to a weight after each update."""

from __future__ import annotations

import inspect

from .._core.ops import math_ops, reduction
from .._core.ops.math_ops import to_tensor
from .naming import to_snake_case

EPSILON = 1e-7


def _norms(w, axis):
    return math_ops.sqrt(reduction.reduce_sum(math_ops.square(w), axis=axis, keepdims=True))


class Constraint:
    """Base class: ``constraint(w)`` returns the projected value (the default: ``w`` unchanged)."""

    def __call__(self, w):
        return w

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class MaxNorm(Constraint):
    """Rescale each weight vector (along ``axis``) whose norm exceeds ``max_value``."""

    def __init__(self, max_value=2, axis=0):
        self.max_value, self.axis = max_value, axis

    def __call__(self, w):
        w = to_tensor(w)
        norms = _norms(w, self.axis)
        desired = math_ops.minimum(math_ops.maximum(norms, 0.0), float(self.max_value))
        return w * (desired / (EPSILON + norms))

    def get_config(self) -> dict:
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    """Negative weights become 0."""

    def __call__(self, w):
        return math_ops.maximum(to_tensor(w), 0.0)


class UnitNorm(Constraint):
    """Scale each weight vector (along ``axis``) to norm 1."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        w = to_tensor(w)
        return w / (EPSILON + _norms(w, self.axis))

    def get_config(self) -> dict:
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    """Move each weight vector's norm into ``[min_value, max_value]`` at ``rate``."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis

    def __call__(self, w):
        w = to_tensor(w)
        norms = _norms(w, self.axis)
        clipped = math_ops.minimum(math_ops.maximum(norms, float(self.min_value)), float(self.max_value))
        desired = self.rate * clipped + (1 - self.rate) * norms
        return w * (desired / (EPSILON + norms))

    def get_config(self) -> dict:
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate, "axis": self.axis}


max_norm, non_neg, unit_norm, min_max_norm = MaxNorm, NonNeg, UnitNorm, MinMaxNorm
_CLASSES = (Constraint, MaxNorm, NonNeg, UnitNorm, MinMaxNorm)
_BY_NAME = {cls.__name__: cls for cls in _CLASSES} | {to_snake_case(cls.__name__): cls for cls in _CLASSES}


def get(identifier):
    """A constraint from a name (``"non_neg"``), a config dict, a class, an instance or a callable."""
    if identifier is None:
        return None
    obj = identifier
    if isinstance(identifier, dict):
        obj = _BY_NAME.get(identifier.get("class_name"))
        obj = obj.from_config(identifier.get("config") or {}) if obj is not None else None
    elif isinstance(identifier, str):
        obj = _BY_NAME.get(identifier)
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret constraint identifier: {identifier}")
