"""The gradient rules of ``tapekit._core.ops.special_ops``, registered on import."""

from __future__ import annotations

from ..ops.math_ops import (
    add,
    cast,
    exp,
    multiply,
    negative,
    not_equal,
    square,
)
from ..ops.special_ops import digamma, polygamma, reduce_to_shape, xdivy, xlog1py, xlogy
from ..record.registry import gradient


def _nonzero(x):
    return cast(not_equal(x, 0), x.dtype)


@gradient("Xlogy")
def _xlogy_grad(op, grad):
    """d/dx = log(y) where x != 0 (else 0), d/dy = x / y (0 where x == 0)."""
    x, y = op.inputs
    return (reduce_to_shape(multiply(xlogy(_nonzero(x), y), grad), x.shape),
            reduce_to_shape(multiply(xdivy(x, y), grad), y.shape))


@gradient("Xdivy")
def _xdivy_grad(op, grad):
    """d/dx = 1 / y where x != 0 (else 0), d/dy = -x / y^2."""
    x, y = op.inputs
    return (reduce_to_shape(multiply(xdivy(_nonzero(x), y), grad), x.shape),
            reduce_to_shape(multiply(xdivy(negative(x), square(y)), grad), y.shape))


@gradient("Xlog1py")
def _xlog1py_grad(op, grad):
    """d/dx = log1p(y) where x != 0 (else 0), d/dy = x / (y + 1)."""
    x, y = op.inputs
    return (reduce_to_shape(multiply(xlog1py(_nonzero(x), y), grad), x.shape),
            reduce_to_shape(multiply(xdivy(x, add(y, 1.0)), grad), y.shape))


@gradient("Erfc")
def _erfc_grad(op, grad):
    """d erfc = -2/sqrt(pi) exp(-x^2)."""
    return multiply(grad, multiply(-1.1283791670955126, exp(negative(square(op.inputs[0])))))


@gradient("Lgamma")
def _lgamma_grad(op, grad):
    return multiply(grad, digamma(op.inputs[0]))


@gradient("Digamma")
def _digamma_grad(op, grad):
    x = op.inputs[0]
    return multiply(grad, polygamma(cast(1, x.dtype), x))


@gradient("Polygamma")
def _polygamma_grad(op, grad):
    """No gradient for the order a (as TF); d/dx psi^(a)(x) = psi^(a+1)(x)."""
    a, x = op.inputs
    return None, reduce_to_shape(multiply(grad, polygamma(add(a, 1.0), x)), x.shape)
