"""Neural-network ops (TF's ``tf.nn``): activations, softmax, cross-entropies, losses.

Each op's forward sits right above its gradient rule; composite ops (cross-entropies, moments,
l2_normalize) are built from recorded ops and need no rule of their own.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..._base import dtypes
from ...backend import ns
from ..._base.dtypes import KERNEL_NAMES
from ...errors import InvalidArgumentError, shape_text
from ..._base.i18n import _, hint_line
from ..record.registry import execute, execute_multi, gradient
from ..values.tensor import Tensor, host_value, is_variable
from .array_ops import broadcast_to, reshape, squeeze, transpose
from .args import float_attr, int_attr
from .creation import zeros_like
from .math_ops import (
    add,
    binary_inputs,
    cast,
    check_dtype,
    greater_equal,
    maximum,
    multiply,
    negative,
    real_div,
    require_float,
    rsqrt,
    sigmoid,
    softplus,
    square,
    squared_difference,
    stop_gradient,
    subtract,
    tanh,
    to_tensor,
    where,
)
from .math_ops import pow as pow_
from .random_ops import get_seed, uniform
from .reduction import normalize_axis, reduce_mean, reduce_sum
from .special_ops import erfc

__all__ = ["relu", "relu6", "leaky_relu", "elu", "selu", "gelu", "sigmoid", "softplus", "tanh",
           "softmax", "log_softmax", "sigmoid_cross_entropy_with_logits",
           "softmax_cross_entropy_with_logits", "sparse_softmax_cross_entropy_with_logits",
           "l2_loss", "bias_add", "moments", "l2_normalize"]


def _float_input(op_type, x) -> Tensor:
    x = to_tensor(x)
    require_float(op_type, x)
    return x


# ---------- piecewise-linear activations ----------
# Their gradients are masks, recorded as TF's *Grad ops, so that a second derivative is zeros
# (the mask is flat), as in TF, rather than None.
def _masked_grad_op(op_type, keep):
    """An op ``(grad, ref) -> where(keep(ref), grad, scale * grad)``; ``keep`` returns (mask, scale)."""

    def forward(g, ref, **attrs):
        xp = ns(g)
        mask, scale = keep(ref, **attrs)
        # TF's kernel multiplies by the mask (an inf or nan gradient gives nan where the mask is off);
        # several times faster than where() on a random mask
        if scale == 0:
            return g * mask if type(g) is np.ndarray else g * xp.astype(mask, g.dtype)
        return xp.where(mask, g, g * xp.asarray(scale, dtype=g.dtype))

    def run(grad, ref, **attrs):
        return execute(op_type, forward, (grad, ref), attrs or None)

    run.kernel = forward   # the kernel on arrays, for the array twin of the activation's gradient

    @gradient(op_type)
    def _grad_of_grad(op, gg):
        return run(gg, op.inputs[1], **(op.attrs or {})), zeros_like(op.inputs[1])

    return run


relu_grad = _masked_grad_op("ReluGrad", lambda y: (y > 0, 0))
relu6_grad = _masked_grad_op("Relu6Grad", lambda y: ((y > 0) & (y < 6), 0))
leaky_relu_grad = _masked_grad_op("LeakyReluGrad", lambda x, alpha: (x > 0, alpha))


def relu(features, name=None):
    """max(x, 0); its gradient at 0 is 0, as TF."""
    x = to_tensor(features)
    check_dtype("Relu", x)
    return execute("Relu", _relu, (x,))


def _relu(v):
    if type(v) is np.ndarray and v.ndim >= 2 and v.shape[-1] >= _ROW_MIN and v.dtype.char in "fd":
        return np.maximum(v, _zero_row(v.shape[-1], v.dtype))
    xp = ns(v)
    return xp.maximum(v, xp.zeros((), dtype=v.dtype))


# NumPy's maximum against a broadcast scalar runs its element-by-element loop; against a row of
# zeros, every row is a contiguous pair and takes the SIMD loop: 2.5x faster on a 256x512 float32
# relu (1.8x float64; no gain for integers or float16), the same bits (NaN, -0.0 included). The
# rows are read-only and shared.
_ROW_MIN = 64
_ZERO_ROWS: dict = {}   # (width, dtype) -> a read-only row of zeros
_MAX_ZERO_ROWS = 64


def _zero_row(width: int, dtype) -> np.ndarray:
    row = _ZERO_ROWS.get((width, dtype))
    if row is None:
        row = np.zeros(width, dtype)
        row.flags.writeable = False
        if len(_ZERO_ROWS) < _MAX_ZERO_ROWS:
            _ZERO_ROWS[width, dtype] = row
    return row


def relu6(features, name=None):
    """min(max(x, 0), 6); gradient 1 strictly between 0 and 6, else 0."""
    x = to_tensor(features)
    check_dtype("Relu6", x)
    return execute("Relu6", lambda v: ns(v).clip(v, 0, 6), (x,))


def leaky_relu(features, alpha=0.2, name=None):
    """x for x > 0, else alpha * x (the gradient at 0 is alpha, as TF); integers become float32."""
    x = to_tensor(features)
    if x.dtype.is_integer:
        x = cast(x, dtypes.float32)
    require_float("LeakyRelu", x)
    return execute("LeakyRelu", _leaky_relu, (x,), {"alpha": float_attr(0.2 if alpha is None else alpha, "alpha")})


def _leaky_relu(x, alpha):
    xp = ns(x)
    return xp.where(x > 0, x, x * xp.asarray(alpha, dtype=x.dtype))


# ---------- smooth activations ----------
def _elu(x):
    xp = ns(x)
    return xp.where(x > 0, x, xp.expm1(xp.minimum(x, xp.zeros_like(x))))


def elu(features, name=None):
    """x for x > 0, else exp(x) - 1."""
    return execute("Elu", _elu, (_float_input("Elu", features),))


SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _selu(x):
    xp = ns(x)
    neg = xp.expm1(xp.minimum(x, xp.zeros_like(x))) * xp.asarray(SELU_ALPHA, dtype=x.dtype)
    return xp.asarray(SELU_SCALE, dtype=x.dtype) * xp.where(x > 0, x, neg)


def selu(features, name=None):
    """scale * elu-like(x) with TF's fixed alpha and scale (self-normalising)."""
    return execute("Selu", _selu, (_float_input("Selu", features),))


