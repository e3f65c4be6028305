"""More element-wise math from ``tf.math``: the inverse hyperbolic functions, ``rint``, and the
NaN-safe ``multiply_no_nan``/``reciprocal_no_nan``/``scalar_mul``, with TF's gradient rules."""

from __future__ import annotations

from ...backend import ns
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from ..values.tensor import is_variable
from .math_ops import (
    binary_inputs,
    divide_no_nan,
    multiply,
    require_float,
    to_tensor,
)


def _float_unary(op_type, fn_name, doc):
    def op(x, name=None):
        x = to_tensor(x)
        require_float(op_type, x)
        return execute(op_type, lambda v: getattr(ns(v), fn_name)(v), (x,))

    op.__name__, op.__doc__ = fn_name, doc
    return op


asinh = _float_unary("Asinh", "asinh", "The inverse hyperbolic sine.")
acosh = _float_unary("Acosh", "acosh", "The inverse hyperbolic cosine (NaN below 1).")
atanh = _float_unary("Atanh", "atanh", "The inverse hyperbolic tangent (inf at +-1, NaN beyond).")
rint = _float_unary("Rint", "rint", "Round to the nearest integer, halves to even (0.5 -> 0, 1.5 -> 2).")


def _mul_no_nan(x, y):
    xp = ns(x)
    return xp.where(y == 0, xp.zeros_like(x * y), x * y)


def multiply_no_nan(x, y, name=None):
    """x * y, and 0 wherever y is 0 (even where x is inf or NaN)."""
    x, y = binary_inputs("MulNoNan", x, y)
    require_float("MulNoNan", x)
    return execute("MulNoNan", _mul_no_nan, (x, y))


def reciprocal_no_nan(x, name=None):
    """1 / x, and 0 where x is 0."""
    x = to_tensor(x)
    require_float("DivNoNan", x)
    return divide_no_nan(to_tensor(1, x.dtype), x)


def scalar_mul(scalar, x, name=None):
    """``scalar * x`` for a scalar (a Python number or rank-0 tensor)."""
    s = to_tensor(scalar) if is_variable(scalar) or hasattr(scalar, "_dtype") else scalar
    if getattr(s, "ndim", 0) != 0:
        raise ValueError(f"Only scalar multiply works, got shape {s.shape}."
                         + hint_line(_("use tk.multiply for element-wise products.")))
    return multiply(s, x)
