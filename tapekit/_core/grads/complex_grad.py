"""The gradient rules of ``tapekit._core.ops.complex_ops``, registered on import."""

from __future__ import annotations

from ..ops import complex_ops
from ..ops.complex_ops import imag, real
from ..ops.creation import zeros_like
from ..ops.math_ops import divide_no_nan, multiply, negative, reciprocal
from ..record.registry import gradient
from ..values.tensor import Tensor


@gradient("Real")
def _real_grad(op, grad):
    return complex_ops.complex(grad, _zero_like(grad))


@gradient("Imag")
def _imag_grad(op, grad):
    return complex_ops.complex(_zero_like(grad), grad)


@gradient("Complex")
def _complex_grad(op, grad):
    """The real part of the gradient to ``real``, its imaginary part to ``imag``."""
    return real(grad), imag(grad)


@gradient("Angle")
def _angle_grad(op, grad):
    """-grad / (Im(x) + i Re(x)), as TF."""
    x = op.inputs[0]
    z = reciprocal(complex_ops.complex(imag(x), real(x)))
    return multiply(negative(complex_ops.complex(grad, _zero_like(grad))), z)


@gradient("ComplexAbs")
def _complex_abs_grad(op, grad):
    """x / |x| times the upstream: 0 at x = 0 (div_no_nan), as TF."""
    x, y = op.inputs[0], op.outputs[0]
    return divide_no_nan(multiply(complex_ops.complex(grad, _zero_like(grad)), x),
                         complex_ops.complex(y, _zero_like(y)))


def _zero_like(t: Tensor) -> Tensor:
    return zeros_like(t)
