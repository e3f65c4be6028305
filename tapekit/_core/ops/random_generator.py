"""``tk.random.Generator``: TF's stateful random number generator, with TF's state semantics.

The state is an int64 Variable ``[counter_lo, counter_hi, key]`` (Philox; ThreeFry keeps
``[counter, key]``), named ``StateVar:0``. Every draw reads the state, then advances the
128-bit counter by 256 per element drawn, exactly as TF does, so ``state``, ``reset``, ``skip``,
``split`` and ``make_seeds`` behave as in TF and equal states give equal draws. A draw reads
Philox-4x32-10 (``philox.py``) at that key and counter and transforms the bits as TF's CPU kernels
do (``random_distributions.py``): the numbers are TensorFlow's, bit for bit.

The stateless ops (``stateless_normal(shape, seed)`` ...) first scramble their two seeds into a
key and counter with one Philox block, as TF's ``StatelessRandomGetKeyCounter`` does.
"""

from __future__ import annotations

import enum
import os

import numpy as np

from ..._base import dtypes
from ...errors import InvalidArgumentError, NotFoundError, UnimplementedError
from ..._base.i18n import _, hint_line
from ...backend import to_host
from ..values.tensor import Tensor, constant, convert_to_tensor
from .args import named_conversion
from ..record.variable import Variable
from . import random_distributions as dist
from .philox import PhiloxStream
from .random_ops import (check_int_bounds, draw_categorical, float_dtype, permutation, random_shape,
                         scale_and_shift)

_MASK64 = (1 << 64) - 1


class Algorithm(enum.Enum):
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


_ALG_NAMES = {"philox": 1, "threefry": 2, "auto_select": 3}


def _alg(alg) -> int:
    if alg is None:
        return Algorithm.PHILOX.value
    if isinstance(alg, Algorithm):
        alg = alg.value
    if isinstance(alg, str):
        if alg.lower() not in _ALG_NAMES:
            raise ValueError(f"Argument `alg` got unsupported value {alg}. Supported values are philox for "
                             "the Philox algorithm, threefry for the ThreeFry algorithm, and auto_select "
                             "for auto-selection.")
        alg = _ALG_NAMES[alg.lower()]
    alg = int(alg)
    # AUTO_SELECT picks Philox on CPU, as TF does
    return Algorithm.PHILOX.value if alg == Algorithm.AUTO_SELECT.value else alg


def _state_size(alg: int) -> int:
    return 3 if alg == Algorithm.PHILOX.value else 2


def _words(value: int, size: int) -> list:
    """An integer as ``size`` 64-bit words, low first (negative numbers sign-extended)."""
    return [(value >> (64 * i)) & _MASK64 for i in range(size)]


def _signed(word: int) -> int:
    return word - (1 << 64) if word >= 1 << 63 else word


def create_rng_state(seed, alg):
    """The initial state TF builds from a seed: an integer's 64-bit words (low first, then zeros);
    a vector's first values, with zeros in front when it is short."""
    alg = _alg(alg)
    if isinstance(seed, str) or (isinstance(seed, Tensor) and seed.dtype.is_string):
        raise UnimplementedError("Cast string to int64 is not supported [Op:Cast] name: "
                                 + hint_line(_("a seed is an integer.")), op="Cast")
    size = _state_size(alg)
    if isinstance(seed, int):
        return constant(np.array([_signed(w) for w in _words(seed, size)], dtype=np.int64))
    seed = seed if isinstance(seed, Tensor) else named_conversion(convert_to_tensor, seed, "seed", "Generator")
    values = to_host(seed.value).astype(np.int64).reshape(-1)[:size]
    return constant(np.concatenate([np.zeros(size - values.size, dtype=np.int64), values]))


