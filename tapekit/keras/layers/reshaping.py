"""Reshaping layers: ``Flatten`` and ``Reshape`` (the batch axis is kept)."""

from __future__ import annotations

import math

from ..._base.i18n import _, hint_line
from ..._core.ops.array_ops import reshape, transpose
from .input_spec import InputSpec
from .layer import Layer


class Flatten(Layer):
    """``(batch, d1, d2, ...)`` -> ``(batch, d1 * d2 * ...)``; a 1-D input becomes ``(batch, 1)``."""

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        if data_format not in (None, "channels_last", "channels_first"):
            raise ValueError("The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                             f"Received: data_format={data_format}")
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(min_ndim=1)

    def call(self, inputs):
        shape = tuple(inputs.shape)
        if self.data_format == "channels_first" and len(shape) > 2:
            inputs = transpose(inputs, [0] + list(range(2, len(shape))) + [1])
        return reshape(inputs, (shape[0], math.prod(shape[1:]) if len(shape) > 1 else 1))

    def compute_output_shape(self, input_shape):
        rest = input_shape[1:]
        size = None if any(d is None for d in rest) else math.prod(rest)
        return (input_shape[0], size if rest else 1)

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format}


class Reshape(Layer):
    """Reshape each example to ``target_shape`` (one entry may be -1)."""

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(target_shape, (list, tuple)) or not all(
                d is None or isinstance(d, int) for d in target_shape):
            raise TypeError(f"The `target_shape` argument must be a tuple of integers (one may be -1). Received: "
                            f"target_shape={target_shape!r}"
                            + hint_line(_("give the shape of one example, such as (4, 3) or (-1,).")))
        target_shape = tuple(target_shape)
        if sum(1 for d in target_shape if d == -1) > 1 or any(d is not None and d != -1 and d <= 0
                                                               for d in target_shape):
            raise ValueError(f"The `target_shape` argument must not contain more than one `-1` value and all other "
                             f"values must be positive. Received: target_shape={target_shape}")
        self.target_shape = target_shape
        self.built = True

    def _resolved(self, example_shape):
        if -1 not in self.target_shape:
            return self.target_shape
        if any(d is None for d in example_shape):
            return tuple(None if d == -1 else d for d in self.target_shape)
        known = math.prod(d for d in self.target_shape if d != -1)
        total = math.prod(example_shape)
        if known == 0 or total % known:
            raise ValueError(f"The total size of the tensor must be unchanged. Received: input_shape="
                             f"{example_shape}, target_shape={self.target_shape}")
        return tuple(total // known if d == -1 else d for d in self.target_shape)

    def call(self, inputs):
        shape = tuple(inputs.shape)
        return reshape(inputs, (shape[0],) + self._resolved(shape[1:]))

    def compute_output_shape(self, input_shape):
        return (input_shape[0],) + self._resolved(tuple(input_shape[1:]))

    def get_config(self) -> dict:
        return {**super().get_config(), "target_shape": self.target_shape}
