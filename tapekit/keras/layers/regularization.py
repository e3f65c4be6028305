"""``Dropout``: in training, zero each input with probability ``rate`` and scale the rest by ``1/(1-rate)``."""

from __future__ import annotations

import numbers

from ...i18n import _, hint_line
from ...ops import random_ops
from ...ops.math_ops import cast, greater_equal
from ..random import SeedGenerator
from .layer import Layer


class Dropout(Layer):
    """Random zeroing when called with ``training=True`` (or inside a model called with it); else the identity.

    The random values come from ``tk.random`` (set ``tk.random.set_seed`` to repeat them); they
    differ from TF's, by design.
    """

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(rate, numbers.Real):
            raise TypeError(f"Invalid value received for argument `rate`: expected a float between 0 and 1, got "
                            f"{type(rate).__name__} {rate!r}."
                            + hint_line(_("rate is the fraction of inputs to drop, such as 0.5.")))
        if not 0 <= rate <= 1:
            raise ValueError("Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             f"Received: rate={rate}")
        self.rate = rate
        self.seed = seed
        self.noise_shape = _validate_noise_shape(noise_shape)
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs, training=False):
        if not (training and self.rate > 0):
            return inputs
        self.seed_generator.next()
        shape = tuple(inputs.shape)
        if self.noise_shape is not None:
            shape = tuple(s if n is None else n for n, s in zip(self.noise_shape, shape))
        keep = cast(greater_equal(random_ops.uniform(shape, dtype=inputs.dtype), self.rate), inputs.dtype)
        return inputs * (1.0 / (1.0 - self.rate)) * keep

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape}


def _validate_noise_shape(noise_shape):
    if noise_shape is None:
        return None
    if isinstance(noise_shape, str):
        raise ValueError("Invalid value received for argument `noise_shape`. Expected a tuple or list of integers. "
                         f"Received: noise_shape={noise_shape}")
    noise_shape = tuple(noise_shape)
    for i, dim in enumerate(noise_shape):
        if dim is not None and (not isinstance(dim, int) or dim <= 0):
            raise ValueError("Invalid value received for argument `noise_shape`. Expected all dimensions to be "
                             f"positive integers or None. Received: {dim} at index {i}")
    return noise_shape
