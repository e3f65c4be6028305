"""``tk.math``: element-wise math, reductions and comparisons (TF's ``tf.math``)."""

from .ops.math_ops import (abs, acos, add, add_n, asin, atan, ceil, cos, cosh, divide,  # noqa: F401
                           divide_no_nan, equal, exp, expm1, floor, floordiv, floormod, greater,
                           greater_equal, less, less_equal, log, log1p, logical_and, logical_not,
                           logical_or, logical_xor, maximum, minimum, mod, multiply, negative,
                           not_equal, pow, reciprocal, round, rsqrt, sigmoid, sign, sin, sinh,
                           sqrt, square, squared_difference, subtract, tan, tanh, truediv)
from .ops.reduction import (argmax, argmin, cumsum, reduce_all, reduce_any,  # noqa: F401
                            reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_sum)
