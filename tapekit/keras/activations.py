"""``tk.keras.activations``: Keras 3's activation functions, by name for layers (``"gelu"``).

Each is built from ``tk.nn`` / ``tk.math`` ops as Keras 3's TensorFlow backend builds it, so a
layer with ``activation="gelu"`` records the same ops and gives the same values and gradients as
in TF 2.21. Defaults are Keras's (``gelu`` exact, ``leaky_relu`` slope 0.2, ``elu`` alpha 1).
"""

from __future__ import annotations

from .._base.i18n import _, hint_line
from .._core.ops import math_ops, nn_ops, reduction
from .._core.ops.array_ops import clip_by_value, reshape, split
from .._core.ops.creation import ones_like, zeros_like
from .._core.ops.creation import range as range_
from .._core.ops.math_ops import cast, to_tensor
from .._core.ops.sort_ops import sort


def _float(x):
    x = to_tensor(x)
    return x if x.dtype.is_floating else cast(x, "float32")


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """max(x, 0), or Keras's variants: a leak below ``threshold``, a cap at ``max_value``."""
    x = to_tensor(x)
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return nn_ops.leaky_relu(x, alpha=negative_slope)
        negative_part = nn_ops.relu(-x + threshold) if threshold != 0 else nn_ops.relu(-x)
    clip_max = max_value is not None
    if threshold != 0:
        x = math_ops.where(math_ops.greater(x, cast(threshold, x.dtype)), x, zeros_like(x))
    elif max_value == 6:
        x, clip_max = nn_ops.relu6(x), False
    else:
        x = nn_ops.relu(x)
    if clip_max:
        x = math_ops.minimum(math_ops.maximum(x, cast(0.0, x.dtype)), cast(max_value, x.dtype))
    if negative_slope != 0.0:
        x = x - negative_slope * negative_part
    return x


def relu6(x):
    """min(max(x, 0), 6)."""
    return nn_ops.relu6(x)


def leaky_relu(x, negative_slope=0.2):
    """x for x > 0, else ``negative_slope * x``."""
    return nn_ops.leaky_relu(x, alpha=negative_slope)


def elu(x, alpha=1.0):
    """x for x > 0, else ``alpha * (exp(x) - 1)``."""
    x = to_tensor(x)
    res = nn_ops.elu(x)
    return res if alpha == 1 else math_ops.where(x > 0, res, alpha * res)


def selu(x):
    """Scaled ELU with the self-normalising constants."""
    return nn_ops.selu(x)


def celu(x, alpha=1.0):
    """max(x, 0) + alpha * (exp(min(x, 0) / alpha) - 1)."""
    x = to_tensor(x)
    return math_ops.maximum(x, 0.0) + alpha * math_ops.expm1(math_ops.minimum(x, 0.0) / alpha)


def gelu(x, approximate=False):
    """x * Phi(x), exact (erf) by default; ``approximate=True`` uses the tanh formula."""
    return nn_ops.gelu(x, approximate=approximate)


def silu(x):
    """x * sigmoid(x) (swish)."""
    return nn_ops.silu(x)


swish = silu


def sigmoid(x):
    return math_ops.sigmoid(x)


def tanh(x):
    return math_ops.tanh(x)


def softmax(x, axis=-1):
    """exp(x) / sum(exp(x)) along ``axis``."""
    return nn_ops.softmax(x, axis=axis)


def log_softmax(x, axis=-1):
    """x - logsumexp(x) along ``axis``."""
    return nn_ops.log_softmax(x, axis=axis)


def softplus(x):
    """log(1 + exp(x))."""
    return math_ops.softplus(x)


def softsign(x):
    """x / (1 + |x|)."""
    return nn_ops.softsign(x)


def log_sigmoid(x):
    """log(sigmoid(x))."""
    return nn_ops.log_sigmoid(x)


def mish(x):
    """x * tanh(softplus(x))."""
    x = to_tensor(x)
    return x * math_ops.tanh(math_ops.softplus(x))


def exponential(x):
    return math_ops.exp(x)


def hard_sigmoid(x):
    """relu6(x + 3) / 6: 0 below -3, 1 above 3, linear between."""
    x = to_tensor(x)
    return nn_ops.relu6(x + cast(3.0, x.dtype)) / cast(6.0, x.dtype)


