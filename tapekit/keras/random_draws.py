"""Keras 3's seeded draws on the TF backend (``keras.random.normal`` ...), drawing TF's numbers.

Keras never uses TF's stateful ops: every draw is a TF *stateless* op whose seed pair comes from
``draw_seed``: an integer ``seed`` gives ``[seed, 0]`` (so an initializer with ``seed=3`` returns
the same values on every call), a seed generator its state ``[seed, n]`` (then ``n`` goes up by
one), and ``None`` the global generator's state. A generator made without a seed, and every Keras
initializer made without one, takes ``random.randint(1, 10**9)`` from Python's ``random`` module,
so ``keras.utils.set_random_seed(s)`` (which seeds it) fixes a model's weights.

``keras.random.SeedGenerator`` (``random.py``) keeps its state in a Keras variable; this module
only knows it as a ``SeedSource``, so the initializers can draw without importing variables.
"""

from __future__ import annotations

import random as _python_random

import numpy as np

from .._base import dtypes
from .._core.ops import random_gamma, random_generator
from .._core.ops.array_ops import broadcast_to
from .._core.ops.creation import zeros_like
from .._core.ops.math_ops import add, cast, divide, greater_equal, multiply, where
from .._core.values.tensor import Tensor, constant, convert_to_tensor

_INT32_MAX = 2**31 - 1


def make_default_seed() -> int:
    """The seed Keras picks when none is given: the next ``randint(1, 10**9)`` of Python's ``random``."""
    return _python_random.randint(1, int(1e9))


class SeedSource:
    """What ``draw_seed`` takes besides an int: ``next(ordered)`` returns ``[seed, n]`` and moves on."""

    def next(self, ordered=True):
        raise NotImplementedError


class _GlobalSeedGenerator(SeedSource):
    """The generator unseeded draws use: Keras's sequence of near-unique numbers below 933199."""

    def __init__(self):
        self.state = np.array([make_default_seed(), 0], dtype=np.int64)

    def next(self, ordered=True):
        value = self.state
        self.state = value + np.array([0, 1]) if ordered else (value + 1) * 5387 % 933199
        return constant(value)


class _Global:
    seed_generator = None


def global_seed_generator() -> SeedSource:
    """The generator unseeded ``keras.random`` draws use (made on first use, as Keras does)."""
    if _Global.seed_generator is None:
        _Global.seed_generator = _GlobalSeedGenerator()
    return _Global.seed_generator


def reset_global_seed_generator() -> None:
    """Forget the global generator (``keras.utils.set_random_seed`` does): the next draw makes a new one."""
    _Global.seed_generator = None


def draw_seed(seed) -> Tensor:
    """The int32 seed pair of one Keras draw (Keras's ``draw_seed``, then the TF backend's ``_cast_seed``)."""
    if isinstance(seed, SeedSource):
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
    # Keras's tf.cast(bound, dtype): a Python float becomes a float32 tensor first, then dtype
    bounds = [cast(convert_to_tensor(v), dtype) for v in (minval, maxval)]
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


def gamma(shape, alpha, dtype=None, seed=None) -> Tensor:
    """Gamma samples of shape ``alpha`` (TF's stateless gamma)."""
    return random_gamma.stateless_gamma(shape, draw_seed(seed), alpha=alpha, dtype=_float(dtype))


def binomial(shape, counts, probabilities, dtype=None, seed=None) -> Tensor:
    """The number of successes in ``counts`` trials of probability ``probabilities`` (TF's stateless binomial)."""
    return random_generator.stateless_binomial(shape, draw_seed(seed), counts=counts, probs=probabilities,
                                               output_dtype=_float(dtype))


def beta(shape, alpha, beta, dtype=None, seed=None) -> Tensor:
    """Beta samples as Keras draws them: ``X / (X + Y)``, X and Y gamma samples of shapes ``alpha`` and
    ``beta``, Y's seed pair X's plus 12 (int32, as Keras adds it)."""
    dtype = _float(dtype)
    first = draw_seed(seed)
    second = constant((first.numpy() + np.int32(12)).astype(np.int32))   # wraps as TF's int32 add
    shape = tuple(int(d) for d in shape)
    alpha = broadcast_to(convert_to_tensor(alpha, dtype=dtype), shape)
    beta = broadcast_to(convert_to_tensor(beta, dtype=dtype), shape)
    gamma_a = random_gamma.stateless_gamma(shape, first, alpha=alpha, dtype=dtype)
    gamma_b = random_gamma.stateless_gamma(shape, second, alpha=beta, dtype=dtype)
    return divide(gamma_a, add(gamma_a, gamma_b))


def categorical(logits, num_samples, dtype="int32", seed=None) -> Tensor:
    """Class indices drawn from ``softmax(logits)`` (TF's stateless categorical, then cast)."""
    out = random_generator.stateless_categorical(logits, num_samples, draw_seed(seed))
    return constant(out.numpy().astype(dtypes.as_dtype(dtype).numpy_dtype))
