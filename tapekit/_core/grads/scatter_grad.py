"""The gradient rules of ``tk.slice``, ``ensure_shape``, ``check_numerics`` and the scatter ops
``tensor_scatter_nd_sub/min/max`` (TF's ``array_grad.py``), registered on import."""

from __future__ import annotations

from ..ops.array_ops import gather_nd, pad, scatter_nd, shape
from ..ops.checks import check_numerics
from ..ops.math_ops import cast, equal, negative
from ..record.registry import gradient


@gradient("Slice")
def _slice_grad(op, grad):
    """The gradient padded with zeros back to the input's shape."""
    begin, size = op.attrs["begin"], op.attrs["size"]
    paddings = [[b, n - b - s] for b, s, n in zip(begin, size, op.inputs[0].shape)]
    return pad(grad, paddings)


@gradient("EnsureShape")
def _ensure_shape_grad(op, grad):
    return grad


@gradient("CheckNumerics")
def _check_numerics_grad(op, grad):
    """The gradient itself, once checked: TF checks it for NaN and Inf too."""
    return check_numerics(grad, f"Not a number (NaN) or infinity (Inf) values detected in gradient. "
                                f"{op.attrs['message']}")


@gradient("TensorScatterSub")
def _tensor_scatter_sub_grad(op, grad):
    indices = op.inputs[1]
    return grad, None, negative(gather_nd(grad, indices))


def _extreme_grad(op, grad):
    """Split the gradient among the tensor and the updates equal to the result (TF's rule)."""
    x, indices, updates = op.inputs
    z = op.outputs[0]
    x_indicators = cast(equal(x, z), grad.dtype)
    y_indicator = cast(equal(updates, gather_nd(z, indices)), grad.dtype)
    indicators = x_indicators + scatter_nd(indices, y_indicator, shape(x))
    return grad * x_indicators / indicators, None, gather_nd(grad / indicators, indices) * y_indicator


gradient("TensorScatterMin")(_extreme_grad)
gradient("TensorScatterMax")(_extreme_grad)
