"""Tensor: an immutable array with a dtype, and the conversions that make one."""

from __future__ import annotations

import itertools
import numbers
import warnings

import numpy as np

from ..._base import dtypes
from ...backend import device_of, dtype_of, from_host, is_backend_array, ns, to_host
from .context import active_tapes, note_constant, note_host_read, state
from ..._base.dtypes import DType
from ..._base.i18n import _, hint_line
from ..._base.shape import TensorShape

new_id = itertools.count().__next__
_NP_TO_DT = {d.numpy_dtype: d for d in dtypes.ALL}


class Tensor:
    """An immutable multi-dimensional array, the value every op takes and returns.

    Build one with ``tk.constant`` or ``tk.convert_to_tensor``; ops and operators return new
    tensors. ``_id`` identifies the tensor on gradient tapes (ids grow in creation order).
    """

    __slots__ = ("_value", "_dtype", "_id", "__weakref__", "__dict__")  # own attributes allowed, as TF
    __array_priority__ = 100

    def __init__(self, value, dtype: DType | None = None):
        self._value = value
        self._dtype = dtype if dtype is not None else dtype_of_array(value)
        self._id = new_id()

    # ---------- inspection ----------
    @property
    def id(self) -> int:
        """This tensor's id on gradient tapes (ids grow in creation order)."""
        return self._id

    @property
    def value(self):
        """The backend array holding the value (read-only: tensors are immutable)."""
        return self._value

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
        return device_of(self._value)

    def get_shape(self) -> TensorShape:
        return self.shape

    def set_shape(self, shape) -> None:
        """Check that ``shape`` describes this tensor (an eager tensor's shape is always known)."""
        shape = TensorShape(shape)
        if not shape.is_compatible_with(self.shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied shape {shape}."
                             + hint_line(_("to change the shape, use tk.reshape(t, {shape}).").format(
                                         shape=shape.as_list())))

    def numpy(self):
        """The value as a NumPy array (a NumPy scalar for rank 0), copied to the host."""
        _note_left_tape(self, "numpy")
        value = to_host(self._value)
        return value[()] if value.ndim == 0 else value.copy()

    def __array__(self, dtype=None, copy=None):
        _note_left_tape(self, "__array__")
        value = np.asarray(to_host(self._value))
        return value if dtype is None else value.astype(dtype)

    def __float__(self) -> float:
        _note_left_tape(self, "float")
        return float(self._zero_d("float"))

    def __int__(self) -> int:
        _note_left_tape(self, "int")
        return int(self._zero_d("int"))

    def __index__(self) -> int:
        if not self._dtype.is_integer:
            raise TypeError(f"Only integer scalar tensors can be used as an index, got {self._dtype.name}.")
        return int(self._scalar("__index__"))

    def __bool__(self) -> bool:
        if state.tracers:   # a tk.function being traced (tapes hear of numpy(), float() and int() only)
            note_host_read(self)
        value = to_host(self._value)
        if value.size == 0:
            return False
        if value.size > 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or "
                             "a.all()"
                             + hint_line(_("this tensor has shape {shape}; reduce it with tk.reduce_any / "
                                           "tk.reduce_all first.").format(shape=self.shape)))
        return bool(value)

    def _zero_d(self, what: str):
        """The value of a rank-0 tensor (TypeError for any other rank, as TF/NumPy)."""
        if self._value.ndim != 0:
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars"
                            + hint_line(_("{what}() needs a scalar tensor; this one has shape {shape}. "
                                          "Index one element or reduce it (e.g. tk.reduce_sum) first.").format(
                                        what=what, shape=self.shape)))
        return to_host(self._value)[()]  # float(b"3") is 3.0, as TF's float() of a string tensor

    def _scalar(self, what: str):
        if state.tracers:   # a tk.function being traced (tapes hear of numpy(), float() and int() only)
            note_host_read(self)
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
            "'tapekit.Tensor' object does not support item assignment"
            + hint_line(_("tensors are immutable. Build a new tensor instead (tk.where with a mask, or "
                          "tk.tensor_scatter_nd_update), or use a tk.Variable and its assign methods.")))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # ---------- printing ----------
    def __str__(self) -> str:
        if state.tracers and (name := state.tracers[-1].symbolic_name(self)):
            return f'Tensor("{name}", shape={self.shape}, dtype={self._dtype.name})'
        return f"tk.Tensor({numpy_text(self, is_repr=False)}, shape={self.shape}, dtype={self._dtype.name})"

    def __repr__(self) -> str:
        if state.tracers and (name := state.tracers[-1].symbolic_name(self)):
            return f"<tk.Tensor '{name}' shape={self.shape} dtype={self._dtype.name}>"
        return f"<tk.Tensor: shape={self.shape}, dtype={self._dtype.name}, numpy={numpy_text(self, is_repr=True)}>"

    def __format__(self, spec: str) -> str:
        """Formats the value as NumPy would (``f"{t:.2f}"`` works for scalars)."""
        if state.tracers:   # a tk.function being traced (tapes hear of numpy(), float() and int() only)
            note_host_read(self)
        value = to_host(self._value)
        return format(value[()] if value.ndim == 0 else value, spec)