class Generator:
    """A random number generator whose state is a Variable (TF's ``tf.random.Generator``).

    Make one with ``Generator.from_seed(seed)``, ``from_non_deterministic_state()``,
    ``from_state(state, alg)`` or ``from_key_counter(key, counter, alg)``.
    """

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            if not isinstance(copy_from, Generator):
                raise AttributeError(f"'{type(copy_from).__name__}' object has no attribute 'state'")
            state, alg = copy_from.state.numpy(), copy_from.algorithm
        if state is None:
            raise ValueError("Generator needs `copy_from` or `state` (use Generator.from_seed(seed)).")
        self._alg = _alg(alg)
        values = np.asarray(state.numpy() if hasattr(state, "numpy") else state).astype(np.int64)
        if values.shape != (_state_size(self._alg),):
            raise ValueError(f"The state must be a vector of {_state_size(self._alg)} int64 values for "
                             f"this algorithm, got shape {values.shape}.")
        self._state_var = Variable(values, trainable=False, name="StateVar")

    # ----- construction -----
    @classmethod
    def from_seed(cls, seed, alg=None) -> Generator:
        alg = _alg(alg)
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_state(cls, state, alg) -> Generator:
        return cls(state=state, alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None) -> Generator:
        alg = _alg(alg)
        words = np.frombuffer(os.urandom(8 * _state_size(alg)), dtype=np.int64)
        return cls(state=words, alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg) -> Generator:
        counter = list(np.asarray(counter.numpy() if hasattr(counter, "numpy") else counter).reshape(-1))
        key = int(np.asarray(key.numpy() if hasattr(key, "numpy") else key))
        return cls(state=counter + [key], alg=alg)

    # ----- state -----
    @property
    def state(self):
        return self._state_var

    @property
    def algorithm(self) -> int:
        return self._alg

    @property
    def key(self) -> Tensor:
        return constant(self._state_var.numpy()[-1], dtype=dtypes.int64)

    def reset(self, state) -> None:
        self._state_var.assign(np.asarray(state.numpy() if hasattr(state, "numpy") else state, np.int64))

    def reset_from_seed(self, seed) -> None:
        self.reset(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key, counter) -> None:
        counter = list(np.asarray(counter).reshape(-1))
        self.reset(np.asarray(counter + [int(key)], np.int64))

    def skip(self, delta) -> Tensor:
        """Advance the counter as ``delta`` draws would; returns the state before the skip."""
        old = self._state_var.numpy().copy()
        counter_words = [int(w) & _MASK64 for w in old[:-1]]
        counter = sum(w << (64 * i) for i, w in enumerate(counter_words))
        counter = (counter + int(delta) * 256) % (1 << (64 * len(counter_words)))
        new = [_signed(w) for w in _words(counter, len(counter_words))] + [int(old[-1])]
        self._state_var.assign(np.asarray(new, np.int64))
        return constant(old)

    def _stream(self, count: int) -> PhiloxStream:
        """The stream a draw of ``count`` values reads; the state moves on past it."""
        if self._alg != Algorithm.PHILOX.value:
            raise UnimplementedError("Non-XLA devices don't support the ThreeFry algorithm. [Op:RngReadAndSkip] "
                                     "name: " + hint_line(_("use the Philox algorithm (the default), e.g. "
                                                            "tk.random.Generator.from_seed(seed).")),
                                     op="RngReadAndSkip")
        old = self.skip(count).numpy()
        return PhiloxStream.from_key_counter(int(old[-1]), old[:-1])

    # ----- draws -----
    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None) -> Tensor:
        """Normal samples with ``mean`` and ``stddev``."""
        dtype = float_dtype(dtype, "StatelessRandomNormalV2")
        shape = random_shape(shape, "StatelessRandomNormalV2")
        mean, stddev = _value(mean, dtype), _value(stddev, dtype)
        return scale_and_shift(_sample(self._stream, dist.normal, shape, dtype), stddev, mean, dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None) -> Tensor:
        """Normal samples redrawn until within two standard deviations of the mean."""
        dtype = float_dtype(dtype, "StatelessTruncatedNormalV2")
        shape = random_shape(shape, "StatelessTruncatedNormalV2")
        mean, stddev = _value(mean, dtype), _value(stddev, dtype)
        return scale_and_shift(_sample(self._stream, dist.truncated_normal, shape, dtype), stddev, mean, dtype)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None) -> Tensor:
        """Uniform samples in ``[minval, maxval)``; integers need both bounds (or neither: full range)."""
        dtype = dtypes.as_dtype(dtype)
        if dtype in (dtypes.uint32, dtypes.uint64) and minval is not None:
            raise NotFoundError(f"Could not find device for node: {{{{node StatelessRandomUniformIntV2}}}} = "
                                f"StatelessRandomUniformIntV2[Tshape=DT_INT32, dtype=DT_{dtype.name.upper()}] "
                                "[Op:StatelessRandomUniformIntV2] name: "
                                + hint_line(_("bounded integers are int32 or int64; unsigned ones take no bounds "
                                              "(uniform_full_int).")), op="StatelessRandomUniformIntV2")
        return draw_uniform(self._stream, shape, minval, maxval, dtype)

    def uniform_full_int(self, shape, dtype=dtypes.uint64, name=None) -> Tensor:
        """Integers drawn uniformly from the whole range of ``dtype``."""
        return draw_full_int(self._stream, shape, dtype)

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None) -> Tensor:
        """Binomial samples: successes out of ``counts`` trials with probability ``probs``.

        ``shape`` ends with the broadcast shape of ``counts`` and ``probs``; the state moves on
        by TF's reservation for the draw.
        """
        shape, counts, probs, per_batch = _binomial_args(shape, constant(counts), constant(probs),
                                                         "StatefulRandomBinomial")
        stream = self._stream(counts.size * 2 * 100 * (per_batch + 3) // 4)   # TF's reservation
        return _binomial(stream, shape, counts, probs, per_batch, dtype)

    def make_seeds(self, count=1) -> Tensor:
        """A ``[2, count]`` int64 tensor of seeds for stateless random ops."""
        keys = self._int64_keys(count)
        return constant(np.stack([keys, np.zeros_like(keys)]))

    def split(self, count=1) -> list:
        """``count`` new generators, independent of this one and of each other."""
        size = _state_size(self._alg)
        return [Generator(state=[0] * (size - 1) + [int(k)], alg=self._alg)
                for k in self._int64_keys(count)]

    def _int64_keys(self, count: int) -> np.ndarray:
        return self.uniform_full_int([int(count)], dtype=dtypes.int64).numpy()


def _value(value, dtype) -> np.ndarray:
    return np.asarray(constant(value, dtype=dtype).numpy())


def _sample(stream_for, sampler, shape: tuple, dtype) -> np.ndarray:
    """``sampler``'s values for ``shape``, drawn from ``stream_for(count)`` (a Generator's or a seed's)."""
    count = int(np.prod(shape, dtype=np.int64))
    return sampler(stream_for(count), count, dtype.numpy_dtype).reshape(shape)


def draw_uniform(stream_for, shape, minval, maxval, dtype) -> Tensor:
    """TF's ``uniform`` of a Generator or stateless op: floats scaled to the bounds, integers by modulo."""
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer:
        if (minval is None) != (maxval is None):
            raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both `None` or both "
                             f"non-`None`; got minval={minval} and maxval={maxval}")
        if minval is None:
            return draw_full_int(stream_for, shape, dtype)
        shape = random_shape(shape, "StatelessRandomUniformIntV2")
        lo, hi = _value(minval, dtype), _value(maxval, dtype)
        check_int_bounds(lo, hi, "StatelessRandomUniformIntV2")
        sample = _sample(stream_for, lambda s, n, d: dist.uniform_int(s, n, int(lo), int(hi), d), shape, dtype)
        return constant(sample, dtype=dtype)
    if not dtype.is_floating:
        raise TypeError(f"Cannot convert 0 to EagerTensor of dtype {dtype.name}")
    shape = random_shape(shape, "StatelessRandomUniformV2")
    lo = _value(0 if minval is None else minval, dtype)
    hi = _value(1 if maxval is None else maxval, dtype)
    span = np.subtract(hi, lo, dtype=dtype.numpy_dtype)
    return scale_and_shift(_sample(stream_for, dist.uniform, shape, dtype), span, lo, dtype)


