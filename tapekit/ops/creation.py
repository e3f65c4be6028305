"""Ops that create tensors: zeros, ones, fill, range, linspace, eye, one_hot."""

from __future__ import annotations

import numpy as np

from .. import dtypes
from ..backend import astype, from_host, ns, to_host
from ..errors import InvalidArgumentError
from ..registry import execute, gradient, no_gradient
from ..shape import TensorShape
from ..tensor import Tensor
from .math_ops import to_tensor


def _shape_tuple(shape) -> tuple:
    if isinstance(shape, Tensor):
        return tuple(int(d) for d in to_host(shape._value).reshape(-1))
    if isinstance(shape, int):
        return (shape,)
    return tuple(TensorShape(shape).as_list())


def zeros(shape, dtype=dtypes.float32, name=None) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    return Tensor(from_host(np.zeros(_shape_tuple(shape), dtype=dtype._np)), dtype)


def ones(shape, dtype=dtypes.float32, name=None) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    return Tensor(from_host(np.ones(_shape_tuple(shape), dtype=dtype._np)), dtype)


def _zeros_like(x):
    return ns(x).zeros_like(x)


def _ones_like(x):
    return ns(x).ones_like(x)


def zeros_like(input, dtype=None, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    out = execute("ZerosLike", _zeros_like, (x,))
    return out if dtype is None else _retype(out, dtype)


def ones_like(input, dtype=None, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    out = execute("OnesLike", _ones_like, (x,))
    return out if dtype is None else _retype(out, dtype)


def _retype(t: Tensor, dtype) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    return Tensor(astype(t._value, dtype), dtype)


no_gradient("ZerosLike")
no_gradient("OnesLike")


def fill(dims, value, name=None) -> Tensor:
    v = to_tensor(value)
    return execute("Fill", lambda x: _fill(x, _shape_tuple(dims)), (v,))


def _fill(x, shape):
    xp = ns(x)
    return xp.asarray(xp.broadcast_to(x, shape), copy=True)  # the standard's full takes Python scalars only


@gradient("Fill")
def _fill_grad(op, grad):
    from .reduction import reduce_sum

    return reduce_sum(grad)


def range(start, limit=None, delta=1, dtype=None, name="range") -> Tensor:  # noqa: A001
    """Like Python's range, as a tensor (``tk.range(5)`` is ``[0 1 2 3 4]``)."""
    if limit is None:
        start, limit = 0, start
    values = [to_tensor(v) for v in (start, limit, delta)]
    if dtype is None:
        kinds = [v.dtype for v in values]
        dtype = next((d for d in (dtypes.float64, dtypes.float32, dtypes.int64) if d in kinds),
                     dtypes.int32)
    dtype = dtypes.as_dtype(dtype)
    s, lim, d = (to_host(v._value).item() for v in values)
    if d == 0:
        raise InvalidArgumentError(f"Requires delta != 0: {d} [Op:Range] name: \n  Hint: the step of "
                                   "tk.range must not be zero.", op="Range")
    return Tensor(from_host(np.arange(s, lim, d, dtype=dtype._np)), dtype)


def linspace(start, stop, num, name=None, axis=0) -> Tensor:
    start, stop = to_tensor(start), to_tensor(stop)
    dtype = start.dtype if start.dtype.is_floating else dtypes.float64  # TF: integer ends give float64
    arr = np.linspace(to_host(start._value), to_host(stop._value), int(num), axis=axis)
    return Tensor(from_host(arr.astype(dtype._np)), dtype)


def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    arr = np.eye(num_rows, num_columns, dtype=dtype._np)
    if batch_shape is not None:
        arr = np.broadcast_to(arr, tuple(batch_shape) + arr.shape).copy()
    return Tensor(from_host(arr), dtype)


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None,
            name=None) -> Tensor:
    """One-hot rows: position ``indices`` gets ``on_value`` (1), the rest ``off_value`` (0)."""
    idx_t = to_tensor(indices)
    if idx_t.dtype not in (dtypes.uint8, dtypes.int8, dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'TI' of {dtypes.KERNEL_NAMES.get(idx_t.dtype.name, idx_t.dtype.name)} is not in the "
            "list of allowed values: uint8, int8, int32, int64 [Op:OneHot]\n  Hint: one_hot needs integer "
            "indices; convert with tk.cast(indices, tk.int32).", op="OneHot")
    idx = to_host(idx_t._value)
    if dtype is None:
        dtype = to_tensor(on_value).dtype if on_value is not None else dtypes.float32
    dtype = dtypes.as_dtype(dtype)
    on = 1 if on_value is None else to_host(to_tensor(on_value, dtype)._value)
    off = 0 if off_value is None else to_host(to_tensor(off_value, dtype)._value)
    hot = idx[..., None] == np.arange(depth)
    arr = np.where(hot, on, off).astype(dtype._np)
    if axis is not None and axis != -1:
        arr = np.moveaxis(arr, -1, axis)
    return Tensor(from_host(arr), dtype)
