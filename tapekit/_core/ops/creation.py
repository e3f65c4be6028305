"""Ops that create tensors: zeros, ones, fill, range, linspace, eye, one_hot.

Arguments are checked as TF checks them, so bad input raises TF's exception type: a shape that is
not a list of non-negative integers, a negative ``depth``, a zero ``delta``, ... (each message keeps
TF's text and adds a hint).
"""

from __future__ import annotations

import numbers
import functools
import os

import numpy as np

from ..._base import dtypes
from ...backend import from_host, ns
from ...errors import InvalidArgumentError, NotFoundError, ResourceExhaustedError, kernel_prefix
from ..._base.i18n import _, hint_line
from ..record.registry import execute, no_gradient
from ..._base.shape import TensorShape
from ..values.context import note_constant
from ..values.tensor import (EagerTensor, Tensor, convert_to_tensor, convert_with_default, host_value, is_tensor,
                             with_hint)
from .args import holds_wide_int, named_conversion
from .math_ops import add, cast, multiply, real_div, subtract, to_tensor, where


# ---------- shapes ----------
def _kernel_name(dtype) -> str:
    return dtypes.KERNEL_NAMES.get(dtype.name, dtype.name)


def _dims_tensor(shape, op_type: str, as_given: bool) -> Tensor:
    """``shape`` as tk.zeros reads it (a TensorShape if it is one, else an int32 tensor), or with
    ``as_given`` as tk.fill does (converted as it is, so [2.5] is a float tensor)."""
    if isinstance(shape, Tensor) or is_tensor(shape):
        return to_tensor(shape)
    if as_given:
        return convert_with_default(shape, dtypes.int64 if holds_wide_int(shape) else dtypes.int32)
    try:
        dims = TensorShape(shape)
        if dims.is_fully_defined():
            return EagerTensor(np.array(dims.as_list(), dtype=np.int64 if any(d >= 2**31 for d in dims)
                                   else np.int32))
    except (TypeError, ValueError, OverflowError):
        pass
    return convert_to_tensor(shape, dtype=dtypes.int32)


def shape_tuple(shape, op_type: str = "Fill", as_given: bool = False) -> tuple:
    """The dimensions of ``shape`` (a list, tuple, int, TensorShape or integer tensor), validated as TF."""
    try:
        dims = _dims_tensor(shape, op_type, as_given)
    except (TypeError, ValueError) as err:
        raise with_hint(err, _("a shape is a list of whole numbers such as [2, 3]; got {shape!r}.").format(
            shape=shape)) from None
    if not dims.dtype.is_integer or dims.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'index_type' of {_kernel_name(dims.dtype)} is not in the list of allowed values: int32, "
            f"int64 [Op:{op_type}] name: "
            + hint_line(_("a shape is a list of integers, such as [2, 3]; convert a float tensor with "
                          "tk.cast(shape, tk.int32).")))
    values = host_value(dims)
    if values.ndim > 1:
        raise InvalidArgumentError(
            f"dims must represent a vector, got shape {_brackets(values.shape)} [Op:{op_type}] name: "
            + hint_line(_("give the shape as a flat list of integers, such as [2, 3].")))
    values = values.reshape(-1)
    for d in values:
        if d < 0:
            raise InvalidArgumentError(
                f"Dimension {int(d)} must be >= 0 [Op:{op_type}] name: "
                + hint_line(_("every dimension of a shape is a count of elements, so 0 or more; got shape "
                              "{values}.").format(values=values.tolist())))
    return tuple(int(d) for d in values)