def hard_silu(x):
    """x * hard_sigmoid(x) (hard swish)."""
    x = to_tensor(x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


def hard_tanh(x):
    """x clipped to [-1, 1]."""
    return clip_by_value(_float(x), -1.0, 1.0)


def hard_shrink(x, threshold=0.5):
    """x where |x| > threshold, else 0."""
    x = _float(x)
    return math_ops.where(math_ops.abs(x) > threshold, x, zeros_like(x))


def soft_shrink(x, threshold=0.5):
    """x - threshold above it, x + threshold below -threshold, else 0."""
    x = _float(x)
    zero = zeros_like(x)
    return math_ops.where(x > threshold, x - threshold,
                          math_ops.where(x < -threshold, x + threshold, zero))


def tanh_shrink(x):
    """x - tanh(x)."""
    x = _float(x)
    return x - math_ops.tanh(x)


def sparse_plus(x):
    """0 below -1, x above 1, (x + 1)^2 / 4 between."""
    x = _float(x)
    return math_ops.where(x <= -1.0, zeros_like(x),
                          math_ops.where(x < 1.0, 0.25 * math_ops.pow(x + 1.0, 2.0), x))


def sparse_sigmoid(x):
    """0 below -1, 1 above 1, (x + 1) / 2 between."""
    x = _float(x)
    return math_ops.where(x <= -1.0, zeros_like(x),
                          math_ops.where(x >= 1.0, ones_like(x), 0.5 * (x + 1.0)))


def squareplus(x, b=4):
    """(x + sqrt(x^2 + b)) / 2."""
    x = _float(x)
    return (x + math_ops.sqrt(math_ops.square(x) + cast(b, x.dtype))) / 2.0


def threshold(x, threshold, default_value):
    """x where x > threshold, else ``default_value``."""
    x = _float(x)
    return math_ops.where(x > threshold, x, default_value)


def glu(x, axis=-1):
    """a * sigmoid(b), where a and b are the two halves of x along ``axis``."""
    x = _float(x)
    if x.shape[axis] % 2:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={tuple(x.shape)} with "
                         f"axis={axis}")
    a, b = split(x, 2, axis=axis)
    return a * math_ops.sigmoid(b)


def sparsemax(x, axis=-1):
    """The Euclidean projection of x onto the probability simplex along ``axis``."""
    x = _float(x)
    axis = axis % x.ndim
    ranked = sort(x, axis=axis, direction="DESCENDING")
    cumulative = reduction.cumsum(ranked, axis=axis)
    k = reshape(cast(range_(1, x.shape[axis] + 1), x.dtype),
                [-1 if i == axis else 1 for i in range(x.ndim)])
    support = ranked - (cumulative - 1.0) / k > 0
    safe = math_ops.where(support, cumulative, zeros_like(cumulative))
    count = reduction.reduce_sum(cast(support, x.dtype), axis=axis, keepdims=True)
    tau = (reduction.reduce_sum(safe, axis=axis, keepdims=True) - 1.0) / count
    return math_ops.maximum(x - tau, 0.0)


def linear(x):
    """The identity: returns ``x`` unchanged."""
    return x


_BY_NAME = {f.__name__: f for f in (
    celu, elu, exponential, gelu, glu, hard_shrink, hard_sigmoid, hard_silu, hard_tanh, leaky_relu,
    linear, log_sigmoid, log_softmax, mish, relu, relu6, selu, sigmoid, silu, soft_shrink, softmax,
    softplus, softsign, sparse_plus, sparse_sigmoid, sparsemax, squareplus, tanh, tanh_shrink,
    threshold)}
_BY_NAME.update(swish=silu, hard_swish=hard_silu)


def serialize(activation) -> str:
    """The name Keras stores for an activation function."""
    for name, fn in _BY_NAME.items():
        if fn is activation:
            return name
    return getattr(activation, "__name__", str(activation))


def deserialize(config, custom_objects=None):
    name = config.get("config", config.get("class_name")) if isinstance(config, dict) else config
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    return get(name)


def get(identifier):
    """An activation function from a name (``"gelu"``), a callable, or None (``linear``)."""
    if identifier is None:
        return linear
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]
    if callable(identifier) and not isinstance(identifier, str):
        return identifier
    raise ValueError(f"Could not interpret activation function identifier: {identifier}"
                     + hint_line(_("use one of {names}, a callable, or None.").format(names=sorted(_BY_NAME))))