class EagerTensor(Tensor):
    """The concrete class of every value an op returns: ``type(tk.constant(1.))`` is ``EagerTensor``.

    As in TF, ``tk.Tensor`` is the public base class (``isinstance(t, tk.Tensor)`` is the test to
    write) and ``EagerTensor`` the one class that eager values are; it adds nothing. The core's
    fast paths test ``type(x) is EagerTensor``, a cheaper check than ``isinstance``.
    """

    __slots__ = ()

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


def numpy_text(t, is_repr: bool) -> str:
    value = to_host(t._value)
    if value.ndim == 0:
        text = str(value[()]) if not is_repr else _scalar_repr(value[()])
    else:
        text = repr(value) if is_repr else str(value)
    return "\n" + text if "\n" in text else text


def _scalar_repr(x) -> str:
    """TF shows a scalar's ``numpy=`` as the Python value's repr (float32 1/3 -> 0.3333333432674408)."""
    return repr(x.item() if hasattr(x, "item") else x)


def restored(value, dtype: DType, tensor_id: int) -> Tensor:
    """The tensor a tape recorded, rebuilt from its saved value: same value, dtype and id.

    A tape keeps ids and arrays, not Tensor objects (``tape_entry``); gradient functions get
    tensors again, with the ids the tapes know them by (so a rule's ops record on outer tapes).
    """
    t = EagerTensor.__new__(EagerTensor)
    t._value = value
    t._dtype = dtype
    t._id = tensor_id
    return t


def host_value(t):
    """``t``'s value on the host, read for a decision in Python (an axis, a shape, a check of the
    values): a ``tk.function`` being traced hears of it (``context.note_host_read``)."""
    if state.tracers:
        note_host_read(t)
    return to_host(t._value)


def _note_left_tape(t, how: str) -> None:
    """Tell recording tapes (and a ``tk.function`` being traced) that a value was taken out as a host value."""
    for tape in active_tapes():
        tape.value_left(t, how)
    if state.tracers:
        note_host_read(t)


# ---------- conversion ----------
def dtype_of_array(value) -> DType:
    dt = value.dtype
    if isinstance(dt, np.dtype):  # NumPy and CuPy arrays; other libraries ask the backend
        found = _NP_TO_DT.get(dt)
        if found is not None:
            return found
    return dtype_of(value)


_INT64_MIN, _INT64_MAX = -2**63, 2**63 - 1
# |x| below these converts to the float dtype without overflow (half the largest finite value)
_FINITE_BELOW = {"float16": 32752.0, "float32": 1.7e38, "float64": 8.9e307, "complex64": 1.7e38,
                 "complex128": 8.9e307}


def is_variable(x) -> bool:
    """Whether ``x`` is a variable: a ``tk.Variable``, or a Keras variable wrapping one (they read)."""
    return hasattr(x, "_read")


def _is_tensor_like(x) -> bool:
    return isinstance(x, Tensor) or is_variable(x)


