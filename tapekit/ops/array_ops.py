"""Shape and indexing ops: reshape, transpose, stack, slicing, ... and their gradients."""

from __future__ import annotations

import numpy as np

from .. import dtypes
from ..backend import from_host, ns
from ..errors import InvalidArgumentError
from ..registry import execute, gradient
from ..tensor import Tensor
from .math_ops import to_tensor


def _int_list(value) -> list:
    if isinstance(value, Tensor):
        return [int(v) for v in np.asarray(value._value).reshape(-1)]
    if isinstance(value, (int, np.integer)):
        return [int(value)]
    return [int(v) for v in value]


def _reshape(x, shape):
    return ns(x).reshape(x, shape)


def reshape(tensor, shape, name=None) -> Tensor:
    x = to_tensor(tensor)
    shape = tuple(_int_list(shape))
    size = x._value.size
    known = 1
    for d in shape:
        if d != -1:
            known *= d
    if shape.count(-1) > 1 or (-1 not in shape and known != size) or (
            -1 in shape and (known == 0 or size % known)):
        raise InvalidArgumentError(
            f"Input to reshape is a tensor with {size} values, but the requested shape has "
            f"{known if -1 not in shape else 'a multiple of ' + str(known)} [Op:Reshape]\n  Hint: "
            f"the new shape {list(shape)} must hold exactly {size} elements (tensor shape "
            f"{list(x._value.shape)}); use -1 for one axis to infer it.", op="Reshape")
    return execute("Reshape", _reshape, (x,), {"shape": shape})


@gradient("Reshape")
def _reshape_grad(op, grad):
    return reshape(grad, tuple(op.inputs[0].shape))


def _broadcast_to(x, shape):
    return ns(x).broadcast_to(x, shape)