def _brackets(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


@functools.cache
def _physical_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 2**40


def check_allocation(shape: tuple, dtype, op_type: str) -> None:
    """ResourceExhaustedError (TF's OOM) for a tensor larger than this machine's memory."""
    n = 1
    for d in shape:
        n *= d
    size = 8 if dtype.is_string else dtype.size
    if n * size > _physical_memory():
        raise ResourceExhaustedError(
            None, None,
            f"{kernel_prefix(op_type)}OOM when allocating tensor with shape{_brackets(shape)} and type "
            f"{_kernel_name(dtype)} on "
            f"/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu [Op:{op_type}] name: "
            + hint_line(_("this tensor would need {gib:.1f} GiB; check the shape {shape}.").format(
                        gib=n * size / 2**30, shape=list(shape))))


def _filled(shape: tuple, dtype, value, op_type: str) -> Tensor:
    check_allocation(shape, dtype, op_type)
    if dtype.is_string:
        arr = np.full(shape, value, dtype=object)
    else:
        arr = np.full(shape, value, dtype=dtype.numpy_dtype)
    return note_constant(EagerTensor(from_host(arr), dtype))


def _scalar_of(value, dtype, what: str):
    """``value`` (TF's 0 or 1 for zeros/ones) converted to ``dtype`` as TF converts it, or raise."""
    if dtype.is_string:
        if value == 0:
            return b""
        raise TypeError(f"Cannot convert {value} to EagerTensor of dtype string"
                        + hint_line(_("{what} has no string version; use tk.fill(shape, 'text') for a "
                                      "string tensor.").format(what=what)))
    if dtype.is_bool:
        return bool(value)
    return value


def zeros(shape, dtype=dtypes.float32, name=None) -> Tensor:
    """A tensor of zeros (``b''`` for strings, False for bools) of the given shape."""
    dtype = dtypes.as_dtype(dtype)
    dims = shape_tuple(shape)
    return _filled(dims, dtype, _scalar_of(0, dtype, "tk.zeros"), "Fill")


def ones(shape, dtype=dtypes.float32, name=None) -> Tensor:
    """A tensor of ones (True for bools) of the given shape."""
    dtype = dtypes.as_dtype(dtype)
    value = _scalar_of(1, dtype, "tk.ones")
    return _filled(shape_tuple(shape), dtype, value, "Fill")


def _zeros_like(x):
    if x.dtype == object:
        return np.full(x.shape, b"", dtype=object)
    return ns(x).zeros_like(x)


def _ones_like(x):
    return ns(x).ones_like(x)


def zeros_like(input, dtype=None, name=None) -> Tensor:
    """Zeros with the shape of ``input`` (and its dtype, unless ``dtype`` is given)."""
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    x = to_tensor(input)
    if dtype is not None and dtype is not x.dtype:
        return zeros(tuple(x.value.shape), dtype)
    return execute("ZerosLike", _zeros_like, (x,))


def ones_like(input, dtype=None, name=None) -> Tensor:
    """Ones with the shape of ``input`` (and its dtype, unless ``dtype`` is given)."""
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    x = to_tensor(input)
    if dtype is not None and dtype is not x.dtype:
        return ones(tuple(x.value.shape), dtype)
    if x.dtype.is_string:
        raise InvalidArgumentError(
            "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, int8, "
            "uint8, int16, uint16, int32, uint32, int64, uint64, complex64, complex128, bool [Op:OnesLike] name: "
            + hint_line(_("strings have no 'one'; use tk.fill(tk.shape(x), 'text').")))
    return execute("OnesLike", _ones_like, (x,))


no_gradient("ZerosLike")
no_gradient("OnesLike")


def fill(dims, value, name=None) -> Tensor:
    """A tensor of shape ``dims`` whose every element is the scalar ``value``."""
    v = to_tensor(value)
    shape = shape_tuple(dims, as_given=True)
    if v.ndim != 0:
        raise InvalidArgumentError(
            f"value must represent a scalar, got shape {_brackets(v.value.shape)} [Op:Fill] name: "
            + hint_line(_("tk.fill repeats one value; to repeat a tensor use tk.tile or tk.broadcast_to.")))
    check_allocation(shape, v.dtype, "Fill")
    return execute("Fill", lambda x: _fill(x, shape), (v,))


def _fill(x, shape):
    if x.dtype == object:
        return np.full(shape, x[()], dtype=object)
    xp = ns(x)
    return xp.asarray(xp.broadcast_to(x, shape), copy=True)  # the standard's full takes Python scalars only


# ---------- range ----------
_RANGE_DTYPES = (dtypes.int32, dtypes.int64, dtypes.float16, dtypes.float32, dtypes.float64)


def range(start, limit=None, delta=1, dtype=None, name="range") -> Tensor:  # noqa: A001
    """Like Python's range, as a tensor (``tk.range(5)`` is ``[0 1 2 3 4]``)."""
    if limit is None:
        start, limit = 0, start
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    values = [v if is_tensor(v) else named_conversion(convert_to_tensor, v, label, "tk.range", dtype=dtype)
              for v, label in ((start, "start"), (limit, "limit"), (delta, "delta"))]
    values = [to_tensor(v) for v in values]
    if dtype is None:
        if not all(v.dtype in _RANGE_DTYPES for v in values):
            bad = next(v.dtype.name for v in values if v.dtype not in _RANGE_DTYPES)
            raise AssertionError(hint_line(_("tk.range takes int32, int64 or float values; got {bad}.").format(
                bad=bad)))
        dtype = max((v.dtype for v in values), key=_RANGE_DTYPES.index)
    if dtype.is_bool or dtype.is_string or dtype.is_complex or dtype is dtypes.uint8:
        raise InvalidArgumentError(
            f"Value for attr 'Tidx' of {dtype.name} is not in the list of allowed values: bfloat16, half, float, "
            "double, int8, int16, int32, int64, uint16, uint32, uint64 [Op:Range] name: "
            + hint_line(_("use an int or float dtype.")))
    if dtype not in _RANGE_DTYPES:
        raise NotFoundError(
            None, None, f"Could not find device for node: {{{{node Range}}}} = Range[Tidx=DT_{dtype.name.upper()}]"
                        + hint_line(_("on the CPU, tk.range computes in int32, int64, float16, float32 or "
                                      "float64.")))
    for v, label in zip(values, ("start", "limit", "delta")):
        if v.value.size != 1 or v.ndim > 1:
            raise InvalidArgumentError(
                f"{label} must be a scalar, not shape {_brackets(v.value.shape)} [Op:Range] name: "
                + hint_line(_("tk.range takes single numbers for start, limit and delta.")))
    s, lim, d = (host_value(v).reshape(()).astype(dtype.numpy_dtype)[()] for v in values)
    return _range(s, lim, d, dtype)


def _range(s, lim, d, dtype) -> Tensor:
    def fail(what, hint):
        return InvalidArgumentError(f"{what} [Op:Range] name: " + hint_line(hint))

    if d == 0:
        raise fail(f"Requires delta != 0: {_num(d)}", _("the step of tk.range must not be zero."))
    if not all(np.isfinite(v) for v in (s, lim, d)):
        raise fail(f"Requires finite start, limit and delta: {_num(s)}/{_num(lim)}/{_num(d)}",
                   _("start, limit and delta of tk.range must be finite numbers."))
    if d > 0 and s > lim:
        raise fail(f"Requires start <= limit when delta > 0: {_num(s)}/{_num(lim)}",
                   _("counting up from {start} never reaches {limit}; swap them or give a negative delta.").format(
                       start=_num(s), limit=_num(lim)))
    if d < 0 and s < lim:
        raise fail(f"Requires start >= limit when delta < 0: {_num(s)}/{_num(lim)}",
                   _("counting down from {start} never reaches {limit}; swap them or give a positive delta.").format(
                       start=_num(s), limit=_num(lim)))
    if dtype.is_integer:
        size = (abs(int(lim) - int(s)) + abs(int(d)) - 1) // abs(int(d))
    else:
        size = int(np.ceil(np.abs((lim - s) / d)))
    check_allocation((size,), dtype, "Range")
    with np.errstate(over="ignore"):
        values = s + np.arange(size).astype(dtype.numpy_dtype) * d  # start + i * delta in the dtype, as TF's kernel
    return note_constant(EagerTensor(from_host(values.astype(dtype.numpy_dtype)), dtype))


def _num(x) -> str:
    """A number as TF's kernel messages print it (5, 0.5)."""
    value = x.item() if hasattr(x, "item") else x
    return f"{value:g}" if isinstance(value, float) else str(value)


# ---------- linspace, eye, one_hot ----------
def linspace(start, stop, num, name=None, axis=0) -> Tensor:
    """``num`` evenly spaced values from ``start`` to ``stop`` (both included)."""
    start = to_tensor(start)
    stop = stop if is_tensor(stop) else convert_to_tensor(stop, dtype=start.dtype)
    stop = to_tensor(stop)
    if stop.dtype is not start.dtype:
        raise ValueError(f"stop: Tensor conversion requested dtype {start.dtype.name} for Tensor with dtype "
                         f"{stop.dtype.name}: {stop!r}"
                         + hint_line(_("start and stop need one dtype; cast one.")))
    n = to_tensor(num) if is_tensor(num) else named_conversion(
        convert_with_default, num, "num", "tk.linspace", dtype=dtypes.int64 if holds_wide_int(num) else dtypes.int32)
    if not (n.dtype.is_integer or n.dtype.is_bool):
        raise TypeError(f"Argument `tensor` (name: num) must be of type integer. Received `tensor` = {num} of dtype: "
                        f"{n.dtype}"
                        + hint_line(_("num counts the values; pass an int.")))
    if n.value.size != 1:
        raise InvalidArgumentError(f"num must be a scalar, not shape {_brackets(n.value.shape)} [Op:LinSpace] name: "
                                   + hint_line(_("num is one count.")))
    count = int(host_value(n).reshape(()))
    if count < 0:
        raise InvalidArgumentError(f"Requires start <= limit when delta > 0: 1/{count} [Op:Range] name: "
                                   + hint_line(_("num must be 0 or more.")))
    dtype = start.dtype if start.dtype.is_floating else dtypes.float64  # TF: integer ends give float64
    # refused before computing, as fill and zeros refuse: NumPy computes in float64
    check_allocation((count,) + tuple(start.shape), dtypes.float64, "LinSpace")
    if start.ndim == 0 and stop.ndim == 0:
        return _linspace_of_scalars(cast(start, dtype), cast(stop, dtype), count)
    arr = np.linspace(host_value(start), host_value(stop), count, axis=axis)
    return note_constant(EagerTensor(from_host(arr.astype(dtype.numpy_dtype)), dtype))


def _linspace_of_scalars(start: Tensor, stop: Tensor, count: int) -> Tensor:
    """TF's linspace from recorded ops, so that it is differentiable as in TF: ``start + delta * i`` with
    ``delta = (stop - start) / (count - 1)``, and ``stop`` itself last."""
    steps = EagerTensor(from_host(np.arange(count, dtype=start.dtype.numpy_dtype)), start.dtype)
    delta = real_div(subtract(stop, start), convert_to_tensor(max(count - 1, 1), start.dtype))
    values = add(start, multiply(delta, steps))
    if count < 2:
        return values
    last = EagerTensor(from_host(np.arange(count) == count - 1), dtypes.bool)
    return where(last, stop, values)


def _eye_size(t) -> int:
    """A tensor given as eye's num_rows or num_columns: one number (TF takes a float tensor too)."""
    values = host_value(to_tensor(t)).reshape(-1)
    if values.size != 1 or values.dtype.kind not in "iufb":
        raise TypeError(f"Arguments `num_rows` and `num_columns` must be positive integer values. Received: {t!r}"
                        + hint_line(_("num_rows and num_columns are single whole numbers.")))
    return int(values[0])


def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None) -> Tensor:
    """The identity matrix (``num_rows`` x ``num_columns``), or a batch of them."""
    dtype = dtypes.as_dtype(dtype)
    cols = num_rows if num_columns is None else num_columns
    rows_n, cols_n = (_eye_size(v) if is_tensor(v) else v for v in (num_rows, cols))
    if all(isinstance(v, (bool, np.bool_)) for v in (rows_n, cols_n)):  # TF: its diagonal size is then a bool
        raise TypeError(f"Cannot convert [np.{bool(rows_n) and cols_n}_] to EagerTensor of dtype int32"
                        + hint_line(_("tk.eye takes integer sizes.")))
    if not all(isinstance(v, (numbers.Integral, np.integer)) for v in (rows_n, cols_n)):
        raise TypeError("Arguments `num_rows` and `num_columns` must be positive integer values. Received: num_rows="
                        f"{num_rows}, num_columns={cols}"
                        + hint_line(_("tk.eye(3) is the 3x3 identity; pass integers.")))
    batch = () if batch_shape is None else shape_tuple(batch_shape)
    diag = min(int(rows_n), int(cols_n))
    shape_tuple(list(batch) + [diag])  # TF builds the diagonal with tk.ones: the same checks and errors
    value = _scalar_of(1, dtype, "tk.eye")
    shape = batch + (int(rows_n), int(cols_n))
    check_allocation(shape, dtype, "Fill")
    arr = np.eye(int(rows_n), int(cols_n), dtype=dtype.numpy_dtype) * value
    if batch:
        arr = np.broadcast_to(arr, shape).copy()
    return note_constant(EagerTensor(from_host(arr), dtype))


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None,
            name=None) -> Tensor:
    """One-hot rows: position ``indices`` gets ``on_value`` (1), the rest ``off_value`` (0)."""
    on, off, dtype = _on_off_values(on_value, off_value, dtype)
    idx_t = to_tensor(indices)
    if idx_t.dtype not in (dtypes.uint8, dtypes.int8, dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'TI' of {_kernel_name(idx_t.dtype)} is not in the list of allowed values: uint8, int8, "
            "int32, int64 [Op:OneHot]"
            + hint_line(_("one_hot needs integer indices; convert with tk.cast(indices, tk.int32).")))
    n = _one_hot_depth(depth)
    ax = -1 if axis is None else int(axis)
    if not (ax == -1 or 0 <= ax <= idx_t.ndim):
        raise InvalidArgumentError(f"Expected axis to be -1 or between [0, {idx_t.ndim + 1}).  But received: {ax} "
                                   "[Op:OneHot]"
                                   + hint_line(_("axis says where the new one-hot axis goes.")))
    idx = host_value(idx_t)
    check_allocation(idx.shape + (n,), dtype, "OneHot")
    hot = idx[..., None] == np.arange(n)
    arr = np.where(hot, host_value(on), host_value(off))
    arr = arr.astype(object if dtype.is_string else dtype.numpy_dtype)
    if ax != -1:
        arr = np.moveaxis(arr, -1, ax)
    return note_constant(EagerTensor(from_host(arr), dtype))


