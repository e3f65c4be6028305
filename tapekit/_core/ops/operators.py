"""Python operators on Tensor and Variable, mapped to ops as TF 2.21 maps them.

- ``a op b`` converts ``b`` as the op does; ``b op a`` (the reflected form) converts ``b`` to ``a``'s
  dtype first, strictly, as TF's ``r_binary_op_wrapper`` (so ``2.5 * int_tensor`` is a TypeError).
- ``&``, ``|``, ``^``, ``~`` are logical on bool tensors and bitwise on integer tensors.
- ``*`` of bools is logical AND (TF casts to int32, multiplies and casts back); ``/`` of bools raises.
- ``==``/``!=`` compare element-wise, give a scalar False/True when the shapes cannot broadcast, and
  raise for another dtype; a Tensor compared with None is just False/True, a Variable raises.
- ``t[mask]`` with a bool tensor (or NumPy bool array) is ``tk.boolean_mask(t, mask)``.
- There is no unary ``+``, no ``<<``/``>>`` and no ``divmod``, as in TF.
"""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..values.tensor import EagerTensor, Tensor, convert_to_tensor, is_variable
from ..record.variable import Variable
from . import math_ops as m
from .array_ops import boolean_mask, getitem
from .linalg import matmul


def _is_tensor(x) -> bool:
    return isinstance(x, Tensor) or is_variable(x)


def _mul(x, y):
    # The common case first: two tensors of one dtype, not bool. Every `x * y` runs this test, so it
    # reads the dtype slots rather than the `dtype` property (a call each).
    if type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype and not x._dtype.is_bool:  # noqa: SLF001
        return m.multiply(x, y)
    if x.dtype is dtypes.bool or _is_tensor(y) and y.dtype is dtypes.bool:  # TF: via int32, and back
        as_int = [m.cast(m.to_tensor(v), dtypes.int32) for v in (x, y)]
        return m.cast(m.multiply(*as_int), dtypes.bool)
    return m.multiply(x, y)


def _and(x, y):
    x = m.to_tensor(x)
    return m.logical_and(x, y) if x.dtype.is_bool else m.bitwise_and(x, y)


def _or(x, y):
    x = m.to_tensor(x)
    return m.logical_or(x, y) if x.dtype.is_bool else m.bitwise_or(x, y)


def _xor(x, y):
    x = m.to_tensor(x)
    return m.logical_xor(x, y) if x.dtype.is_bool else m.bitwise_xor(x, y)


def _invert(x):
    x = m.to_tensor(x)
    return m.logical_not(x) if x.dtype.is_bool else m.invert(x)


_BINARY = {
    "add": m.add, "sub": m.subtract, "mul": _mul, "truediv": m.divide,
    "floordiv": m.floordiv, "mod": m.floormod, "pow": m.pow, "matmul": matmul,
    "and": _and, "or": _or, "xor": _xor,
}


def _reflected(fn):
    def op(self, other):
        if not _is_tensor(other):
            other = convert_to_tensor(other, dtype=self.dtype)
        return fn(other, self)

    return op


def _tensor_eq(self, other):
    return False if other is None else m.tensor_equals(self, other)


def _tensor_ne(self, other):
    return True if other is None else m.tensor_not_equals(self, other)


def _masked_getitem(self, key):
    if _is_bool_mask(key):
        return boolean_mask(self, key)
    if isinstance(key, list) and any(isinstance(k, (bool, np.bool_)) for k in key):
        raise InvalidArgumentError(
            "Value for attr 'Index' of bool is not in the list of allowed values: int16, int32, int64 "
            "[Op:StridedSlice] name: strided_slice/"
            + hint_line(_("a Python list index is read as one index per axis; to pick elements with a "
                          "mask, index with a bool tensor: t[tk.constant([True, False])].")))
    return getitem(self, key)


def _is_bool_mask(key) -> bool:
    if isinstance(key, (bool, np.bool_)):
        return True
    if isinstance(key, np.ndarray):
        return key.dtype == np.bool_
    return _is_tensor(key) and key.dtype.is_bool


def install() -> None:
    for cls in (Tensor, Variable):
        for name, fn in _BINARY.items():
            setattr(cls, f"__{name}__", fn)   # fn(self, other): a method as it is
            setattr(cls, f"__r{name}__", _reflected(fn))
        cls.__neg__ = lambda self: m.negative(self)
        cls.__abs__ = lambda self: m.abs(self)
        cls.__invert__ = _invert
        cls.__lt__ = lambda self, other: m.less(self, other)
        cls.__le__ = lambda self, other: m.less_equal(self, other)
        cls.__gt__ = lambda self, other: m.greater(self, other)
        cls.__ge__ = lambda self, other: m.greater_equal(self, other)
        cls.__getitem__ = _masked_getitem
    Tensor.__eq__ = _tensor_eq
    Tensor.__ne__ = _tensor_ne
    Variable.__eq__ = lambda self, other: m.tensor_equals(self, other)  # TF: `v == None` raises
    Variable.__ne__ = lambda self, other: m.tensor_not_equals(self, other)
    Variable.__getitem__ = Variable._sliceable_getitem(_masked_getitem)  # noqa: SLF001 - the slicing hook variable.py keeps off tk.Variable's public API (TF has none)
    Tensor.__hash__ = _unhashable
    Variable.__hash__ = _unhashable


def _unhashable(self):
    kind = "Variable" if isinstance(self, Variable) else "Tensor"
    suffix = f" (Variable: {self!r})" if kind == "Variable" else ""  # as TF
    raise TypeError(f"{kind} is unhashable. Instead, use {kind.lower()}.ref() as the key.{suffix}")