def gelu(features, approximate=False, name=None):
    """x * Phi(x), as TF composes it: 0.5 x erfc(-x / sqrt(2)), or with ``approximate=True``
    0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))."""
    x = to_tensor(features)
    if not x.dtype.is_floating:
        raise ValueError(f"`features.dtype` must be a floating point tensor.Received:features.dtype={x.dtype}"
                         + hint_line(_("convert first, e.g. tk.cast(x, tk.float32).")))
    half_x = multiply(0.5, x)
    if approximate:
        cubic = multiply(cast(0.044715, x.dtype), pow_(x, 3))
        return multiply(half_x, add(1.0, tanh(multiply(0.7978845608028654, add(x, cubic)))))
    return multiply(half_x, erfc(multiply(negative(x), cast(0.7071067811865476, x.dtype))))


# ---------- softmax family ----------
def _softmax(x, axis):
    xp = ns(x)
    if x.size == 0:  # max over an empty axis has no identity; the result is empty too (as TF)
        return xp.exp(x)
    e = xp.exp(x - xp.max(x, axis=axis, keepdims=True))
    return e / xp.sum(e, axis=axis, keepdims=True)


def _axis_of(x: Tensor, axis, op_type) -> int:
    hint = hint_line(_("{op_type} needs an axis of the input, whose shape is {shape}.").format(
        op_type=op_type, shape=list(x.shape)))
    if x.ndim == 0 and axis is None and op_type != "SoftmaxCrossEntropyWithLogits":
        raise InvalidArgumentError(f"logits must have >= 1 dimension, got [] [Op:{op_type}] name: " + hint)
    axis = -1 if axis is None else int_attr(axis, "axis", op_type)
    if -x.ndim <= axis < x.ndim:
        return axis % x.ndim
    if op_type == "SoftmaxCrossEntropyWithLogits":
        raise InvalidArgumentError(f"Dimension {axis} must be >= -{x.ndim} and < {x.ndim} [Op:{op_type}] name: "
                                   + hint, op=op_type)
    # TF checks a softmax's axis in Python, before any kernel runs
    raise InvalidArgumentError(f"`dim` must be in the range [{-x.ndim}, {x.ndim}) where {x.ndim} is the number of "
                               f"dimensions in the input. Received: dim={axis}" + hint)


