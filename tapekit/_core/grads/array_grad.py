"""The gradient rules of ``tapekit._core.ops.array_ops``, registered on import."""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...backend import from_host, ns, to_host
from ..record.indexed_slices import IndexedSlices
from ..ops.array_ops import (
    concat,
    gather_nd,
    reshape,
    reverse,
    scatter_add,
    scatter_nd,
    stack,
    strided_slice,
    tensor_scatter_nd_update,
    transpose,
    unstack,
)
from ..ops.creation import zeros_like
from ..ops.indexing import gather_full_indices, mirror_take, standard_key
from ..ops.reduction import reduce_sum
from ..record.registry import execute, gradient
from ..values.tensor import EagerTensor


@gradient("Reshape")
def _reshape_grad(op, grad):
    return reshape(grad, tuple(op.inputs[0].shape))


@gradient("BroadcastTo")
def _broadcast_to_grad(op, grad):
    return grad  # the reverse pass sums it back to the input's shape


@gradient("Transpose")
def _transpose_grad(op, grad):
    return transpose(grad, tuple(int(i) for i in np.argsort(op.attrs["perm"])))


@gradient("ExpandDims")
def _expand_dims_grad(op, grad):
    return reshape(grad, tuple(op.inputs[0].shape))


@gradient("Squeeze")
def _squeeze_grad(op, grad):
    return reshape(grad, tuple(op.inputs[0].shape))


@gradient("Pack")
def _stack_grad(op, grad):
    return unstack(grad, axis=op.attrs["axis"])


@gradient("Unpack")
def _unstack_grad(op, *grads):
    return stack(list(grads), axis=op.attrs["axis"])


@gradient("ConcatV2")
def _concat_grad(op, grad):
    axis = op.attrs["axis"]
    grads, start = [], 0
    for t in op.inputs:
        n = t.shape[axis]
        key = (slice(None),) * axis + (slice(start, start + n),)
        grads.append(strided_slice(grad, key))
        start += n
    return grads


@gradient("Tile")
def _tile_grad(op, grad):
    """Sum the copies: view the gradient as [m0, d0, m1, d1, ...] and reduce the m axes."""
    dims = tuple(op.inputs[0].shape)
    split = [n for pair in zip(op.attrs["multiples"], dims) for n in pair]
    return reduce_sum(reshape(grad, split), axis=list(range(0, 2 * len(dims), 2)))


@gradient("ReverseV2")
def _reverse_grad(op, grad):
    return reverse(grad, list(op.attrs["axis"]))


@gradient("GatherNd")
def _gather_nd_grad(op, grad):
    params, indices = op.inputs
    return scatter_nd(indices, grad, tuple(params.shape)), None


@gradient("ScatterNd")
def _scatter_nd_grad(op, grad):
    indices, _ = op.inputs
    return None, gather_nd(grad, indices)


@gradient("GatherV2")
def _gather_grad(op, grad):
    """Along axis 0 an IndexedSlices (the gathered rows, as TF); along other axes a dense scatter."""
    params, indices = op.inputs
    axis, b = op.attrs["axis"], op.attrs["batch_dims"]
    if axis == 0:
        tail = list(params.shape)[1:]
        count = int(np.prod(indices.shape, dtype=np.int64))
        dense_shape = EagerTensor(from_host(np.array(params.shape, dtype=np.int32)), dtypes.int32)
        return IndexedSlices(reshape(grad, [count] + tail), reshape(indices, [count]), dense_shape), None
    full = gather_full_indices(tuple(params.shape), to_host(indices.value), axis, b)
    full_t = EagerTensor(from_host(full.astype(np.int64)), dtypes.int64)
    return scatter_nd(full_t, grad, tuple(params.shape)), None


@gradient("TensorScatterUpdate")
def _scatter_update_grad(op, grad):
    """Overwritten positions get no gradient; the updates get the gradient gathered there."""
    _, indices, updates = op.inputs
    return tensor_scatter_nd_update(grad, indices, zeros_like(updates)), None, gather_nd(grad, indices)


@gradient("TensorScatterAdd")
def _scatter_add_grad(op, grad):
    _, indices, _ = op.inputs
    return grad, None, gather_nd(grad, indices)


def _pad_grad_slice(op, grad):
    key = tuple(slice(a, a + n) for (a, _), n in zip(op.attrs["pads"], op.inputs[0].shape))
    return strided_slice(grad, key)


@gradient("Pad")
def _pad_grad(op, grad):
    return _pad_grad_slice(op, grad)


@gradient("PadV2")
def _pad_v2_grad(op, grad):
    return _pad_grad_slice(op, grad), None


@gradient("MirrorPad")
def _mirror_pad_grad(op, grad):
    return execute("MirrorPadGrad", _mirror_pad_scatter, (grad,), op.attrs)


def _mirror_pad_scatter(g, index, in_shape, mode):
    """MirrorPad's gradient: each padded cell's gradient summed back into its source cell."""
    return scatter_add(ns(g), in_shape, np.ix_(*index), g)


@gradient("MirrorPadGrad")
def _mirror_pad_grad_grad(op, grad):
    return execute("MirrorPad", mirror_take, (grad,), op.attrs)


def _split_grad(op, *grads):
    return concat(list(grads), axis=op.attrs["axis"])


gradient("Split")(_split_grad)


gradient("SplitV")(_split_grad)


@gradient("StridedSlice")
def _strided_slice_grad(op, grad):
    x = op.inputs[0]
    return execute("StridedSliceGrad", _scatter_slice, (grad,),
                   {"key": op.attrs["key"], "shape": tuple(x.shape)})


def _scatter_slice(g, key, shape):
    xp = ns(g)
    out = xp.zeros(shape, dtype=g.dtype)
    key = tuple(k for k in standard_key(key, shape) if k is not None)  # new axes have size 1 in g
    out[key] = xp.reshape(g, out[key].shape)
    return out


@gradient("StridedSliceGrad")
def _strided_slice_grad_grad(op, grad):
    return strided_slice(grad, op.attrs["key"])
