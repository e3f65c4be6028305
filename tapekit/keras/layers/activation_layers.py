"""Activation layers: ``Activation``, ``ReLU``, ``LeakyReLU``, ``Softmax``."""

from __future__ import annotations

import warnings

from ..._core.ops import nn_ops as nn
from ..._core.ops import math_ops
from ..._core.ops.creation import zeros_like
from ..._core.ops.math_ops import cast, to_tensor
from .. import activations
from .core import activation_name
from .layer import Layer


class Activation(Layer):
    """Applies an activation function: ``Activation("relu")`` or ``Activation(tk.nn.relu)``."""

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)
        self._build_at_init()

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "activation": activation_name(self.activation)}


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Keras's ``relu`` with its options (the plain case is ``tk.nn.relu``, op ``Relu``)."""
    x = to_tensor(x)
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return nn.leaky_relu(x, alpha=negative_slope)
        negative_part = nn.relu(-x + threshold) if threshold != 0 else nn.relu(-x)
    clip_max = max_value is not None
    if threshold != 0:
        x = math_ops.where(math_ops.greater(x, cast(threshold, x.dtype)), x, zeros_like(x))
    elif max_value == 6:
        x = nn.relu6(x)
        clip_max = False
    else:
        x = nn.relu(x)
    if clip_max:
        x = math_ops.minimum(math_ops.maximum(x, cast(0.0, x.dtype)), cast(max_value, x.dtype))
    if negative_slope != 0.0:
        x = x - negative_slope * negative_part
    return x


class ReLU(Layer):
    """``max(x, 0)``; with ``max_value``, ``negative_slope`` and ``threshold`` as in Keras."""

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(f"max_value of a ReLU layer cannot be a negative value. Received: max_value={max_value}")
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError("negative_slope of a ReLU layer cannot be None or a negative value. Received: "
                             f"negative_slope={negative_slope}")
        if threshold is None or threshold < 0.0:
            raise ValueError(f"threshold of a ReLU layer cannot be None or a negative value. Received: "
                             f"threshold={threshold}")
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs):
        return relu(inputs, negative_slope=self.negative_slope, max_value=self.max_value, threshold=self.threshold)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "max_value": self.max_value, "negative_slope": self.negative_slope,
                "threshold": self.threshold}


class LeakyReLU(Layer):
    """``x`` for ``x >= 0``, else ``negative_slope * x`` (default 0.3)."""

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn("Argument `alpha` is deprecated. Use `negative_slope` instead.", UserWarning, stacklevel=2)
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError("The negative_slope value of a Leaky ReLU layer cannot be None or negative value. "
                             f"Expected a float. Received: negative_slope={negative_slope}")
        self.negative_slope = negative_slope
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs):
        return nn.leaky_relu(to_tensor(inputs), alpha=self.negative_slope)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "negative_slope": self.negative_slope}


class Softmax(Layer):
    """``exp(x) / sum(exp(x))`` along ``axis`` (default -1)."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs, mask=None):
        if mask is not None:
            inputs = math_ops.where(cast(mask, "bool"), inputs, cast(-1e9, inputs.dtype))
        return nn.softmax(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}