def _kind(leaf) -> str:
    """The conversion category of one Python/NumPy leaf: bool, int, float, complex or string."""
    if isinstance(leaf, (bool, np.bool_)):
        return "bool"
    if isinstance(leaf, (numbers.Integral, np.integer)):
        return "int"
    if isinstance(leaf, (float, np.floating)):  # not Fraction or Decimal, as TF
        return "float"
    if isinstance(leaf, (complex, np.complexfloating)):
        return "complex"
    if isinstance(leaf, (str, bytes, np.str_, np.bytes_)):
        return "string"
    if leaf is None:
        return "none"
    raise ValueError(f"Attempt to convert a value ({leaf!r}) with an unsupported type ({type(leaf)}) to a Tensor.")


def _leaves(value):
    """Leaves of a nested list in order; NumPy arrays inside count by their elements."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, np.ndarray):
        yield from _leaves(value.tolist())
    else:
        yield value


def _first_leaf(value):
    """What TF reads the element type from: the first element of the first element of ..."""
    while isinstance(value, (list, tuple)) and len(value):
        value = value[0]
    return value


def _reject_tensors(value) -> None:
    """``tk.constant`` of a list holding tensors raises as TF's (TF's text, then a hint)."""
    hint = (hint_line(_("tk.constant takes Python numbers, lists and NumPy arrays, not tensors inside a "
                        "list; use tk.stack([...]) or tk.convert_to_tensor([...]) to build a tensor from "
                        "tensors (gradients then flow through).")))
    first = _first_leaf(value)
    if isinstance(first, Tensor):
        raise ValueError("TypeError: Scalar tensor has no `len()`" + hint)
    if _is_tensor_like(first):
        raise ValueError(f"TypeError: object of type {type(first).__name__!r} has no len()" + hint)
    if any(_is_tensor_like(leaf) for leaf in _nested_items(value)):
        raise ValueError("Can't convert Python sequence with mixed types to Tensor." + hint)


def _nested_items(value):
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _nested_items(item)
    else:
        yield value


_PLAIN = (float, int, bool, str, bytes)


def holds_tensor(value) -> bool:
    """Whether a (nested) list or tuple has a tensor or variable among its items."""
    for item in value:
        kind = type(item)
        if kind in _PLAIN:
            continue
        if kind is list or kind is tuple:
            if holds_tensor(item):
                return True
        elif isinstance(item, Tensor) or is_variable(item):
            return True
    return False


_ACCEPTS = {  # what each inferred kind (set by the first element, as TF) lets later elements be
    "bool": {"bool"}, "int": {"bool", "int", "float"}, "float": {"bool", "int", "float"},
    "complex": {"bool", "int", "float", "complex"}, "string": {"string"},
}


def _kind_of_leaves(value) -> tuple:
    """The kind of all the leaves together (the first one's, widened from int to float), and the ints."""
    state, ints = None, []
    for leaf in _leaves(value):
        kind = _kind(leaf)
        if state is None:
            state = kind
        elif kind not in _ACCEPTS.get(state, ()):
            raise ValueError(_MIXED)
        elif state == "int" and kind == "float":
            state = "float"
        if kind == "int":
            ints.append(int(leaf))
    return state, ints


def _infer(value) -> DType:
    """TF's dtype for a Python value: floats->float32, ints->int32 (int64 if too big), ...

    The first element decides, as in TF: ``[np.float64(1), 2.]`` is float64, ``[1., np.float64(2)]``
    float32, and a NumPy array first in the list gives its own dtype.
    """
    first = _first_leaf(value)
    fixed = None
    if isinstance(first, np.ndarray) or isinstance(first, (np.floating, np.complexfloating)):
        fixed = dtypes.from_numpy(np.asarray(first).dtype)
    state, ints = _kind_of_leaves(value)
    if state == "none":
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
    if state is None:
        return fixed if fixed is not None else dtypes.float32
    if fixed is not None and _KIND_DTYPE[state].is_floating == fixed.is_floating and \
            _KIND_DTYPE[state].is_complex == fixed.is_complex and not fixed.is_string:
        return fixed
    if state in ("bool", "string", "complex"):
        return {"bool": dtypes.bool, "string": dtypes.string, "complex": dtypes.complex128}[state]
    if state == "float":
        return dtypes.float32
    if any(not _INT64_MIN <= v <= _INT64_MAX for v in ints):
        raise ValueError(_OUT_OF_RANGE)
    return dtypes.int32 if all(-2**31 <= v < 2**31 for v in ints) else dtypes.int64


_KIND_DTYPE = {"bool": dtypes.bool, "int": dtypes.int64, "float": dtypes.float64,
               "complex": dtypes.complex128, "string": dtypes.string}


def _infer_loose(value) -> DType:
    """The widest kind among the elements (no mixing or range checks: an explicit dtype decides)."""
    kinds = {_kind(leaf) for leaf in _leaves(value)}
    for kind in ("string", "complex", "float", "int", "bool"):
        if kind in kinds:
            return _KIND_DTYPE[kind]
    return dtypes.float32


_MIXED = "Can't convert Python sequence with mixed types to Tensor."
_OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."


def _check_explicit(value, target: DType) -> None:
    """With an explicit dtype, every element must convert to it, with TF's errors otherwise.

    The elements still may not mix kinds the first one rules out (``[1., 'a']``, ``[1.5, 1j]``:
    ValueError), except bools before ints for a numeric dtype (``[True, 1]`` as int32 is fine).
    """
    leaves = list(_leaves(value))
    kinds = [_kind(leaf) for leaf in leaves]
    if "none" in kinds:
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                         "to a Tensor.")
    numeric = target.is_integer or target.is_floating or target.is_complex
    state = None
    for kind in kinds:
        if state is None:
            state = kind
        elif kind not in _ACCEPTS.get(state, ()):
            if state == "bool" and kind == "int" and numeric:
                state = "int"
                continue
            raise ValueError(_MIXED)
        elif state == "int" and kind == "float":
            state = "float"
    if not (target.is_floating or target.is_complex) and any(
            kind == "int" and not _INT64_MIN <= int(leaf) <= _INT64_MAX for kind, leaf in zip(kinds, leaves)):
        raise ValueError(_OUT_OF_RANGE)
    if any(not _fits(_KIND_DTYPE[kind], target) for kind in set(kinds)):
        raise _cannot(value, target)