def draw_full_int(stream_for, shape, dtype) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64):
        raise InvalidArgumentError(f"Unsupported dtype {dtype.name} for uniform_full_int "
                                   "[Op:StatelessRandomUniformFullIntV2] name: ",
                                   op="StatelessRandomUniformFullIntV2")
    shape = random_shape(shape, "StatelessRandomUniformFullIntV2")
    return constant(_sample(stream_for, dist.full_int, shape, dtype), dtype=dtype)


class _GlobalGenerator:
    generator = None


def get_global_generator() -> Generator:
    """The generator ``tk.random`` functions would share (created from OS entropy on first use)."""
    if _GlobalGenerator.generator is None:
        _GlobalGenerator.generator = Generator.from_non_deterministic_state()
    return _GlobalGenerator.generator


def set_global_generator(generator) -> None:
    _GlobalGenerator.generator = generator


# ---------- stateless ops: the same seed always gives the same numbers ----------
_SCRAMBLE_KEY = 0x02461E293EC8F720


_UNIFORM_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.uint32,
                   dtypes.uint64)


def seed_key_counter(seed) -> tuple:
    """TF's ``StatelessRandomGetKeyCounter``: a [2] seed scrambled by one Philox block into (key, counter)."""
    s = np.asarray(seed.numpy() if hasattr(seed, "numpy") else seed)
    if s.shape != (2,):
        raise ValueError(f"seed must have shape [2], not {list(s.shape)}." + hint_line(_("e.g. seed=[1, 2]."))) \
            if s.ndim != 1 else InvalidArgumentError(
                f"seed must have shape [2], not [{s.shape[0]}] [Op:StatelessRandomGetKeyCounter] name: "
                + hint_line(_("e.g. seed=[1, 2].")), op="StatelessRandomGetKeyCounter")
    words = [int(v) & ((1 << 64) - 1) for v in s.astype(np.int64)]
    mix = PhiloxStream.from_key_counter(_SCRAMBLE_KEY, words).blocks(1)[0].astype(np.uint64)
    key = int(mix[0]) | int(mix[1]) << 32
    return key, [0, int(mix[2]) | int(mix[3]) << 32]