def _on_off_values(on_value, off_value, dtype):
    """one_hot's ``(on, off, dtype)``: the dtype given, else on's or off's, else float32."""
    given = None if dtype is None else dtypes.as_dtype(dtype)
    on = None if on_value is None else _as_tensor(on_value, given)
    off = None if off_value is None else _as_tensor(off_value, given)
    for label, t in (("on_value", on), ("off_value", off)):
        if given is not None and t is not None and t.dtype is not given:
            raise TypeError(f"dtype {t.dtype} of {label} does not match dtype parameter {given}"
                            + hint_line(_("give {label} as a {dtype} value, or leave out dtype.").format(
                                        label=label, dtype=given.name)))
    dtype = given or (on.dtype if on is not None else off.dtype if off is not None else dtypes.float32)
    on = on if on is not None else convert_to_tensor(1, dtype)
    off = off if off is not None else convert_to_tensor(0, dtype)
    if on.dtype is not off.dtype:
        raise TypeError(f"dtype {on.dtype} of on_value does not match dtype {off.dtype} of off_value"
                        + hint_line(_("give on_value and off_value one dtype (e.g. 1.0 and 0.0).")))
    return on, off, dtype


def _one_hot_depth(depth) -> int:
    depth_t = named_conversion(convert_to_tensor, depth, "depth", "tk.one_hot", dtype=dtypes.int32)
    if depth_t.ndim != 0:
        raise InvalidArgumentError(f"depth must be a scalar, but got: {_brackets(depth_t.value.shape)} [Op:OneHot]"
                                   + hint_line(_("depth is the number of classes, one integer.")))
    n = int(host_value(depth_t))
    if n < 0:
        raise InvalidArgumentError(f"depth must be non-negative, got: {n} [Op:OneHot]"
                                   + hint_line(_("depth is the number of classes, 0 or more.")))
    return n


def _as_tensor(value, dtype_hint) -> Tensor:
    if is_tensor(value):
        return to_tensor(value)
    return convert_to_tensor(value, dtype_hint=dtype_hint)