def _to_string_array(value) -> np.ndarray:
    if isinstance(value, np.ndarray):
        value = value.tolist()
    arr = np.array(_unwrap_leaves(value), dtype=object)
    flat = arr.reshape(-1)
    for i, item in enumerate(flat):
        if isinstance(item, str):
            flat[i] = item.encode("utf-8")
        elif not isinstance(item, bytes):
            raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                             f"{type(item).__name__})."
                             + hint_line(_("a string tensor holds str or bytes only.")))
    return arr


def _cannot(value, target: DType) -> TypeError:
    name = dtypes.KERNEL_NAMES.get(target.name, target.name) if target.is_floating else target.name
    example = {"bool": "True", "string": "'text'"}.get(target.name, "2.0" if target.is_floating else "2")
    return TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {name}"
                     + hint_line(_("a {target} tensor holds values such as {example}; pass such values, or "
                                   "convert an existing tensor with tk.cast(x, tk.{target}).").format(
                                 target=target.name, example=example)))


def with_hint(err: Exception, hint: str) -> Exception:
    """The same kind of TypeError/ValueError with TF's text and ``hint`` (translated; it replaces a generic one)."""
    return type(err)(str(err).split(hint_line(""))[0] + hint_line(hint))


def _fits(inferred: DType, target: DType) -> bool:
    """Whether TF converts values inferred as ``inferred`` to an explicit ``target`` dtype."""
    if target.is_string or inferred.is_string:
        return target.is_string and inferred.is_string
    if target.is_bool:
        return inferred.is_bool
    if target.is_integer:
        return inferred.is_integer or inferred.is_bool
    if target.is_floating:
        return not inferred.is_complex
    return True


def _python_to_array(value, dtype: DType | None) -> np.ndarray:
    """Convert a Python number or nested list (holding no tensors) to ``dtype`` (inferred when None);
    raise as TF does."""
    if isinstance(value, (list, tuple)):
        _check_rectangular(value)
    if dtype is not None:
        _check_explicit(value, dtype)
        inferred = _infer_loose(value)
        target = dtype
    else:
        inferred = target = _infer(value)
    if target.is_string:
        return _to_string_array(value)
    plain = _unwrap_leaves(value)
    try:
        if target.is_integer and inferred.is_integer:  # explicit int dtypes wrap around, as TF
            return np.array(plain, dtype=np.int64).astype(target.numpy_dtype)
        with np.errstate(over="ignore"):
            return np.array(plain, dtype=target.numpy_dtype)
    except (OverflowError, ValueError, TypeError):
        raise _cannot(value, target) from None


