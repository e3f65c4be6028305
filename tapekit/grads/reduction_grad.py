"""The gradient rules of ``tapekit.ops.reduction``, registered on import."""

from __future__ import annotations

import numpy as np

from ..ops.array_ops import broadcast_to, reshape, transpose
from ..ops.math_ops import cast, divide, divide_no_nan, equal, multiply
from ..ops.reduction import cumprod, cumsum, reduce_sum
from ..backend import ns
from ..registry import array_twin, gradient
from ..tape_entry import shape_of
from ..tensor import Tensor


def _restore_dims(grad: Tensor, op) -> Tensor:
    """Reshape a reduced gradient so that it broadcasts against the op's input."""
    if op.attrs["keepdims"]:
        return grad
    in_shape = op.inputs[0].shape
    kept = [1 if i in op.attrs["axis"] else d for i, d in enumerate(in_shape)]
    return reshape(grad, kept)


def _broadcast_like(grad: Tensor, x) -> Tensor:
    return broadcast_to(grad, tuple(x.shape))


@gradient("Sum", reads="nothing")
def _sum_grad(op, grad):
    return _broadcast_like(_restore_dims(grad, op), op.inputs[0])


@gradient("Mean", reads="nothing")
def _mean_grad(op, grad):
    x = op.inputs[0]
    n = 1
    for a in op.attrs["axis"]:
        n *= x.shape[a]
    g = _broadcast_like(_restore_dims(grad, op), x)
    return divide(g, cast(max(n, 1), g.dtype)) if n != 1 else g



def _extremum_grad(op, grad):
    """Spread the gradient evenly over tied extrema (1/k each, as TF)."""
    x = op.inputs[0]
    y = _restore_dims(op.outputs[0], op)
    hits = cast(equal(x, y), grad.dtype)
    count = reduce_sum(hits, axis=op.attrs["axis"], keepdims=True)
    return multiply(divide(hits, count), _restore_dims(grad, op))


gradient("Max")(_extremum_grad)


gradient("Min")(_extremum_grad)


@gradient("Prod")
def _prod_grad(op, grad):
    """d prod / dx_i = product of the others: exclusive cumprods from both sides (no division).

    As TF: the reduced axes are moved last and flattened, so one cumprod covers them all.
    """
    x = op.inputs[0]
    axes = op.attrs["axis"]
    shape = tuple(x.shape)
    kept = [i for i in range(len(shape)) if i not in axes]
    perm = kept + list(axes)
    moved_shape = [shape[i] for i in perm]
    lead = moved_shape[:len(kept)]
    flat = reshape(transpose(x, perm), lead + [-1])
    others = multiply(cumprod(flat, axis=-1, exclusive=True),
                      cumprod(flat, axis=-1, exclusive=True, reverse=True))
    others = transpose(reshape(others, moved_shape), list(np.argsort(perm)))
    return multiply(_broadcast_like(_restore_dims(grad, op), x), others)


@gradient("Cumsum")
def _cumsum_grad(op, grad):
    a = op.attrs
    return cumsum(grad, a["axis"], exclusive=a["exclusive"], reverse=not a["reverse"])


@gradient("Cumprod")
def _cumprod_grad(op, grad):
    """As TF: cumsum(y * grad) run the other way, divided by x (0 where x is 0, via divide_no_nan)."""
    a = op.attrs
    x, y = op.inputs[0], op.outputs[0]
    summed = cumsum(multiply(y, grad), a["axis"], exclusive=a["exclusive"], reverse=not a["reverse"])
    return divide_no_nan(summed, x)


_NUMPY_TYPES = (np.ndarray, np.generic)   # a NumPy array, or the scalar an operation on 0-d arrays returns


# ---------- array twins (registry.ARRAY_TWINS): the rules above on arrays, float32/float64 only ----------
def _spread(x, attrs, g):
    """``_broadcast_like(_restore_dims(g, op), x)`` on arrays (``x`` the saved input or its ghost)."""
    shape = shape_of(x)
    if isinstance(g, _NUMPY_TYPES) and g.size == 1:   # one value (a full reduction): filled, no broadcast_to
        out = np.empty(shape, dtype=g.dtype)
        out.fill(g.reshape(()))
        return out
    if not attrs["keepdims"]:
        axis = attrs["axis"]
        g = ns(g).reshape(g, tuple(1 if i in axis else d for i, d in enumerate(shape)))
    return g if g.shape == tuple(shape) else ns(g).broadcast_to(g, tuple(shape))


@array_twin("Sum")
def _sum_twin(ins, outs, attrs, g, skip):
    return (_spread(ins[1], attrs, g),)


@array_twin("Mean")
def _mean_twin(ins, outs, attrs, g, skip):
    shape = shape_of(ins[1])
    n = 1
    for a in attrs["axis"]:
        n *= shape[a]
    if n != 1 and g.size == 1:   # divided before it is spread: the same quotient in every element
        return (_spread(ins[1], attrs, g / ns(g).asarray(max(n, 1), dtype=g.dtype)),)
    spread = _spread(ins[1], attrs, g)
    return (spread / ns(g).asarray(max(n, 1), dtype=g.dtype) if n != 1 else spread,)
