"""Python operators on Tensor and Variable, mapped to ops as TF maps them."""

from __future__ import annotations

from ..tensor import Tensor
from ..variable import Variable
from . import math_ops as m
from .array_ops import getitem
from .linalg import matmul


def _swap(fn):
    return lambda self, other: fn(other, self)


def _and(x, y):
    x, y = m.binary_inputs("LogicalAnd", x, y)
    return m.logical_and(x, y)


def _or(x, y):
    x, y = m.binary_inputs("LogicalOr", x, y)
    return m.logical_or(x, y)


def _xor(x, y):
    x, y = m.binary_inputs("LogicalXor", x, y)
    return m.logical_xor(x, y)


def _eq(x, y):
    if y is None:
        return False
    try:
        return m.equal(x, y)
    except (TypeError, ValueError):
        return False


def _ne(x, y):
    if y is None:
        return True
    try:
        return m.not_equal(x, y)
    except (TypeError, ValueError):
        return True


_BINARY = {
    "add": m.add, "sub": m.subtract, "mul": m.multiply, "truediv": m.divide,
    "floordiv": m.floordiv, "mod": m.floormod, "pow": m.pow, "matmul": matmul,
    "and": _and, "or": _or, "xor": _xor,
}


def install() -> None:
    for cls in (Tensor, Variable):
        for name, fn in _BINARY.items():
            setattr(cls, f"__{name}__", lambda self, other, fn=fn: fn(self, other))
            setattr(cls, f"__r{name}__", _swap(fn))
        cls.__neg__ = lambda self: m.negative(self)
        cls.__pos__ = lambda self: m.to_tensor(self)
        cls.__abs__ = lambda self: m.abs(self)
        cls.__invert__ = lambda self: m.logical_not(self)
        cls.__lt__ = lambda self, other: m.less(self, other)
        cls.__le__ = lambda self, other: m.less_equal(self, other)
        cls.__gt__ = lambda self, other: m.greater(self, other)
        cls.__ge__ = lambda self, other: m.greater_equal(self, other)
        cls.__eq__ = _eq
        cls.__ne__ = _ne
        cls.__getitem__ = getitem
    Variable.__getitem__ = Variable._sliceable_getitem(getitem)  # var[i].assign(v) (tape work)
    Tensor.__hash__ = _unhashable
    Variable.__hash__ = _unhashable


def _unhashable(self):
    kind = "Variable" if isinstance(self, Variable) else "Tensor"
    suffix = f" (Variable: {self!r})" if kind == "Variable" else ""  # as TF
    raise TypeError(f"{kind} is unhashable. Instead, use {kind.lower()}.ref() as the key.{suffix}")