def softmax(logits, axis=None, name=None):
    """exp(x) / sum(exp(x)) along ``axis`` (default the last), computed without overflow."""
    x = _float_input("Softmax", logits)
    return execute("Softmax", _softmax, (x,), {"axis": _axis_of(x, axis, "Softmax")})


def _log_softmax(x, axis):
    xp = ns(x)
    if x.size == 0:
        return xp.exp(x)
    shifted = x - xp.max(x, axis=axis, keepdims=True)
    return shifted - xp.log(xp.sum(xp.exp(shifted), axis=axis, keepdims=True))


def log_softmax(logits, axis=None, name=None):
    """x - logsumexp(x) along ``axis``: finite even where softmax underflows to 0."""
    x = _float_input("LogSoftmax", logits)
    return execute("LogSoftmax", _log_softmax, (x,), {"axis": _axis_of(x, axis, "LogSoftmax")})


# ---------- losses ----------
def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """Element-wise logistic loss, in TF's stable form max(x, 0) - x * z + log(1 + exp(-|x|))."""
    if labels is None or logits is None:
        raise ValueError("Both labels and logits must be provided.")
    logits = to_tensor(logits)
    labels = to_tensor(labels, logits.dtype) if not isinstance(labels, Tensor) and \
        not is_variable(labels) else to_tensor(labels)
    if tuple(logits.shape) != tuple(labels.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received "
                         f"({tuple(logits.shape)} vs {tuple(labels.shape)}).")
    zeros = zeros_like(logits)
    positive = logits >= zeros
    relu_logits = where(positive, logits, zeros)
    neg_abs = where(positive, negative(logits), logits)
    return add(subtract(relu_logits, multiply(logits, labels)), softplus(neg_abs))


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """-sum(labels * log_softmax(logits)) along ``axis``; each row of labels a distribution.

    As TF, one fused op (``SoftmaxCrossEntropyWithLogits``) whose gradient is
    ``softmax(logits) - labels``: exact when each row of labels sums to 1 (TF's documented
    requirement), and TF's value otherwise.
    """
    logits = _float_input("SoftmaxCrossEntropyWithLogits", logits)
    labels = to_tensor(labels, logits.dtype) if not isinstance(labels, Tensor) and \
        not is_variable(labels) else to_tensor(labels)
    try:
        shape = np.broadcast_shapes(tuple(logits.shape), tuple(labels.shape))
    except ValueError:
        raise InvalidArgumentError(
            f"logits and labels must be broadcastable: logits_size={shape_text(logits.shape)} labels_size="
            f"{shape_text(labels.shape)} [Op:SoftmaxCrossEntropyWithLogits] name: "
            + hint_line(_("labels need one probability per class (one-hot); for class indices use "
                          "tk.nn.sparse_softmax_cross_entropy_with_logits.")), op="SoftmaxCrossEntropyWithLogits") \
            from None
    ax = _axis_of(logits, axis, "SoftmaxCrossEntropyWithLogits")
    if labels.dtype is not logits.dtype:
        labels = cast(labels, logits.dtype)
    if tuple(logits.shape) != shape:
        logits = broadcast_to(logits, shape)
    if tuple(labels.shape) != shape:
        labels = broadcast_to(labels, shape)
    if ax != len(shape) - 1:  # the class axis goes last, as TF does
        perm = [i for i in range(len(shape)) if i != ax] + [ax]
        logits, labels = transpose(logits, perm), transpose(labels, perm)
    outer = [d for i, d in enumerate(shape) if i != ax]
    classes = shape[ax]
    loss, _backprop = execute_multi("SoftmaxCrossEntropyWithLogits", _xent,
                            (reshape(logits, [-1, classes]), reshape(labels, [-1, classes])))
    return reshape(loss, outer)


def _shifted_softmax_parts(xp, logits):
    """logits - max and sum(exp(logits - max)) per row, as TF's fused kernels compute them."""
    shifted = logits - xp.max(logits, axis=1, keepdims=True) if logits.shape[1] else logits
    return shifted, xp.sum(xp.exp(shifted), axis=1, keepdims=True)