def _check_rectangular(value) -> None:
    def shape_of(v):
        if isinstance(v, (list, tuple)):
            inner = [shape_of(x) for x in v]
            if any(s != inner[0] for s in inner[1:]):
                raise ValueError("Can't convert non-rectangular Python sequence to Tensor.")
            return (len(v),) + (inner[0] if inner else ())
        if isinstance(v, np.ndarray):
            return tuple(np.shape(v))
        return ()

    shape_of(value)


def _unwrap_leaves(value):
    if isinstance(value, (list, tuple)):
        return [_unwrap_leaves(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


# A list holding tensors packs into one tensor with a recorded Pack op (differentiable), as TF's
# autopacking; the packer lives with the array ops (``ops/array_ops.py`` registers it on import).
_list_packer = None


def set_list_packer(packer) -> None:
    """Register ``packer(value, dtype, name)``, which turns a list holding tensors into a tensor."""
    global _list_packer
    _list_packer = packer


def _pack(value, dtype, hint, name):
    if dtype is None and hint is not None:
        try:
            return _list_packer(value, hint, name)
        except (TypeError, ValueError):  # a soft preference: fall back to the inferred dtype, as TF
            pass
    return _list_packer(value, dtype, name)


def _numpy_castable(arr: np.ndarray, dtype: DType) -> bool:
    """Whether TF casts a NumPy value to a preferred ``dtype`` (numbers to numbers)."""
    return arr.dtype.kind in "biufcmM" and not dtype.is_string


def convert_with_default(value, dtype: DType) -> Tensor:
    """``value`` as TF's op wrappers convert an argument whose dtype has a default (a shape for
    ``tf.fill``, an axis): a Python float raises TypeError, lists and strings prefer ``dtype`` but
    keep their own dtype when they cannot take it (the op then reports it), NumPy values are cast."""
    if isinstance(value, Tensor) or is_variable(value):
        return convert_to_tensor(value)
    if isinstance(value, float):
        return convert_to_tensor(value, dtype=dtype)
    if isinstance(value, (str, bytes)) or isinstance(value, (list, tuple)) and any(
            isinstance(x, (str, bytes)) for x in _leaves(value)):
        return EagerTensor(_to_string_array(value), dtypes.string)  # on the host: only its dtype is reported
    return convert_to_tensor(value, dtype_hint=dtype)


def _unsupported_numpy(arr: np.ndarray) -> ValueError:
    names = {"M": "NPY_DATETIME", "m": "NPY_TIMEDELTA", "V": "NPY_VOID", "g": "NPY_LONGDOUBLE",
             "G": "NPY_CLONGDOUBLE"}
    kind = "g" if arr.dtype == np.longdouble and arr.dtype.itemsize > 8 else \
        "G" if arr.dtype == np.clongdouble and arr.dtype.itemsize > 16 else arr.dtype.kind
    return ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported numpy type: "
                      f"{names.get(kind, arr.dtype.name)})."
                      + hint_line(_("convert the array to a numeric dtype first, e.g. "
                                    "arr.astype('float32').")))


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None) -> Tensor:
    """Turn a tensor, variable, NumPy array, Python number or nested list into a Tensor.

    A list holding tensors is packed into one tensor (a ``Pack`` op that gradients flow through),
    as in TF: ``tk.convert_to_tensor([x, 2.0 * x])``.
    """
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    hint = dtypes.as_dtype(dtype_hint) if dtype_hint is not None else None
    return _convert(value, dtype, hint, name, pack=True)


def _plain_scalar(value, dtype, hint):
    """The common case fast: a Python float or int to a float dtype, or an int to an int dtype."""
    target = dtype if dtype is not None else hint
    if type(value) is float:
        if target is None:
            return np.array(value, np.float32)
        if target.is_floating or target.is_complex:
            if -_FINITE_BELOW.get(target.name, 0.0) < value < _FINITE_BELOW.get(target.name, 0.0):
                return np.array(value, target.numpy_dtype)   # cannot overflow: no errstate (a µs)
            with np.errstate(over="ignore"):
                return np.array(value, target.numpy_dtype)
    elif type(value) is int and _INT64_MIN <= value <= _INT64_MAX:
        if target is None:
            return np.array(value, np.int32 if -2**31 <= value < 2**31 else np.int64)
        if target.is_integer:
            return np.array(value, np.int64).astype(target.numpy_dtype)  # explicit int dtypes wrap, as TF
        if target.is_floating or target.is_complex:
            return np.array(value, target.numpy_dtype)
    return None


