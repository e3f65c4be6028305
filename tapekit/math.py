"""``tk.math``: element-wise math, reductions, segment ops and comparisons (TF's ``tf.math``).

Element-wise functions and the reductions also accept a ``tk.RaggedTensor`` (as TF dispatches
them): ``tk.math.square(r)`` maps over its values, ``tk.reduce_sum(r, axis=1)`` sums each row.
"""

from ._core.ops import math_ops as _m
from ._core.ops import nn_ops as _nn
from ._core.ops import reduction as _r
from ._core.ops import special_ops as _sp
from .ragged.dispatch import dispatch_add_n as _ragged_add_n
from .ragged.dispatch import dispatch_binary as _binary
from .ragged.dispatch import dispatch_cumsum as _ragged_cumsum
from .ragged.dispatch import dispatch_reduce as _reduce
from .ragged.dispatch import dispatch_softmax as _ragged_softmax
from .ragged.dispatch import dispatch_unary as _unary
from .ragged import dispatch as _ragged_dispatch
from ._core.ops.confusion import confusion_matrix  # noqa: F401
from ._core.ops.loss_helpers import accumulate_n, polyval  # noqa: F401
from ._core.ops.elementwise_extra import multiply_no_nan, reciprocal_no_nan, scalar_mul
from ._core.ops.extra_reductions import bincount, count_nonzero, reduce_euclidean_norm, zero_fraction  # noqa: F401
from ._core.ops.complex_ops import angle, imag, real  # noqa: F401
from ._core.ops.nn_ops import l2_normalize, log_softmax, softsign  # noqa: F401
from ._core.ops.reduction import argmax, argmin, cumprod  # noqa: F401
from ._core.ops.segment_ops import (segment_max, segment_mean, segment_min, segment_prod,  # noqa: F401
                              segment_sum, unsorted_segment_max, unsorted_segment_mean,
                              unsorted_segment_min, unsorted_segment_prod, unsorted_segment_sqrt_n,
                              unsorted_segment_sum)
from ._core.ops import elementwise_extra as _ex
from ._core.ops.sort_ops import (in_top_k, invert_permutation, is_non_decreasing,  # noqa: F401
                           is_strictly_increasing, top_k)

# element-wise, one input (a RaggedTensor keeps its rows)
abs = _unary(_m.abs)  # noqa: A001
acos, asin, atan = _unary(_m.acos), _unary(_m.asin), _unary(_m.atan)
ceil, conj, cos, cosh = _unary(_m.ceil), _unary(_m.conj), _unary(_m.cos), _unary(_m.cosh)
erf, exp, expm1, floor = _unary(_m.erf), _unary(_m.exp), _unary(_m.expm1), _unary(_m.floor)
is_finite, is_inf, is_nan = _unary(_m.is_finite), _unary(_m.is_inf), _unary(_m.is_nan)
log, log1p, logical_not = _unary(_m.log), _unary(_m.log1p), _unary(_m.logical_not)
negative, reciprocal, round = _unary(_m.negative), _unary(_m.reciprocal), _unary(_m.round)  # noqa: A001
rsqrt, sigmoid, sign, sin = _unary(_m.rsqrt), _unary(_m.sigmoid), _unary(_m.sign), _unary(_m.sin)
sinh, softplus, sqrt = _unary(_m.sinh), _unary(_m.softplus), _unary(_m.sqrt)
square, tan, tanh = _unary(_m.square), _unary(_m.tan), _unary(_m.tanh)
lgamma, digamma, erfc = _unary(_sp.lgamma), _unary(_sp.digamma), _unary(_sp.erfc)
log_sigmoid = _unary(_nn.log_sigmoid)
asinh, acosh, atanh, rint = _unary(_ex.asinh), _unary(_ex.acosh), _unary(_ex.atanh), _unary(_ex.rint)

# element-wise, two inputs (a RaggedTensor with a scalar, a tensor, or one with the same rows)
add, subtract, multiply = _binary(_m.add), _binary(_m.subtract), _binary(_m.multiply)
divide, truediv, floordiv = _binary(_m.divide), _binary(_m.truediv), _binary(_m.floordiv)
floormod = _binary(_m.floormod)
mod = floormod
maximum, minimum, pow = _binary(_m.maximum), _binary(_m.minimum), _binary(_m.pow)  # noqa: A001
squared_difference, atan2 = _binary(_m.squared_difference), _binary(_m.atan2)
equal, not_equal = _binary(_m.equal), _binary(_m.not_equal)
less, less_equal = _binary(_m.less), _binary(_m.less_equal)
greater, greater_equal = _binary(_m.greater), _binary(_m.greater_equal)
logical_and, logical_or, logical_xor = _binary(_m.logical_and), _binary(_m.logical_or), _binary(_m.logical_xor)
xlogy, xdivy, xlog1py = _binary(_sp.xlogy), _binary(_sp.xdivy), _binary(_sp.xlog1py)
polygamma = _binary(_sp.polygamma)

# reductions (a RaggedTensor reduces along its ragged or uniform axes)
reduce_sum, reduce_mean = _reduce(_r.reduce_sum, "sum"), _reduce(_r.reduce_mean, "mean")
reduce_max, reduce_min = _reduce(_r.reduce_max, "max"), _reduce(_r.reduce_min, "min")
reduce_prod = _reduce(_r.reduce_prod, "prod")
reduce_any, reduce_all = _reduce(_r.reduce_any, "any"), _reduce(_r.reduce_all, "all")
reduce_variance, reduce_std = _reduce(_r.reduce_variance, "variance"), _reduce(_r.reduce_std, "std")
reduce_logsumexp = _reduce(_r.reduce_logsumexp, "logsumexp")

softmax, divide_no_nan = _ragged_softmax(_nn.softmax), _binary(_m.divide_no_nan)
add_n, cumsum = _ragged_add_n(_m.add_n), _ragged_cumsum(_r.cumsum)

# ragged dispatch for these too, as in TF (tapekit/ragged/dispatch.py)
real, reciprocal_no_nan = _unary(real), _unary(reciprocal_no_nan)
multiply_no_nan = _binary(multiply_no_nan)
bincount = _ragged_dispatch.dispatch_bincount(bincount)
unsorted_segment_sum = _ragged_dispatch.dispatch_unsorted_segment(unsorted_segment_sum)
unsorted_segment_mean = _ragged_dispatch.dispatch_unsorted_segment(unsorted_segment_mean)
unsorted_segment_max = _ragged_dispatch.dispatch_unsorted_segment(unsorted_segment_max)
unsorted_segment_min = _ragged_dispatch.dispatch_unsorted_segment(unsorted_segment_min)
unsorted_segment_prod = _ragged_dispatch.dispatch_unsorted_segment(unsorted_segment_prod)
unsorted_segment_sqrt_n = _ragged_dispatch.dispatch_unsorted_segment(unsorted_segment_sqrt_n)
scalar_mul = _ragged_dispatch.dispatch_scalar_mul(scalar_mul)