def _xent(logits, labels):
    """TF's fused kernel: (loss, softmax - labels), rows of [batch, classes]."""
    xp = ns(logits)
    shifted, sum_exp = _shifted_softmax_parts(xp, logits)
    loss = xp.sum(labels * (xp.log(sum_exp) - shifted), axis=1)
    return loss, xp.exp(shifted) / sum_exp - labels


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    """Softmax cross-entropy where ``labels`` are class indices (int32/int64) into the last axis.

    As TF, one fused op (``SparseSoftmaxCrossEntropyWithLogits``); labels get no gradient.
    """
    logits = _float_input("SparseSoftmaxCrossEntropyWithLogits", logits)
    labels = to_tensor(labels)
    op_type = "SparseSoftmaxCrossEntropyWithLogits"
    if labels.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'Tlabels' of {KERNEL_NAMES.get(labels.dtype.name, labels.dtype.name)} is not in the "
            f"list of allowed values: int32, int64 [Op:{op_type}] name: "
            + hint_line(_("labels are class indices; tk.cast(labels, tk.int32), or use "
                          "softmax_cross_entropy_with_logits for one-hot labels.")), op=op_type)
    if logits.ndim == 0 or tuple(labels.shape) != tuple(logits.shape)[:-1]:
        raise ValueError("`labels.shape` must equal `logits.shape` except for the last dimension. "
                         f"Received: labels.shape={tuple(labels.shape)} and "
                         f"logits.shape={tuple(logits.shape)}")
    depth = logits.shape[-1]
    idx = host_value(labels)
    bad = idx[(idx < 0) | (idx >= depth)]
    if bad.size:
        raise InvalidArgumentError(
            f"Received a label value of {int(bad[0])} which is outside the valid range of "
            f"[0, {depth}).  Label values: {' '.join(str(v) for v in idx.reshape(-1))} "
            f"[Op:{op_type}] name: ", op=op_type)
    loss, _backprop = execute_multi(op_type, _sparse_xent,
                            (reshape(logits, [-1, depth]), reshape(labels, [-1])))
    return reshape(loss, list(labels.shape))


def _sparse_xent(logits, labels):
    """TF's fused kernel: (log(sum(exp)) - the label's logit, softmax - one_hot(label))."""
    xp = ns(logits)
    shifted, sum_exp = _shifted_softmax_parts(xp, logits)
    rows = xp.reshape(labels, (-1, 1))
    picked = xp.take_along_axis(shifted, xp.astype(rows, xp.int64), axis=1)
    hot = xp.astype(xp.arange(logits.shape[1])[None, :] == rows, logits.dtype)
    return (xp.log(sum_exp) - picked)[:, 0], xp.exp(shifted) / sum_exp - hot


def _l2_loss(x):
    xp = ns(x)
    return xp.sum(x * x, dtype=x.dtype) / xp.asarray(2, dtype=x.dtype)


def l2_loss(t, name=None):
    """sum(t ** 2) / 2 (no square root), a scalar."""
    return execute("L2Loss", _l2_loss, (_float_input("L2Loss", t),))


def _bias_add(value, bias, channel_axis):
    shape = [1] * value.ndim
    shape[channel_axis] = bias.shape[0]
    return value + ns(bias).reshape(bias, tuple(shape))


def bias_add(value, bias, data_format=None, name=None):
    """value + bias, the bias (rank 1) added along the channel axis (last, or 1 for "NC...")."""
    value, bias = binary_inputs("BiasAdd", value, bias)
    channel_axis = 1 if data_format is not None and str(data_format).startswith("NC") else -1
    if value.ndim < 2:
        raise InvalidArgumentError(f"Input tensor must be at least 2D: {shape_text(value.shape)} [Op:BiasAdd] name: "
                                   + hint_line(_("bias_add expects a batch of rows; use tk.add for a "
                                                 "vector.")), op="BiasAdd")
    if bias.ndim != 1 or bias.shape[0] != value.shape[channel_axis]:
        raise InvalidArgumentError(
            f"Must provide as many biases as the last dimension of the input tensor: {shape_text(bias.shape)} vs. "
            f"{shape_text(value.shape)} [Op:BiasAdd] name: "
            + hint_line(_("the bias needs one entry per channel ({channels}).").format(
                channels=value.shape[channel_axis])),
            op="BiasAdd")
    return execute("BiasAdd", _bias_add, (value, bias), {"channel_axis": channel_axis % value.ndim})


