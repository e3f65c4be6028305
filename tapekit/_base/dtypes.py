"""DType objects and the rules that turn Python and NumPy values into them."""

from __future__ import annotations

import builtins

import numpy as np

from .i18n import _, hint_line

__all__ = ["ALL", "KERNEL_NAMES", "DType", "as_dtype", "bool", "complex64", "complex128", "double",
           "float16", "float32", "float64", "from_numpy", "half", "int8", "int16", "int32", "int64",
           "string", "uint8", "uint16", "uint32", "uint64"]


class DType:
    """A tensor element type, printed as ``tk.float32`` like ``tf.float32``."""

    __slots__ = ("name", "as_numpy_dtype", "numpy_dtype", "is_floating", "is_integer",
                 "is_complex", "is_bool", "is_unsigned", "is_string", "is_differentiable")

    def __init__(self, name: str, np_type):
        self.name = name
        self.as_numpy_dtype = np_type
        self.numpy_dtype = np.dtype(np_type)
        kind = self.numpy_dtype.kind
        self.is_floating = kind == "f"
        self.is_complex = kind == "c"
        self.is_integer = kind in "iu"
        self.is_unsigned = kind == "u"
        self.is_bool = kind == "b"
        self.is_string = kind == "O"
        self.is_differentiable = self.is_floating or self.is_complex  # gradients flow through these

    @property
    def base_dtype(self) -> DType:
        return self

    @property
    def size(self) -> int:
        return self.numpy_dtype.itemsize

    @property
    def min(self):
        return np.finfo(self.numpy_dtype).min if self.is_floating else np.iinfo(self.numpy_dtype).min

    @property
    def max(self):
        return np.finfo(self.numpy_dtype).max if self.is_floating else np.iinfo(self.numpy_dtype).max

    def __repr__(self) -> str:
        return f"tk.{self.name}"

    def __str__(self) -> str:
        return f"<dtype: {self.name!r}>"

    def __eq__(self, other) -> bool:
        if isinstance(other, DType):
            return self is other
        try:
            return as_dtype(other) is self
        except TypeError:
            return False

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self):
        return as_dtype, (self.name,)


float16 = DType("float16", np.float16)
float32 = DType("float32", np.float32)
float64 = DType("float64", np.float64)
int8 = DType("int8", np.int8)
int16 = DType("int16", np.int16)
int32 = DType("int32", np.int32)
int64 = DType("int64", np.int64)
uint8 = DType("uint8", np.uint8)
uint16 = DType("uint16", np.uint16)
uint32 = DType("uint32", np.uint32)
uint64 = DType("uint64", np.uint64)
bool = DType("bool", np.bool_)  # noqa: A001 - TF's public name
string = DType("string", np.object_)
complex64 = DType("complex64", np.complex64)
complex128 = DType("complex128", np.complex128)
half, double = float16, float64

ALL = (float16, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
       bool, string, complex64, complex128)
_BY_NAME = {d.name: d for d in ALL}
_BY_NAME.update(half=float16, double=float64)
_BY_NP = {d.numpy_dtype: d for d in ALL}

# TF's spelling of dtypes inside kernel error messages ("a float tensor", "a double tensor").
KERNEL_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


# TF's DataType enum values, which tf.as_dtype also accepts (tf.as_dtype(1) is tf.float32).
_BY_ENUM = {1: float32, 2: float64, 3: int32, 4: uint8, 5: int16, 6: int8, 7: string, 8: complex64,
            9: int64, 10: bool, 17: uint16, 18: complex128, 19: float16, 22: uint32, 23: uint64}
_BY_NAME.update(float=float32)
# Python types TF maps (int, complex, str and bytes are refused, as in TF).
_BY_PYTHON = {float: float32, builtins.bool: bool, object: string}


def _not_a_dtype(value) -> TypeError:
    return TypeError(f"Cannot convert the argument `type_value`: {value!r} to a TensorFlow DType."
                     + hint_line(_("give a dtype such as tk.float32, or its name, 'float32'.")))


def as_dtype(value) -> DType:
    """Turn a DType, a name, a NumPy dtype or type, a Python type or a TF enum value into a DType."""
    if isinstance(value, DType):
        return value
    if value is None or isinstance(value, (str, int, float)):   # a name or an enum value
        table = _BY_NAME if isinstance(value, str) else _BY_ENUM if isinstance(value, int) else {}
        found = table.get(value)
        if found is None:
            raise _not_a_dtype(value)
        return found
    if isinstance(value, type) and value in _BY_PYTHON:
        return _BY_PYTHON[value]
    if isinstance(value, type) and not issubclass(value, np.generic):
        raise _not_a_dtype(value)
    try:
        npd = np.dtype(value)
    except TypeError:
        raise _not_a_dtype(value) from None
    if npd.kind in "SU":
        return string
    try:
        return _BY_NP[npd]
    except KeyError:
        raise _not_a_dtype(value) from None


def from_numpy(npd: np.dtype) -> DType:
    """DType of a NumPy dtype, with bytes/str arrays mapping to ``string``."""
    found = _BY_NP.get(npd)
    if found is not None:
        return found
    if npd.kind in "SU":
        return string
    raise TypeError(f"tapekit has no dtype for NumPy dtype {npd}.")