def _seed_stream(seed, alg="auto_select", op_type="StatelessRandomNormalV2"):
    """The stream of a stateless op (the same for every call): Philox at the scrambled seed."""
    if _alg(alg) != Algorithm.PHILOX.value:
        raise InvalidArgumentError("counter must be a vector with length at least 2; got shape: [1]. (Note that "
                                   f"batched counters are not supported yet.) [Op:{op_type}] name: "
                                   + hint_line(_("on the CPU, stateless ops draw with Philox: leave alg out.")),
                                   op=op_type)
    key, counter = seed_key_counter(seed)
    return lambda count: PhiloxStream.from_key_counter(key, counter)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None, alg="auto_select"):
    """Normal samples fixed by ``seed`` (a pair of integers): the same seed gives the same numbers."""
    dtype = float_dtype(dtype, "StatelessRandomNormalV2")
    shape = random_shape(shape, "StatelessRandomNormalV2")
    mean, stddev = _value(mean, dtype), _value(stddev, dtype)
    return scale_and_shift(_sample(_seed_stream(seed, alg), dist.normal, shape, dtype), stddev, mean, dtype)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                               alg="auto_select"):
    """Truncated normal samples fixed by ``seed``."""
    dtype = float_dtype(dtype, "StatelessTruncatedNormalV2")
    shape = random_shape(shape, "StatelessTruncatedNormalV2")
    mean, stddev = _value(mean, dtype), _value(stddev, dtype)
    stream_for = _seed_stream(seed, alg, "StatelessTruncatedNormalV2")
    return scale_and_shift(_sample(stream_for, dist.truncated_normal, shape, dtype), stddev, mean, dtype)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None, alg="auto_select"):
    """Uniform samples fixed by ``seed``; integer dtypes take both bounds or neither (full range)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r}. Accepted dtypes are (tf.float16, "
                         "tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64, tf.uint32, tf.uint64).")
    if dtype in (dtypes.uint32, dtypes.uint64) and minval is not None:
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r} when argument `minval` is not None. "
                         "Please don't use unsigned integers in this case.")
    return draw_uniform(_seed_stream(seed, alg, "StatelessRandomUniformV2"), shape, minval, maxval, dtype)


def split(seed, num=2, alg="auto_select") -> Tensor:
    """``num`` new seeds from ``seed``: a ``[num, 2]`` tensor of ``seed``'s dtype (TF's ``random.split``)."""
    seed = seed if isinstance(seed, Tensor) else constant(seed)
    return stateless_uniform([int(num), 2], seed, minval=None, maxval=None, dtype=seed.dtype, alg=alg)


def fold_in(seed, data, alg="auto_select") -> Tensor:
    """A new seed ``[r, data]`` from ``seed`` and ``data``, with ``r`` drawn from ``seed`` (TF's ``random.fold_in``)."""
    data = data if isinstance(data, Tensor) else constant(data)
    first = stateless_uniform([], seed, minval=None, maxval=None, dtype=data.dtype, alg=alg)
    return constant(np.stack([first.numpy(), data.numpy()]), dtype=data.dtype)


def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None) -> Tensor:
    """Class indices drawn from ``softmax(logits)``, fixed by ``seed`` (TF's ``StatelessMultinomial``)."""
    stream_for = _seed_stream(seed)
    return draw_categorical(logits, num_samples, dtype, "StatelessMultinomial", stream_for)


