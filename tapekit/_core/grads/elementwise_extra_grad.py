"""The gradient rules of ``tapekit._core.ops.elementwise_extra``, registered on import."""

from __future__ import annotations

from ..ops.elementwise_extra import multiply_no_nan
from ..ops.math_ops import (
    cosh,
    divide,
    multiply,
    reciprocal,
    sinh,
    square,
    subtract,
)
from ..ops.special_ops import reduce_to_shape
from ..record.registry import gradient, none_gradient


@gradient("Asinh", reads="outputs")
def _asinh_grad(op, grad):
    """d asinh = 1 / cosh(y)."""
    return divide(grad, cosh(op.outputs[0]))


@gradient("Acosh", reads="outputs")
def _acosh_grad(op, grad):
    """d acosh = 1 / sinh(y)."""
    return divide(grad, sinh(op.outputs[0]))


@gradient("Atanh", reads="inputs")
def _atanh_grad(op, grad):
    """d atanh = 1 / (1 - x^2)."""
    return multiply(grad, reciprocal(subtract(1.0, square(op.inputs[0]))))


gradient("Rint")(none_gradient)


@gradient("MulNoNan")
def _mul_no_nan_grad(op, grad):
    x, y = op.inputs
    return (reduce_to_shape(multiply_no_nan(grad, y), x.shape),
            reduce_to_shape(multiply_no_nan(x, grad), y.shape))
