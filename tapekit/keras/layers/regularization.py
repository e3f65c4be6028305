"""``Dropout``: in training, zero each input with probability ``rate`` and scale the rest by ``1/(1-rate)``."""

from __future__ import annotations

import numbers

from ..._base.i18n import _, hint_line
from .. import random
from ..random import SeedGenerator
from .layer import Layer


class Dropout(Layer):
    """Random zeroing when called with ``training=True`` (or inside a model called with it); else the identity.

    The mask is Keras's: TF's stateless uniform numbers at the seed generator's next state, so
    a ``seed`` (or ``keras.utils.set_random_seed``) gives TF's masks.
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
        return random.dropout(inputs, self.rate, noise_shape=self.noise_shape, seed=self.seed_generator)

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
