"""Random ops (``tk.random.normal``, ``uniform``, ``truncated_normal``, ``shuffle``) and seeding.

Seeding follows TF's rules, not its bit streams: after ``tk.random.set_seed(s)`` a program draws
the same numbers every run, each op call without its own ``seed`` takes the next op seed from a
counter that ``set_seed`` resets, and an op-level ``seed`` combines with the global one (a global
seed of 87654321 stands in when only the op seed is set, as in TF). The values themselves come
from NumPy's PCG64 generator, so they differ from TensorFlow's numbers.
"""

from __future__ import annotations

import threading

import numpy as np

from .. import dtypes
from ..backend import device_obj, from_host, ns, to_host
from ..errors import InvalidArgumentError
from ..i18n import _, hint_line
from ..registry import execute, no_gradient
from ..shape import TensorShape
from ..tensor import Tensor
from .math_ops import to_tensor

DEFAULT_GRAPH_SEED = 87654321


class _SeedState(threading.local):
    def __init__(self):
        self.global_seed = None   # set by set_seed
        self.op_counter = 0       # next op seed when an op gives none
        self.calls: dict = {}     # (global seed, op seed) -> how many draws so far


_state = _SeedState()


def set_seed(seed) -> None:
    """Set the global random seed: the random ops that follow draw reproducible numbers."""
    _state.global_seed = None if seed is None else int(seed)
    _state.op_counter = 0
    _state.calls = {}


def get_global_seed():
    return _state.global_seed


def get_seed(op_seed=None) -> tuple:
    """TF's ``get_seed``: the (global, op) seed pair an op uses, or ``(None, None)`` (no seeds).

    Without an op seed under a global seed, the op seed is the next value of the op counter.
    Unlike ``generator``, it does not count draws: equal pairs mean equal numbers.
    """
    if _state.global_seed is None and op_seed is None:
        return None, None
    global_seed = DEFAULT_GRAPH_SEED if _state.global_seed is None else _state.global_seed
    if op_seed is None:
        op_seed = _state.op_counter
        _state.op_counter += 1
    return global_seed, int(op_seed)


def generator(seed=None) -> np.random.Generator:
    """The NumPy generator one random op draws from, after TF's global/op seed rules."""
    if _state.global_seed is None and seed is None:
        return np.random.default_rng()
    global_seed = DEFAULT_GRAPH_SEED if _state.global_seed is None else _state.global_seed
    if seed is None:
        seed = _state.op_counter
        _state.op_counter += 1
    key = (global_seed, int(seed))
    n = _state.calls.get(key, 0)
    _state.calls[key] = n + 1
    return np.random.default_rng([global_seed & 0xFFFFFFFF, int(seed) & 0xFFFFFFFF, n])


def random_shape(shape, op_type: str) -> tuple:
    """The dimensions of a random op's ``shape``, validated as TF's random kernels do."""
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    # [None] raises ValueError here, as in TF; an empty list is an int32 shape (a scalar)
    dims = to_tensor(shape, dtypes.int32) if isinstance(shape, (list, tuple)) and not shape else to_tensor(shape)
    if not dims.dtype.is_integer or dims.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'T' of {dims.dtype.name} is not in the list of allowed values: int32, int64 [Op:"
            f"{op_type}] name: "
            + hint_line(_("a shape is a list of whole numbers such as [2, 3]; got {shape!r}.").format(shape=shape)),
            op=op_type)
    values = to_host(dims._value)
    if values.ndim != 1:
        raise InvalidArgumentError(
            f"shape must be a vector of {{int32,int64}}, got shape [{','.join(map(str, values.shape))}] [Op:{op_type}"
            "] name: "
            + hint_line(_("give the shape as a list, e.g. [{shape!r}] for a vector.").format(shape=shape)),
            op=op_type)
    for d in values:
        if d < 0:
            raise InvalidArgumentError(
                f"Dimension {int(d)} must be >= 0 [Op:{op_type}] name: "
                + hint_line(_("every dimension is a count of elements, so 0 or more; got {values}.").format(
                            values=values.tolist())), op=op_type)
    return tuple(int(d) for d in values)


def _scalar(value, dtype) -> float:
    """A Python value of ``dtype`` (TypeError like TF's when it does not fit)."""
    return to_host(to_tensor(value, dtype)._value).item()


def float_dtype(dtype, op_type):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise TypeError(f"Cannot convert 0.0 to EagerTensor of dtype {dtype.name}"
                        + hint_line(_("{op_type} draws floating-point numbers; pass dtype=tk.float32 or "
                                      "tk.float64.").format(op_type=op_type)))
    return dtype


def _as_tensor(arr: np.ndarray, dtype) -> Tensor:
    return Tensor(from_host(np.asarray(arr, dtype=dtype.numpy_dtype)), dtype)


def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution (``RandomStandardNormal`` scaled and shifted)."""
    dtype = float_dtype(dtype, "RandomStandardNormal")
    mean, stddev = _scalar(mean, dtype), _scalar(stddev, dtype)
    sample = generator(seed).standard_normal(random_shape(shape, "RandomStandardNormal"))
    return _as_tensor(sample * stddev + mean, dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Normal samples redrawn until they lie within two standard deviations of the mean."""
    dtype = float_dtype(dtype, "TruncatedNormal")
    mean, stddev = _scalar(mean, dtype), _scalar(stddev, dtype)
    rng = generator(seed)
    sample = rng.standard_normal(random_shape(shape, "TruncatedNormal"))
    bad = np.abs(sample) > 2.0
    while bad.any():
        sample[bad] = rng.standard_normal(int(bad.sum()))
        bad = np.abs(sample) > 2.0
    return _as_tensor(sample * stddev + mean, dtype)


def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Uniform samples in ``[minval, maxval)``; integer dtypes need ``maxval``."""
    dtype = dtypes.as_dtype(dtype)
    shape = random_shape(shape, "RandomUniformInt" if dtypes.as_dtype(dtype).is_integer else "RandomUniform")
    if dtype.is_integer:
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        lo, hi = _scalar(minval, dtype), _scalar(maxval, dtype)
        if lo >= hi:
            raise InvalidArgumentError(
                f"Need minval < maxval, got {lo} >= {hi} [Op:RandomUniformInt] name: "
                + hint_line(_("integers are drawn from [minval, maxval), which must not be empty.")),
                op="RandomUniformInt")
        return _as_tensor(generator(seed).integers(lo, hi, size=shape), dtype)
    if not dtype.is_floating:
        raise TypeError(f"Invalid dtype {dtype!r} for tk.random.uniform: use a float or integer dtype.")
    lo = _scalar(minval, dtype)
    hi = 1.0 if maxval is None else _scalar(maxval, dtype)
    return _as_tensor(generator(seed).random(shape) * (hi - lo) + lo, dtype)


def _shuffle(x, rng):
    return ns(x).take(x, from_host(rng.permutation(x.shape[0]), device_obj(x)), axis=0) if x.ndim else x


def shuffle(value, seed=None, name=None) -> Tensor:
    """The tensor with its first axis randomly permuted (not differentiable, as in TF)."""
    x = to_tensor(value)
    return execute("RandomShuffle", _shuffle, (x,), {"rng": generator(seed)})


no_gradient("RandomShuffle")