def broadcast_to(input, shape, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    shape = tuple(_int_list(shape))
    if tuple(x._value.shape) == shape:
        return x
    return execute("BroadcastTo", _broadcast_to, (x,), {"shape": shape})


@gradient("BroadcastTo")
def _broadcast_to_grad(op, grad):
    return grad  # the reverse pass sums it back to the input's shape


def _transpose(x, perm):
    return ns(x).permute_dims(x, perm)


def transpose(a, perm=None, conjugate=False, name="transpose") -> Tensor:
    x = to_tensor(a)
    perm = tuple(reversed(range(x.ndim))) if perm is None else tuple(_int_list(perm))
    if sorted(p % max(x.ndim, 1) for p in perm) != list(range(x.ndim)):
        raise InvalidArgumentError(f"transpose expects a permutation of 0..{x.ndim - 1}, got "
                                   f"{list(perm)} [Op:Transpose] name: ", op="Transpose")
    return execute("Transpose", _transpose, (x,), {"perm": perm})


@gradient("Transpose")
def _transpose_grad(op, grad):
    return transpose(grad, tuple(np.argsort(op.attrs["perm"])))


def _expand_dims(x, axis):
    return ns(x).expand_dims(x, axis=axis)


def expand_dims(input, axis, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    axis = int(axis)
    if not -x.ndim - 1 <= axis <= x.ndim:
        raise InvalidArgumentError(f"Tried to expand dim index {axis} for tensor with {x.ndim} "
                                   "dimensions. [Op:ExpandDims] name: ", op="ExpandDims")
    return execute("ExpandDims", _expand_dims, (x,), {"axis": axis})


@gradient("ExpandDims")
def _expand_dims_grad(op, grad):
    return reshape(grad, tuple(op.inputs[0].shape))


def squeeze(input, axis=None, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    shape = x._value.shape
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        axes = tuple(a % x.ndim for a in _int_list(axis))
        for a in axes:
            if shape[a] != 1:
                raise InvalidArgumentError(
                    f"Can not squeeze dim[{a}], expected a dimension of 1, got {shape[a]} "
                    "[Op:Squeeze] name: ", op="Squeeze")
    return execute("Squeeze", lambda v, axis: ns(v).squeeze(v, axis=axis), (x,), {"axis": axes})


@gradient("Squeeze")
def _squeeze_grad(op, grad):
    return reshape(grad, tuple(op.inputs[0].shape))


def _check_same(op_type, tensors):
    first = tensors[0]
    for t in tensors[1:]:
        if t._dtype is not first._dtype:
            from .math_ops import dtype_mismatch

            raise dtype_mismatch(op_type, first, t)


def stack(values, axis=0, name="stack") -> Tensor:
    tensors = tuple(to_tensor(v) for v in values)
    if not tensors:
        raise ValueError("stack needs at least one tensor.")
    _check_same("Pack", tensors)
    shapes = {tuple(t._value.shape) for t in tensors}
    if len(shapes) > 1:
        raise InvalidArgumentError(
            f"Shapes of all inputs must match: values[0].shape = {list(tensors[0]._value.shape)} "
            f"!= values[i].shape for some i (shapes {sorted(shapes)}) [Op:Pack] name: {name}",
            op="Pack")
    return execute("Pack", lambda *vs, axis: ns(vs[0]).stack(vs, axis=axis), tensors,
                   {"axis": int(axis)})


@gradient("Pack")
def _stack_grad(op, grad):
    return unstack(grad, axis=op.attrs["axis"])


def unstack(value, num=None, axis=0, name="unstack") -> list:
    x = to_tensor(value)
    axis = int(axis) % max(x.ndim, 1)
    return [gather_axis_index(x, i, axis) for i in range(x._value.shape[axis])]


def gather_axis_index(x: Tensor, i: int, axis: int) -> Tensor:
    key = (slice(None),) * axis + (i,)
    return strided_slice(x, key)


def concat(values, axis, name="concat") -> Tensor:
    tensors = tuple(to_tensor(v) for v in values)
    _check_same("ConcatV2", tensors)
    return execute("ConcatV2", lambda *vs, axis: ns(vs[0]).concat(vs, axis=axis), tensors,
                   {"axis": int(axis)})


@gradient("ConcatV2")
def _concat_grad(op, grad):
    axis = op.attrs["axis"] % max(grad.ndim, 1)
    grads, start = [], 0
    for t in op.inputs:
        n = t.shape[axis]
        key = (slice(None),) * axis + (slice(start, start + n),)
        grads.append(strided_slice(grad, key))
        start += n
    return grads


# ---------- indexing ----------
def _normalize_key(key):
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if isinstance(k, Tensor) or hasattr(k, "_read"):
            k = to_tensor(k)
            if k.ndim != 0 or not k.dtype.is_integer:
                raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tk.newaxis "
                                "(`None`) and scalar integer tensors are valid indices, got "
                                f"a tensor of shape {k.shape} and dtype {k.dtype.name}. Use "
                                "tk.gather or tk.boolean_mask to pick several elements.")
            k = int(np.asarray(k._value))
        elif isinstance(k, slice):
            k = slice(*(None if v is None else int(v) for v in (k.start, k.stop, k.step)))
        elif not (k is None or k is Ellipsis or isinstance(k, (int, np.integer))):
            raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tk.newaxis (`None`) "
                            f"and scalar integer tensors are valid indices, got {k!r}")
        out.append(k)
    return tuple(out)


def strided_slice(x: Tensor, key) -> Tensor:
    """``x[key]`` for ints, slices, ``...`` and ``None``."""
    key = _normalize_key(key)
    shape = x._value.shape
    if x.ndim == 0 and any(k is not None and k is not Ellipsis for k in key):
        raise InvalidArgumentError("Attempting to slice scalar input. [Op:StridedSlice] name: "
                                   "strided_slice/", op="StridedSlice")
    dim = 0
    for k in key:
        if k is Ellipsis:
            dim = x.ndim - sum(1 for j in key if j is not None and j is not Ellipsis) + dim
            continue
        if k is None:
            continue
        if isinstance(k, int) and dim < len(shape) and not -shape[dim] <= k < shape[dim]:
            raise InvalidArgumentError(
                f"slice index {k} of dimension {dim} out of bounds. [Op:StridedSlice] name: "
                f"strided_slice/\n  Hint: axis {dim} has size {shape[dim]}.", op="StridedSlice")
        dim += 1
    if dim > x.ndim:
        raise InvalidArgumentError(f"Index out of range using input dim {x.ndim}; too many "
                                   "indices [Op:StridedSlice] name: strided_slice/",
                                   op="StridedSlice")
    return execute("StridedSlice", _getitem, (x,), {"key": key})


def _getitem(x, key):
    return x[key]


@gradient("StridedSlice")
def _strided_slice_grad(op, grad):
    x = op.inputs[0]
    return execute("StridedSliceGrad", _scatter_slice, (grad,),
                   {"key": op.attrs["key"], "shape": tuple(x.shape)})


def _scatter_slice(g, key, shape):
    xp = ns(g)
    out = xp.zeros(shape, dtype=g.dtype)
    out[key] = g
    return out


@gradient("StridedSliceGrad")
def _strided_slice_grad_grad(op, grad):
    return strided_slice(grad, op.attrs["key"])


def getitem(tensor, key) -> Tensor:
    x = to_tensor(tensor)
    if x.dtype.is_string and x.ndim == 0:
        raise InvalidArgumentError("Attempting to slice scalar input. [Op:StridedSlice] name: "
                                   "strided_slice/", op="StridedSlice")
    return strided_slice(x, key)


# ---------- shape queries ----------
def shape(input, out_type=dtypes.int32, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    return Tensor(from_host(np.array(x._value.shape, dtype=out_type._np)), out_type)


def size(input, out_type=dtypes.int32, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    return Tensor(from_host(np.array(x._value.size, dtype=out_type._np)), out_type)


def rank(input, name=None) -> Tensor:  # noqa: A002
    x = to_tensor(input)
    return Tensor(from_host(np.array(x.ndim, dtype=np.int32)), dtypes.int32)


def where_indices(condition: Tensor) -> Tensor:
    idx = np.argwhere(np.asarray(condition._value)).astype(np.int64)
    return Tensor(from_host(idx), dtypes.int64)