def moments(x, axes, shift=None, keepdims=False, name=None):
    """(mean, variance) over ``axes``, as TF (the variance does not divide by N - 1)."""
    x = to_tensor(x)
    mean = reduce_mean(x, axes, keepdims=True)
    variance = reduce_mean(squared_difference(x, stop_gradient(mean)), axes, keepdims=True)
    if not keepdims:
        ax = list(normalize_axis(axes, x.ndim, "Mean"))
        mean, variance = squeeze(mean, ax), squeeze(variance, ax)
    return mean, variance


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """x / sqrt(max(sum(x ** 2), epsilon)) along ``axis`` (a zero vector stays zero)."""
    axis = dim if axis is None else axis
    x = to_tensor(x)
    square_sum = reduce_sum(square(x), axis, keepdims=True)
    return multiply(x, rsqrt(maximum(square_sum, epsilon)))


# ---------- added for the first-models API: more activations, dropout, embeddings ----------
def silu(features, beta=1.0):
    """x * sigmoid(beta * x) (also called swish); differentiable in x and in beta."""
    x = _float_input("Mul", features)
    beta = cast(to_tensor(beta, x.dtype), x.dtype)
    return multiply(x, sigmoid(multiply(beta, x)))


swish = silu


def log_sigmoid(x, name=None):
    """log(sigmoid(x)) = -softplus(-x), finite for large |x|."""
    x = _float_input("Softplus", x)
    return negative(softplus(negative(x)))


def _softsign(x):
    return x / (1 + ns(x).abs(x))


def softsign(features, name=None):
    """x / (1 + |x|)."""
    return execute("Softsign", _softsign, (_float_input("Softsign", features),))


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """Zero each entry with probability ``rate`` and scale the rest by 1 / (1 - rate).

    ``noise_shape`` (broadcastable to x, None entries taken from x) shares one keep/drop draw
    across the axes where it is 1. ``rate=0`` returns ``x`` unchanged. The draws come from
    ``tk.random`` (NumPy), so which entries drop differs from TF.
    """
    rate_is_number = isinstance(rate, numbers.Real) and not isinstance(rate, bool)
    if rate_is_number and not 0 <= rate < 1:
        raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: "
                         f"rate={rate}")
    x = to_tensor(x)
    if not x.dtype.is_floating:
        raise ValueError("`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype="
                         f"{x.dtype}"
                         + hint_line(_("convert x first, e.g. tk.cast(x, tk.float32).")))
    if rate_is_number and rate == 0:
        get_seed(seed)  # TF still takes an op seed here, so later ops draw the same numbers
        return x
    if rate_is_number:
        kept = multiply(x, to_tensor(1 / (1 - rate), x.dtype))
    elif isinstance(rate, Tensor) or is_variable(rate):
        rate = to_tensor(rate)
        if rate.ndim != 0:
            raise ValueError(f"Shape {rate.shape} must have rank 0: `rate` is one number.")
        rate = cast(rate, x.dtype)
        kept = real_div(x, subtract(to_tensor(1, x.dtype), rate))
    else:
        raise ValueError(f"`rate` must be a scalar or scalar tensor. Received: rate={rate}")
    shape = list(x.shape) if noise_shape is None else \
        [x.shape[i] if d is None else int(d) for i, d in enumerate(_noise_dims(noise_shape))]
    keep = greater_equal(uniform(shape, dtype=x.dtype, seed=seed), rate)
    return where(keep, kept, to_tensor(0, x.dtype))


def _noise_dims(noise_shape) -> list:
    if isinstance(noise_shape, Tensor) or is_variable(noise_shape):
        return [int(d) for d in np.asarray(to_tensor(noise_shape).numpy()).reshape(-1)]
    return list(noise_shape.as_list() if hasattr(noise_shape, "as_list") else noise_shape)


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """(x - mean) / sqrt(variance + epsilon) * scale + offset, as TF composes it."""
    x = to_tensor(x)
    inv = rsqrt(add(variance, variance_epsilon))
    if scale is not None:
        inv = multiply(inv, scale)
    shift = subtract(offset, multiply(mean, inv)) if offset is not None else \
        negative(multiply(mean, inv))
    return add(multiply(x, cast(inv, x.dtype)), cast(shift, x.dtype))