def _convert(value, dtype, hint, name, pack: bool) -> Tensor:
    if type(value) in (float, int):
        arr = _plain_scalar(value, dtype, hint)
        if arr is not None:
            return note_constant(EagerTensor(from_host(arr)))
    tensor = _tensor_of(value, dtype, name)
    if tensor is not None:
        return tensor
    if isinstance(value, TensorShape):
        value, dtype = _shape_dims(value, dtype, hint, name)
    if isinstance(value, (np.ndarray, np.generic)):
        arr = _numpy_to_array(value, dtype, hint)
    elif is_backend_array(value):
        same = dtype is None or dtype_of_array(value) is dtype
        return note_constant(EagerTensor(value if same else value.astype(dtype.numpy_dtype)))
    elif pack and isinstance(value, (list, tuple)) and _list_packer is not None and holds_tensor(value):
        return _pack(value, dtype, hint, name if isinstance(name, str) and name else "packed")
    elif isinstance(value, (list, tuple, numbers.Number, str, bytes, range, memoryview, bytearray)):
        arr = _python_value_to_array(value, dtype, hint)
    else:   # None among them
        raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type ({type(value)}) "
                         "to a Tensor.")
    return note_constant(EagerTensor(from_host(arr)))


def _tensor_of(value, dtype, name):
    """A Tensor, a Variable's value or a ``__tf_tensor__`` value (TF's protocol: tk.IndexedSlices),
    checked against ``dtype``; None for any other value."""
    if isinstance(value, Tensor):
        if dtype is not None and value._dtype is not dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                f"{value._dtype.name}: {value!r}")
        return value
    read = getattr(value, "_read", None)
    if read is not None:
        if dtype is not None and value.dtype is not dtype:
            raise ValueError(
                f"Incompatible type conversion requested to type {dtype.name} for `tk.Variable of type "
                f"{value.dtype.name}. (Variable: {value!r})"
                + hint_line(_("cast it first: tk.cast(v, tk.{dtype}).").format(dtype=dtype.name)))
        return read()
    as_tensor = getattr(type(value), "__tf_tensor__", None)
    return None if as_tensor is None else as_tensor(value, dtype, name)


def _shape_dims(value: TensorShape, dtype, hint, name) -> tuple:
    """A fully known TensorShape's dims, and their dtype (int32, or int64 when one needs it)."""
    if not value.is_fully_defined():
        prefix = f"{name}: " if isinstance(name, str) and name else ""
        raise ValueError(f"{prefix}Cannot convert a partially known TensorShape {value} to a Tensor.")
    dims = value.as_list()
    wide = any(d >= 2**31 for d in dims)
    if dtype is None:
        dtype = hint if hint in (dtypes.int32, dtypes.int64) and not wide else \
            dtypes.int64 if wide else dtypes.int32
    if dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Cannot convert TensorShape {value} to dtype {dtype}. Allowed dtypes are tk.int32 "
                        "and tk.int64.")
    return dims, dtype


