"""``keras.random``: Keras 3's seeded draws (``random_draws.py``, TF's numbers) and ``SeedGenerator``."""

from __future__ import annotations

from .._base import dtypes
from .._core.values.tensor import convert_to_tensor
from . import naming
from .random_draws import (SeedSource, beta, binomial, categorical, draw_seed, dropout, gamma, make_default_seed,
                           normal, randint, shuffle, truncated_normal, uniform)
from .variables import Variable

__all__ = ["SeedGenerator", "beta", "binomial", "categorical", "draw_seed", "dropout", "gamma", "normal", "randint",
           "shuffle", "truncated_normal", "uniform"]


class SeedGenerator(SeedSource):
    """Holds ``state``, a non-trainable int64 variable ``[seed, draws]`` (path ``seed_generator/...``)."""

    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or naming.auto_name("SeedGenerator")
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        with naming.name_scope(self.name, caller=self):
            self.state = Variable(convert_to_tensor([seed, 0], dtype=dtypes.int64), trainable=False,
                                  name="seed_generator_state")

    def next(self, ordered=True):
        """The current ``[seed, draws]`` (a Tensor); then the state moves on as Keras's does."""
        value = self.state.value.read_value()
        if ordered:
            self.state.assign(value + convert_to_tensor([0, 1], dtype=dtypes.int64))
        else:   # Keras's sequence of near-unique numbers below 933199, for the global generator
            self.state.assign((value + 1) * 5387 % 933199)
        return value

    def get_config(self) -> dict:
        return {"seed": self._initial_seed, "name": self.name}
