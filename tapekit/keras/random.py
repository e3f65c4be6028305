"""``keras.random``: Keras 3's seeded draws (TF backend) and ``SeedGenerator``, drawing TF's numbers.

Keras never uses TF's stateful ops: every draw is a TF *stateless* op whose seed pair comes from
``draw_seed``: an integer ``seed`` gives ``[seed, 0]`` (so an initializer with ``seed=3`` returns
the same values on every call), a ``SeedGenerator`` its state ``[seed, n]`` (then ``n`` goes up by
one), and ``None`` the global ``SeedGenerator``'s state. A ``SeedGenerator`` made without a seed,
and every Keras initializer made without one, takes ``random.randint(1, 10**9)`` from Python's
``random`` module, so ``keras.utils.set_random_seed(s)`` (which seeds it) fixes a model's weights.
"""

from __future__ import annotations

import random as _python_random

import numpy as np

from .. import dtypes
from ..ops import random_generator
from ..ops.creation import zeros_like
from ..ops.math_ops import greater_equal, multiply, where
from ..tensor import Tensor, constant, convert_to_tensor
from . import naming
from .variables import Variable

_INT32_MAX = 2**31 - 1


def make_default_seed() -> int:
    """The seed Keras picks when none is given: the next ``randint(1, 10**9)`` of Python's ``random``."""
    return _python_random.randint(1, int(1e9))


class SeedGenerator:
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


class _Global:
    seed_generator = None


def global_seed_generator() -> SeedGenerator:
    """The generator unseeded ``keras.random`` draws use (made on first use, as Keras does)."""
    if _Global.seed_generator is None:
        _Global.seed_generator = SeedGenerator()
    return _Global.seed_generator


def reset_global_seed_generator() -> None:
    """Forget the global generator (``keras.utils.set_random_seed`` does): the next draw makes a new one."""
    _Global.seed_generator = None


def draw_seed(seed) -> Tensor:
    """The int32 seed pair of one Keras draw (Keras's ``draw_seed``, then the TF backend's ``_cast_seed``)."""
    if isinstance(seed, SeedGenerator):
        pair = seed.next().numpy()
    elif isinstance(seed, int) and not isinstance(seed, bool):
        pair = np.array([seed, 0], dtype=np.int64)
    elif seed is None:
        pair = global_seed_generator().next(ordered=False).numpy()
    else:
        raise ValueError("Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
                         f"Received: seed={seed} (of type {type(seed)})")
    return constant(np.mod(pair, _INT32_MAX - 1).astype(np.int32))


def _float(dtype):
    return dtypes.float32 if dtype is None else dtypes.as_dtype(dtype)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None) -> Tensor:
    return random_generator.stateless_normal(shape, draw_seed(seed), mean=mean, stddev=stddev, dtype=_float(dtype))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None) -> Tensor:
    return random_generator.stateless_truncated_normal(shape, draw_seed(seed), mean=mean, stddev=stddev,
                                                       dtype=_float(dtype))


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None) -> Tensor:
    dtype = _float(dtype)
    bounds = [constant(np.asarray(v, dtype=dtype.numpy_dtype)) for v in (minval, maxval)]
    return random_generator.stateless_uniform(shape, draw_seed(seed), minval=bounds[0], maxval=bounds[1],
                                              dtype=dtype)


def randint(shape, minval, maxval, dtype="int32", seed=None) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    drawn = dtype if dtype in (dtypes.int32, dtypes.int64) else dtypes.int64
    out = random_generator.stateless_uniform(shape, draw_seed(seed), minval=minval, maxval=maxval, dtype=drawn)
    return constant(out.numpy().astype(dtype.numpy_dtype))


def dropout(inputs, rate, noise_shape=None, seed=None) -> Tensor:
    """Zero each value with probability ``rate`` and scale the rest (TF's ``stateless_dropout``)."""
    inputs = convert_to_tensor(inputs)
    if rate == 1.0:
        return zeros_like(inputs)
    if rate == 0.0:
        return inputs
    pair = draw_seed(seed)
    shape = tuple(inputs.shape) if noise_shape is None else \
        tuple(s if n is None else int(n) for n, s in zip(noise_shape, inputs.shape))
    scaled = multiply(inputs, constant(np.asarray(1 / (1 - rate), dtype=inputs.dtype.numpy_dtype)))
    keep = greater_equal(random_generator.stateless_uniform(shape, pair, dtype=inputs.dtype),
                         constant(np.asarray(rate, dtype=inputs.dtype.numpy_dtype)))
    return where(keep, scaled, constant(np.zeros((), dtype=inputs.dtype.numpy_dtype)))


def shuffle(x, axis=0, seed=None) -> Tensor:
    """``x`` permuted along ``axis``: the order that sorts one uniform number per position (Keras's)."""
    x = convert_to_tensor(x)
    keys = random_generator.stateless_uniform([x.shape[axis]], draw_seed(seed)).numpy()
    return constant(np.take(x.numpy(), np.argsort(keys, kind="stable"), axis=axis), dtype=x.dtype)
