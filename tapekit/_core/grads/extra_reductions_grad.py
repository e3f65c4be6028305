"""The gradient rules of ``tapekit._core.ops.extra_reductions``, registered on import."""

from __future__ import annotations

from ..ops.array_ops import reshape
from ..ops.math_ops import divide, multiply
from ..record.registry import gradient


@gradient("EuclideanNorm")
def _euclidean_norm_grad(op, grad):
    """x / norm * grad (NaN where the norm is 0, as TF)."""
    x, norm = op.inputs[0], op.outputs[0]
    if not op.attrs["keepdims"]:
        kept = [1 if i in op.attrs["axis"] else d for i, d in enumerate(x.shape)]
        norm, grad = reshape(norm, kept), reshape(grad, kept)
    return multiply(divide(x, norm), grad)
