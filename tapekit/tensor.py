"""Tensor: an immutable array with a dtype, and the conversions that make one."""

from __future__ import annotations

import itertools
import numbers

import numpy as np

from . import dtypes
from .dtypes import DType
from .shape import TensorShape

new_id = itertools.count().__next__
_NP_TO_DT = {d._np: d for d in dtypes.ALL}


class Tensor:
    """An immutable multi-dimensional array, the value every op takes and returns.

    Build one with ``tk.constant`` or ``tk.convert_to_tensor``; ops and operators return new
    tensors. ``_id`` identifies the tensor on gradient tapes (ids grow in creation order).
    """

    __slots__ = ("_value", "_dtype", "_id", "__weakref__")
    __array_priority__ = 100

    def __init__(self, value, dtype: DType | None = None):
        self._value = value
        self._dtype = dtype if dtype is not None else dtype_of_array(value)
        self._id = new_id()

    # ---------- inspection ----------
    @property
    def dtype(self) -> DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._value.shape)

    @property
    def ndim(self) -> int:
        return self._value.ndim

    @property
    def device(self) -> str:
        from .backend import device_of

        return device_of(self._value)

    def get_shape(self) -> TensorShape:
        return self.shape

    def numpy(self):
        """The value as a NumPy array (a NumPy scalar for rank 0), copied to the host."""
        from .backend import to_host

        _note_left_tape(self, "numpy")
        value = to_host(self._value)
        return value[()] if value.ndim == 0 else value.copy()

    def __array__(self, dtype=None, copy=None):
        from .backend import to_host

        _note_left_tape(self, "__array__")
        value = np.asarray(to_host(self._value))
        return value if dtype is None else value.astype(dtype)

    def __float__(self) -> float:
        _note_left_tape(self, "float")
        return float(self._scalar("float"))

    def __int__(self) -> int:
        _note_left_tape(self, "int")
        return int(self._scalar("int"))

    def __index__(self) -> int:
        if not self._dtype.is_integer:
            raise TypeError(f"Only integer scalar tensors can be used as an index, got {self._dtype.name}.")
        return int(self._scalar("__index__"))

    def __bool__(self) -> bool:
        return bool(self._scalar("bool"))

    def _scalar(self, what: str):
        from .backend import to_host

        value = to_host(self._value)
        if value.size != 1:
            raise ValueError(
                f"Only a tensor with one element can be converted with {what}(); this one has "
                f"shape {self.shape}. Reduce it first (e.g. tk.reduce_sum) or index one element.")
        return value.reshape(())[()]

    def __len__(self) -> int:
        if self._value.ndim == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __iter__(self):
        if self._value.ndim == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(self._value.shape[0]))

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def ref(self):
        return _Ref(self)

    def __setitem__(self, key, value):
        raise TypeError(
            "'Tensor' object does not support item assignment: tensors are immutable. Build a "
            "new tensor instead (tk.where with a mask, or tk.tensor_scatter_nd_update), or use a "
            "tk.Variable and its assign methods.")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # ---------- printing ----------
    def __str__(self) -> str:
        return f"tk.Tensor({_numpy_text(self, is_repr=False)}, shape={self.shape}, dtype={self._dtype.name})"

    def __repr__(self) -> str:
        return f"<tk.Tensor: shape={self.shape}, dtype={self._dtype.name}, numpy={_numpy_text(self, is_repr=True)}>"

    def __format__(self, spec: str) -> str:
        if spec and self._value.ndim == 0:
            return format(self._scalar("format"), spec)
        return str(self) if not spec else format(str(self), spec)


class _Ref:
    """A hashable reference to a tensor or variable (``tensor.ref()``)."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __hash__(self):
        return id(self._obj)

    def __eq__(self, other):
        return isinstance(other, _Ref) and other._obj is self._obj


def _numpy_text(t, is_repr: bool) -> str:
    from .backend import to_host

    value = to_host(t._value)
    if value.ndim == 0:
        text = str(value[()]) if not is_repr else _scalar_repr(value[()])
    else:
        text = repr(value) if is_repr else str(value)
    return "\n" + text if "\n" in text else text


def _scalar_repr(x) -> str:
    if isinstance(x, bytes):
        return repr(x)
    return str(x)


def _note_left_tape(t, how: str) -> None:
    """Tell recording tapes that a tracked value was taken out as a host value."""
    from .tape import active_tapes

    for tape in active_tapes():
        tape._note_left(t, how)


# ---------- conversion ----------
def dtype_of_array(value) -> DType:
    found = _NP_TO_DT.get(value.dtype)
    if found is not None:
        return found
    from .backend import dtype_of

    return dtype_of(value)


def _infer_dtype(value) -> DType:
    """TF's inference for Python values: floats→float32, ints→int32 (int64 if too big)."""
    if isinstance(value, bool | np.bool_):
        return dtypes.bool
    if isinstance(value, numbers.Integral):
        return dtypes.int32 if -2**31 <= value < 2**31 else dtypes.int64
    if isinstance(value, numbers.Real):
        return dtypes.float32
    if isinstance(value, numbers.Complex):
        return dtypes.complex128
    if isinstance(value, (str, bytes)):
        return dtypes.string
    raise TypeError(f"Cannot convert {value!r} (type {type(value).__name__}) to a tensor.")


