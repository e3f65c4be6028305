"""``tk.math``: element-wise math, reductions and comparisons (TF's ``tf.math``)."""

from .ops.math_ops import (abs, acos, add, add_n, asin, atan, atan2, ceil, conj, cos,  # noqa: F401
                           cosh, divide, divide_no_nan, equal, erf, exp, expm1, floor, floordiv,
                           floormod, greater, greater_equal, is_finite, is_inf, is_nan, less,
                           less_equal, log, log1p, logical_and, logical_not, logical_or,
                           logical_xor, maximum, minimum, mod, multiply, negative, not_equal, pow,
                           reciprocal, round, rsqrt, sigmoid, sign, sin, sinh, softplus, sqrt,
                           square, squared_difference, subtract, tan, tanh, truediv)
from .ops.nn_ops import l2_normalize  # noqa: F401
from .ops.reduction import (argmax, argmin, cumprod, cumsum, reduce_all, reduce_any,  # noqa: F401
                            reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod,
                            reduce_std, reduce_sum, reduce_variance)
from .ops.complex_ops import angle, imag, real  # noqa: F401,E402