def _numpy_to_array(value, dtype, hint) -> np.ndarray:
    """A NumPy array or scalar as the tensor's host array: cast to ``dtype`` (or a castable ``hint``)."""
    arr = np.asarray(value)
    if dtype is None and hint is not None and _numpy_castable(arr, hint):
        dtype = hint  # NumPy values take a preferred numeric dtype by casting, as TF
    if dtype is not None and dtype.is_string and arr.dtype.kind not in "SUO":
        raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                         f"{type(arr.reshape(-1)[0].item()).__name__ if arr.size else 'int'})."
                         + hint_line(_("a string tensor holds str or bytes; convert the numbers first, "
                                       "e.g. arr.astype(str).")))
    if arr.dtype.kind in "SU" or arr.dtype == object:
        return _numpy_strings(arr, dtype)
    if arr.dtype not in _NP_TO_DT and dtype is None:
        raise _unsupported_numpy(arr)
    if dtype is not None and arr.dtype != dtype.numpy_dtype:
        with np.errstate(invalid="ignore", over="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            return arr.astype(dtype.numpy_dtype)  # NumPy arrays are cast (floats truncate), as TF
    if isinstance(value, np.ndarray):
        return arr.copy()  # the tensor must not change when the caller's array does
    return arr


def _numpy_strings(arr: np.ndarray, dtype) -> np.ndarray:
    """A NumPy array of str, bytes or objects as a string tensor's array (refused for other dtypes)."""
    if dtype is not None and not dtype.is_string:
        odd = next((x for x in arr.reshape(-1) if not isinstance(x, (str, bytes))), None)
        if odd is not None:
            raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                             f"{type(odd).__name__})."
                             + hint_line(_("convert the array to a numeric dtype first.")))
        raise ValueError(f"could not convert string to float: {arr.reshape(-1)[0]!r}")
    return _to_string_array(arr)


def _python_value_to_array(value, dtype, hint) -> np.ndarray:
    """A Python number, string or nested list as an array of ``dtype`` (or ``hint``, or inferred)."""
    if isinstance(value, (range, memoryview, bytearray)):
        value = list(value)  # sequences of ints, as TF reads them
    if dtype is None and hint is not None:
        try:  # a preferred dtype is tried first, as an explicit one; failing that, inferred (as TF)
            return _python_to_array(value, hint)
        except (TypeError, ValueError):
            pass
    return _python_to_array(value, dtype)


def constant(value, dtype=None, shape=None, name="Const") -> Tensor:
    """A tensor from a Python value or array, like ``tf.constant``.

    ``shape`` reshapes the value, or fills it when the value is a scalar.
    """
    if isinstance(value, Tensor) and dtype is not None and dtypes.as_dtype(dtype) is not value.dtype:
        raise TypeError(f"Expected tensor {value.numpy()} with dtype {dtypes.as_dtype(dtype)!r}, "
                        f"but got dtype {value.dtype!r}.")
    if isinstance(value, (list, tuple)) and holds_tensor(value):
        _reject_tensors(value)  # tk.convert_to_tensor packs tensors in a list; tf.constant does not
    if isinstance(value, TensorShape):  # a sequence of ints to tf.constant, any dtype
        if not value.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {value} to a Tensor.")
        value = value.as_list()
    if is_variable(value) and dtype is not None:
        value = value.numpy()  # a variable's value is cast like a NumPy array, as TF
    t = _convert(value, None if dtype is None else dtypes.as_dtype(dtype), None, name, pack=False)
    if isinstance(value, Tensor) or is_variable(value):
        t = EagerTensor(t._value, t._dtype)
        return t if shape is None else _filled_to_shape(t, shape, value)
    return t if shape is None else note_constant(_filled_to_shape(t, shape, value))


def _filled_to_shape(t: Tensor, shape, value) -> Tensor:
    """tk.constant's ``shape``: ``t`` reshaped to it, or a scalar ``t`` repeated to fill it."""
    shape = TensorShape(shape)
    if not shape.is_fully_defined():
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                         "Tensor."
                         + hint_line(_("tk.constant needs every dimension of shape; got {shape}.").format(shape=shape)))
    shape = tuple(shape.as_list())
    arr = t._value
    n = int(np.prod(shape))
    if arr.size == 1:
        arr = np.full(shape, arr.reshape(())[()], dtype=arr.dtype) if isinstance(arr, np.ndarray) \
            else _reshape(arr, ()) + arr.__array_namespace__().zeros(shape, dtype=arr.dtype)
    elif arr.size == n:
        arr = _reshape(arr, shape)
    else:
        raise TypeError(f"Eager execution of tk.constant with unsupported shape. Tensor {t.numpy()} "
                        f"(converted from {value!r}) has {arr.size} elements, but got `shape` "
                        f"{shape} with {n} elements).")
    return EagerTensor(arr, t._dtype)


def _reshape(arr, shape):
    return ns(arr).reshape(arr, shape)


def is_tensor(x) -> bool:
    return isinstance(x, Tensor) or is_variable(x) or hasattr(type(x), "__tf_tensor__")
