"""The gradient rules of ``tapekit._core.ops.math_ops``, registered on import."""

from __future__ import annotations

from ..record.indexed_slices import IndexedSlices
from ..ops import math_ops
from ..ops.creation import ones_like, zeros_like
from ..ops.math_ops import (
    add,
    cast,
    conj,
    cos,
    cosh,
    divide,
    divide_no_nan,
    exp,
    floor,
    greater,
    log,
    multiply,
    negative,
    not_equal,
    reciprocal,
    reciprocal_grad,
    rsqrt_grad,
    sigmoid,
    sign,
    sin,
    sinh,
    sqrt,
    sqrt_grad,
    square,
    subtract,
    where,
)
from ..ops.slices_ops import densify
from ..record.registry import gradient, none_gradient
from .rule_math import TENSOR_MATH, math_for


def _past_scalar(op, grad) -> bool:
    """TF passes an IndexedSlices through x + c and x - c, c a scalar nobody differentiates."""
    return type(grad) is IndexedSlices and 1 in op.skip_input_indices and op.inputs[1].shape.rank == 0


@gradient("AddV2", reads="nothing", sparse=True, on_arrays=True)
def _add_grad(op, grad):
    if type(grad) is IndexedSlices:
        if _past_scalar(op, grad):
            return grad, None
        grad = densify(grad)
    return grad, grad


@gradient("Sub", reads="nothing", sparse=True, on_arrays=True)
def _sub_grad(op, grad):
    if type(grad) is IndexedSlices:
        if _past_scalar(op, grad):
            return grad, None
        grad = densify(grad)
    return grad, (None if 1 in op.skip_input_indices else math_for(grad).negative(grad))


_conj = TENSOR_MATH.conj   # conj(t) for a complex tensor; a real one as it is (no op recorded)


@gradient("Mul", reads="other_input", on_arrays=True)
def _mul_grad(op, grad):
    m = math_for(grad)
    x, y = op.inputs
    skip = op.skip_input_indices
    return (None if 0 in skip else m.multiply(grad, m.conj(y))), \
        (None if 1 in skip else m.multiply(m.conj(x), grad))


@gradient("RealDiv", reads="divisor", on_arrays=True)
def _div_grad(op, grad):
    m = math_for(grad)
    x, y = op.inputs
    cy = m.conj(y)
    skip = op.skip_input_indices
    dx = None if 0 in skip else m.real_div(grad, cy)
    dy = None if 1 in skip else m.multiply(grad, m.real_div(m.real_div(m.negative(m.conj(x)), cy), cy))
    return dx, dy


@gradient("FloorMod")
def _mod_grad(op, grad):
    x, y = op.inputs
    return grad, multiply(grad, negative(floor(divide(x, y))))


@gradient("Pow")
def _pow_grad(op, grad):
    """d x^y = y x^(y-1) dx + x^y log(x) dy, with dy masked to 0 where x <= 0 (as TF)."""
    x, y = op.inputs
    cx, cy = _conj(x), _conj(y)
    skip = op.skip_input_indices
    dx = None if 0 in skip else multiply(multiply(grad, cy), math_ops.pow(cx, subtract(cy, 1)))
    if 1 in skip:
        return dx, None
    # no sensible real log for x <= 0: 0 there (a complex x is only masked at 0), as TF
    mask = not_equal(cx, 0) if x.dtype.is_complex else greater(cx, 0)
    safe_x = where(mask, cx, ones_like(x))
    log_x = where(mask, log(safe_x), zeros_like(x))
    return dx, multiply(multiply(grad, _conj(op.outputs[0])), log_x)


def _maximum_minimum_grad(op, grad, m, selector):
    """The gradient goes to x where ``selector(x, y)`` holds (ties go to x), else to y.

    As TF: an input in ``op.skip_input_indices`` gets None and costs nothing (``relu`` written as
    ``tk.maximum(h, 0.0)`` computes one select, not two).
    """
    x, y = op.inputs
    skip = op.skip_input_indices
    mask = selector(x, y)
    zero = m.zero(grad)   # broadcast by the select: no array of zeros to fill
    return (None if 0 in skip else m.where(mask, grad, zero),
            None if 1 in skip else m.where(mask, zero, grad))


