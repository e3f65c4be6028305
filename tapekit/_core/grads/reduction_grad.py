"""The gradient rules of ``tapekit._core.ops.reduction``, registered on import."""

from __future__ import annotations

import numpy as np

from ..ops.array_ops import reshape, transpose
from ..ops.math_ops import cast, divide, divide_no_nan, equal, multiply
from ..ops.reduction import cumprod, cumsum, reduce_sum
from ..record.registry import gradient
from ..values.tensor import Tensor
from .rule_math import TENSOR_MATH, math_for


def _restore_dims(grad: Tensor, op, m=TENSOR_MATH) -> Tensor:
    """Reshape a reduced gradient so that it broadcasts against the op's input."""
    if op.attrs["keepdims"]:
        return grad
    in_shape = op.inputs[0].shape
    kept = [1 if i in op.attrs["axis"] else d for i, d in enumerate(in_shape)]
    return m.reshape(grad, kept)


def _broadcast_like(grad: Tensor, x, m=TENSOR_MATH) -> Tensor:
    return m.broadcast_to(grad, tuple(x.shape))


@gradient("Sum", reads="nothing", on_arrays=True)
def _sum_grad(op, grad):
    m = math_for(grad)
    return _broadcast_like(_restore_dims(grad, op, m), op.inputs[0], m)


@gradient("Mean", reads="nothing", on_arrays=True)
def _mean_grad(op, grad):
    m = math_for(grad)
    x = op.inputs[0]
    n = 1
    for a in op.attrs["axis"]:
        n *= x.shape[a]
    g = _broadcast_like(_restore_dims(grad, op, m), x, m)
    return m.divide(g, m.cast(max(n, 1), g.dtype)) if n != 1 else g



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