def stateless_shuffle(value, seed, alg="auto_select", name=None) -> Tensor:
    """``value`` with its first axis permuted, fixed by ``seed`` (TF's ``StatelessShuffle``)."""
    x = value if isinstance(value, Tensor) else constant(value)
    size = x.shape[0] if x.ndim else 0
    stream = _seed_stream(seed, alg, "StatelessShuffle")(size)
    order = permutation(stream, size) if size > 1 else np.arange(size)
    return constant(np.take(x.numpy(), order, axis=0) if x.ndim else x.numpy(), dtype=x.dtype)


def _binomial_args(shape, counts: Tensor, probs: Tensor, op_type: str) -> tuple:
    """The output shape, the flat broadcast counts and probs, and how many samples each pair gets."""
    shape = random_shape(shape, op_type)
    if counts.dtype != probs.dtype:
        raise InvalidArgumentError(f"cannot compute {op_type} as input #4(zero-based) was expected to be a "
                                   f"{counts.dtype.name} tensor but is a {probs.dtype.name} tensor [Op:{op_type}] "
                                   "name: " + hint_line(_("give counts and probs one dtype, e.g. both floats.")),
                                   op=op_type)
    try:
        batch_shape = np.broadcast_shapes(counts.shape, probs.shape)
    except ValueError:
        batch_shape = None
    if batch_shape is None or tuple(shape[len(shape) - len(batch_shape):]) != tuple(batch_shape):
        raise InvalidArgumentError(f"Shape passed in must end with broadcasted shape. [Op:{op_type}] name: "
                                   + hint_line(_("shape is [samples..., *broadcast shape of counts and probs].")),
                                   op=op_type)
    counts = np.broadcast_to(counts.numpy(), batch_shape).reshape(-1)
    probs = np.broadcast_to(probs.numpy(), batch_shape).reshape(-1)
    per_batch = int(np.prod(shape[:len(shape) - len(batch_shape)], dtype=np.int64))
    return shape, counts, probs, per_batch


def _binomial(stream, shape, counts, probs, per_batch, dtype) -> Tensor:
    dtype = dtypes.as_dtype(dtype)
    sample = dist.binomial(stream, counts, probs, per_batch) if counts.size * per_batch else np.zeros(0)
    return constant(sample.astype(dtype.numpy_dtype).reshape(shape), dtype=dtype)


def stateless_binomial(shape, seed, counts, probs, output_dtype=dtypes.int32, name=None) -> Tensor:
    """Binomial samples fixed by ``seed`` (TF's ``StatelessRandomBinomial``)."""
    probs = probs if isinstance(probs, Tensor) else constant(probs, dtype=None if hasattr(probs, "dtype") else
                                                             _float_hint(probs))
    counts = counts if isinstance(counts, Tensor) else constant(np.asarray(counts, dtype=probs.dtype.numpy_dtype))
    shape, counts, probs, per_batch = _binomial_args(shape, counts, probs, "StatelessRandomBinomial")
    stream = _seed_stream(seed, "auto_select", "StatelessRandomBinomial")(0)
    return _binomial(stream, shape, counts, probs, per_batch, output_dtype)


def _float_hint(value):
    """float32 for Python numbers and lists of them (TF's ``dtype_hint``), else the value's own dtype."""
    return dtypes.float32 if np.asarray(value).dtype.kind in "fiub" else None