@gradient("Maximum", on_arrays=True)
def _maximum_grad(op, grad):
    m = math_for(grad)
    return _maximum_minimum_grad(op, grad, m, m.greater_equal)


@gradient("Minimum", on_arrays=True)
def _minimum_grad(op, grad):
    m = math_for(grad)
    return _maximum_minimum_grad(op, grad, m, m.less_equal)


@gradient("SquaredDifference")
def _squared_difference_grad(op, grad):
    x, y = op.inputs
    d = multiply(multiply(grad, 2.0), subtract(x, y))
    return d, negative(d)


@gradient("DivNoNan")
def _div_no_nan_grad(op, grad):
    x, y = _conj(op.inputs[0]), _conj(op.inputs[1])
    return divide_no_nan(grad, y), multiply(grad, divide_no_nan(divide_no_nan(negative(x), y), y))


@gradient("AddN", reads="nothing", sparse=True)
def _add_n_grad(op, grad):
    return [grad] * len(op.inputs)


@gradient("Neg", reads="nothing", sparse=True, on_arrays=True)
def _neg_grad(op, grad):
    return -grad if type(grad) is IndexedSlices else math_for(grad).negative(grad)


@gradient("Square", reads="inputs", on_arrays=True)
def _square_grad(op, grad):
    m = math_for(grad)
    return m.multiply(grad, m.multiply(m.conj(op.inputs[0]), 2.0))


@gradient("SqrtGrad")
def _sqrt_grad_grad(op, grad):
    a = op.inputs[0]
    y = op.outputs[0]  # 0.5 * b / conj(a)
    ga = divide(grad, a)
    return multiply(negative(conj(ga)), y), multiply(0.5, ga)


@gradient("RsqrtGrad")
def _rsqrt_grad_grad(op, grad):
    a, b = op.inputs  # a = x^-1/2, b the upstream gradient of a
    ca, cg = conj(a), conj(grad)
    return multiply(multiply(multiply(-1.5, cg), b), square(ca)), rsqrt_grad(ca, grad)


@gradient("ReciprocalGrad")
def _reciprocal_grad_grad(op, grad):
    b = op.inputs[1]
    ca, cg = conj(op.inputs[0]), conj(grad)
    return multiply(multiply(multiply(cg, -2.0), b), ca), reciprocal_grad(ca, grad)


@gradient("Sqrt", reads="outputs")
def _sqrt_grad(op, grad):
    """d sqrt(x) = 0.5 / sqrt(x): inf at 0 (as TF), and 0 wherever grad is 0."""
    return sqrt_grad(op.outputs[0], grad)


# The rules below compute what TF's do, in TF's order of operations (so that float rounding,
# the sign of zeros and where nan appears are TF's): grad * f'(conj(x)).
@gradient("Exp", reads="outputs", on_arrays=True)
def _exp_grad(op, grad):
    m = math_for(grad)
    return m.multiply(grad, m.conj(op.outputs[0]))


@gradient("Log", reads="inputs", on_arrays=True)
def _log_grad(op, grad):
    """grad / x: nan where grad is 0 and x is 0 (0 * inf), as TF."""
    m = math_for(grad)
    return m.multiply(grad, m.reciprocal(m.conj(op.inputs[0])))


@gradient("Log1p")
def _log1p_grad(op, grad):
    return multiply(grad, reciprocal(add(1.0, conj(op.inputs[0]))))


@gradient("Expm1")
def _expm1_grad(op, grad):
    return multiply(grad, exp(conj(op.inputs[0])))


@gradient("Sin")
def _sin_grad(op, grad):
    return multiply(grad, cos(conj(op.inputs[0])))


@gradient("Cos")
def _cos_grad(op, grad):
    return multiply(negative(grad), sin(conj(op.inputs[0])))