def _leaves(value):
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        else:
            yield item


def _infer_nested(value) -> DType:
    kinds = set()
    for leaf in _leaves(value):
        if isinstance(leaf, (Tensor,)) or hasattr(leaf, "_read"):
            kinds.add(leaf.dtype)
        elif isinstance(leaf, np.ndarray | np.generic):
            kinds.add(dtypes.from_numpy(leaf.dtype))
        else:
            kinds.add(_infer_dtype(leaf))
    if not kinds:
        return dtypes.float32
    order = [dtypes.string, dtypes.complex128, dtypes.float32, dtypes.int64, dtypes.int32, dtypes.bool]
    for d in order:
        if d in kinds:
            if d is dtypes.int32 and dtypes.int64 in kinds:
                return dtypes.int64
            return d
    return kinds.pop()


def _to_string_array(value) -> np.ndarray:
    arr = np.array(value, dtype=object)
    flat = arr.reshape(-1)
    for i, item in enumerate(flat):
        if isinstance(item, str):
            flat[i] = item.encode("utf-8")
        elif not isinstance(item, bytes):
            raise TypeError(f"Failed to convert elements of {value!r} to a string tensor.")
    return arr


def _python_to_array(value, dtype: DType | None, *, strict_hint: bool) -> np.ndarray:
    """Convert a Python number or nested list; raise TypeError like TF when the hint cannot hold it."""
    inferred = _infer_nested(value) if isinstance(value, (list, tuple)) else _infer_dtype(value)
    target = dtype or inferred
    if target.is_string or inferred.is_string:
        if not (target.is_string and inferred.is_string):
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {target.name}")
        return _to_string_array(value)
    if (inferred.is_floating or inferred.is_complex) and (target.is_integer or target.is_bool) or (
            inferred.is_complex and target.is_floating):
        if strict_hint:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {target.name}")
        target = inferred
    try:
        arr = np.array(_unwrap_leaves(value), dtype=target._np)
    except ValueError as err:
        if "inhomogeneous" in str(err) or "sequence" in str(err):
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {target.name}") from None
    except OverflowError:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {target.name}") from None
    if arr.dtype == object and not target.is_string:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {target.name}")
    return arr


def _unwrap_leaves(value):
    if isinstance(value, (list, tuple)):
        return [_unwrap_leaves(v) for v in value]
    if isinstance(value, Tensor):
        return value.numpy()
    if hasattr(value, "_read"):
        return value.numpy()
    return value


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None) -> Tensor:
    """Turn a tensor, variable, NumPy array, Python number or nested list into a Tensor."""
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    if isinstance(value, Tensor):
        if dtype is not None and value._dtype is not dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                f"{value._dtype.name}: {value!r}")
        return value
    read = getattr(value, "_read", None)
    if read is not None:
        t = read()
        if dtype is not None and t._dtype is not dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                f"{t._dtype.name}: {t!r}")
        return t
    if value is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    from .backend import is_backend_array, from_host

    if is_backend_array(value):
        arr = value
        if dtype is not None and dtype_of_array(arr) is not dtype:
            arr = arr.astype(dtype._np)
        return Tensor(arr)
    if isinstance(value, (np.ndarray, np.generic)):
        arr = np.asarray(value)
        if arr.dtype.kind in "SU":
            arr = _to_string_array(arr.tolist())
        elif dtype is not None and arr.dtype != dtype._np:
            if arr.dtype.kind in "fc" and dtype._np.kind in "iub" and not np.all(np.mod(arr, 1) == 0):
                raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
            arr = arr.astype(dtype._np)
    else:
        hint = dtype if dtype is not None else (dtypes.as_dtype(dtype_hint) if dtype_hint else None)
        arr = _python_to_array(value, hint, strict_hint=dtype is not None or not isinstance(value, (list, tuple)))
    return Tensor(from_host(arr))


def constant(value, dtype=None, shape=None, name="Const") -> Tensor:
    """A tensor from a Python value or array, like ``tf.constant``.

    ``shape`` reshapes the value, or fills it when the value is a scalar.
    """
    if isinstance(value, Tensor) and dtype is not None and dtypes.as_dtype(dtype) is not value.dtype:
        raise TypeError(f"Expected tensor {value.numpy()} with dtype {dtypes.as_dtype(dtype)!r}, "
                        f"but got dtype {value.dtype!r}.")
    t = convert_to_tensor(value, dtype=dtype)
    if isinstance(value, Tensor) or hasattr(value, "_read"):
        t = Tensor(t._value, t._dtype)
    if shape is None:
        return t
    shape = tuple(TensorShape(shape).as_list())
    arr = t._value
    n = int(np.prod(shape))
    if arr.size == 1:
        arr = np.full(shape, arr.reshape(())[()], dtype=arr.dtype) if isinstance(arr, np.ndarray) \
            else arr.reshape(()) + arr.__array_namespace__().zeros(shape, dtype=arr.dtype)
    elif arr.size == n:
        arr = arr.reshape(shape)
    else:
        raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {t} "
                        f"(converted from {value!r}) has {arr.size} elements, but got `shape` "
                        f"{shape} with {n} elements).")
    return Tensor(arr, t._dtype)


def is_tensor(x) -> bool:
    return isinstance(x, Tensor) or hasattr(x, "_read")
