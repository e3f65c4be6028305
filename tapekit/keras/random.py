"""``keras.random.SeedGenerator``: the seed state a random layer (``Dropout``) keeps as a variable.

tapekit draws the random numbers themselves from ``tk.random`` (so ``tk.random.set_seed`` makes
them repeatable); the generator's state variable exists, and counts draws, as in Keras 3.
"""

from __future__ import annotations

import random as _python_random

from .. import dtypes
from ..tensor import convert_to_tensor
from . import naming
from .variables import Variable


class SeedGenerator:
    """Holds ``state``, a non-trainable int64 variable ``[seed, draws]`` (path ``seed_generator/...``)."""

    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or naming.auto_name("SeedGenerator")
        self._initial_seed = seed
        if seed is None:
            seed = _python_random.randint(1, int(1e9))
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        with naming.name_scope(self.name, caller=self):
            self.state = Variable(convert_to_tensor([seed, 0], dtype=dtypes.int64), trainable=False,
                                  name="seed_generator_state")

    def next(self, ordered=True):
        """The current ``[seed, draws]`` (a Tensor); the draw count goes up by one."""
        value = self.state.value.read_value()
        self.state.assign(value + convert_to_tensor([0, 1], dtype=dtypes.int64))
        return value

    def get_config(self) -> dict:
        return {"seed": self._initial_seed}
