"""``tk.keras.activations``: the activation functions a layer accepts by name."""

from __future__ import annotations

from ..ops import math_ops, reduction
from ..ops.creation import zeros_like
from ..ops.math_ops import to_tensor


def _nn_op(name):
    """``tk.nn.<name>`` when the nn namespace provides it (it records TF's op type, e.g. ``Relu``)."""
    import tapekit

    nn = getattr(tapekit, "nn", None)
    return getattr(nn, name, None)


def relu(x):
    """``max(x, 0)``, with gradient 0 at ``x == 0`` as in TF."""
    op = _nn_op("relu")
    if op is not None:
        return op(x)
    x = to_tensor(x)
    return math_ops.where(math_ops.greater(x, 0), x, zeros_like(x))


def sigmoid(x):
    return math_ops.sigmoid(x)


def tanh(x):
    return math_ops.tanh(x)


def softmax(x, axis=-1):
    """``exp(x) / sum(exp(x))`` along ``axis`` (shifted by the max, for stability)."""
    op = _nn_op("softmax")
    if op is not None:
        return op(x, axis=axis)
    x = to_tensor(x)
    shifted = x - math_ops.stop_gradient(reduction.reduce_max(x, axis=axis, keepdims=True))
    e = math_ops.exp(shifted)
    return e / reduction.reduce_sum(e, axis=axis, keepdims=True)


def softplus(x):
    """``log(1 + exp(x))``, computed without overflow."""
    op = _nn_op("softplus")
    if op is not None:
        return op(x)
    x = to_tensor(x)
    return relu(x) + math_ops.log1p(math_ops.exp(-math_ops.abs(x)))


def exponential(x):
    return math_ops.exp(x)


def linear(x):
    """The identity: returns ``x`` unchanged."""
    return x


_BY_NAME = {"relu": relu, "sigmoid": sigmoid, "tanh": tanh, "softmax": softmax, "softplus": softplus,
            "exponential": exponential, "linear": linear}


def get(identifier):
    """An activation function from a name, a callable, or None (``linear``)."""
    if identifier is None:
        return linear
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]
    if callable(identifier) and not isinstance(identifier, str):
        return identifier
    raise ValueError(f"Could not interpret activation function identifier: {identifier}\n  Hint: use one "
                     f"of {sorted(_BY_NAME)}, a callable, or None.")