@gradient("Tan")
def _tan_grad(op, grad):
    secx = reciprocal(cos(conj(op.inputs[0])))
    return multiply(square(secx), grad)


@gradient("Tanh", reads="outputs", on_arrays=True)
def _tanh_grad(op, grad):
    """d tanh = 1 - tanh^2."""
    m = math_for(grad)
    y = m.conj(op.outputs[0])
    return m.multiply(grad, m.subtract(1.0, m.multiply(y, y)))


@gradient("Sinh")
def _sinh_grad(op, grad):
    return multiply(grad, cosh(conj(op.inputs[0])))


@gradient("Cosh")
def _cosh_grad(op, grad):
    return multiply(grad, sinh(conj(op.inputs[0])))


def _inverse_sqrt_one_minus_square(x):
    """1 / sqrt(1 - x^2), as TF builds it (reciprocal of sqrt)."""
    return reciprocal(sqrt(subtract(1.0, square(conj(x)))))


@gradient("Asin")
def _asin_grad(op, grad):
    return multiply(grad, _inverse_sqrt_one_minus_square(op.inputs[0]))


@gradient("Acos")
def _acos_grad(op, grad):
    return multiply(negative(grad), _inverse_sqrt_one_minus_square(op.inputs[0]))


@gradient("Atan")
def _atan_grad(op, grad):
    return multiply(grad, reciprocal(add(1.0, square(conj(op.inputs[0])))))


@gradient("Rsqrt", reads="outputs")
def _rsqrt_grad(op, grad):
    """d x^-1/2 = -0.5 y^3, and 0 wherever grad is 0 (as TF)."""
    return rsqrt_grad(op.outputs[0], grad)


@gradient("Reciprocal", reads="outputs")
def _reciprocal_grad(op, grad):
    """d 1/x = -y^2, and 0 wherever grad is 0 (as TF)."""
    return reciprocal_grad(op.outputs[0], grad)


@gradient("Abs")
def _abs_grad(op, grad):
    """d|x| = sign(x): 0 at x = 0, as TF."""
    return multiply(grad, sign(op.inputs[0]))


@gradient("Sign")
def _sign_grad(op, grad):
    return zeros_like(op.inputs[0])


for _name in ("Floor", "Ceil", "Round"):
    gradient(_name)(none_gradient)


@gradient("Sigmoid", reads="outputs", on_arrays=True)
def _sigmoid_grad(op, grad):
    """d sigmoid = y (1 - y)."""
    m = math_for(grad)
    y = m.conj(op.outputs[0])
    return m.multiply(grad, m.multiply(y, m.subtract(1.0, y)))


@gradient("Softplus")
def _softplus_grad(op, grad):
    return multiply(grad, sigmoid(op.inputs[0]))


@gradient("Atan2")
def _atan2_grad(op, grad):
    """d atan2(y, x) = (x dy - y dx) / (x^2 + y^2)."""
    y, x = op.inputs
    scaled = divide(grad, add(square(x), square(y)))
    return multiply(scaled, x), multiply(scaled, negative(y))


@gradient("Conj")
def _conj_grad(op, grad):
    return conj(grad)


@gradient("Erf")
def _erf_grad(op, grad):
    """d erf = 2/sqrt(pi) exp(-x^2)."""
    return multiply(multiply(grad, 1.1283791670955126), exp(negative(square(conj(op.inputs[0])))))


@gradient("Cast", sparse=True)
def _cast_grad(op, grad):
    src = op.inputs[0].dtype
    if not (src.is_differentiable and grad.dtype.is_differentiable):
        return None
    return cast(grad, src)


@gradient("Identity", reads="nothing", sparse=True, on_arrays=True)
def _identity_grad(op, grad):
    return grad


@gradient("ReadVariableOp", reads="nothing", sparse=True, on_arrays=True)
def _read_variable_grad(op, grad):
    return grad


@gradient("SelectV2")
def _select_grad(op, grad):
    cond, x, _ = op.inputs
    zero = zeros_like(grad)
    return None, where(cond, grad, zero), where(cond, zero, grad)
