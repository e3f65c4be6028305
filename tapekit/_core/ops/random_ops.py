"""Random ops (``tk.random.normal``, ``uniform``, ``truncated_normal``, ``shuffle``, ``categorical``) and seeding.

These are TF's stateful random ops, number for number on the CPU. Each draws from a Philox stream
(``philox.py``) keyed by a pair of seeds, after TF's rules (``get_seed``):

- ``tk.random.set_seed(s)`` then an op without ``seed``: the op seed is the next number of a
  Python ``random.Random(s)`` (TF's eager ``internal_operation_seed``), so the sequence of ops
  after ``set_seed`` decides what each draws;
- an op ``seed`` without a global seed: the global seed is 87654321;
- neither: fresh numbers from the operating system on every call (never reproducible, as in TF).

TF keeps one kernel per op type, dtype (and the shape's dtype) and seed pair, and that kernel's
stream moves on with each call (reserving 256 blocks per value drawn), so calling
``tk.random.normal([2], seed=1)`` twice gives different numbers, while ``set_seed`` starts every
stream afresh. ``_state.kernels`` holds those streams.
"""

from __future__ import annotations

import contextlib
import numbers
import os
import random
import threading
import weakref

import numpy as np

from ..._base import dtypes
from ...backend import device_obj, from_host, ns
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..record.registry import execute, no_gradient
from ..._base.shape import TensorShape
from ..values.context import note_unreplayable, recorded_effect
from ..values.tensor import EagerTensor, Tensor, host_value
from . import random_distributions as dist
from .args import int_scalar
from .creation import check_allocation
from .math_ops import to_tensor
from .philox import PhiloxStream

DEFAULT_GRAPH_SEED = 87654321
MAXINT32 = 2**31 - 1
BLOCKS_PER_VALUE = 256    # what a stateful kernel reserves per value drawn (TF's multiplier)


class _SeedState(threading.local):
    def __init__(self):
        self.global_seed = None     # set by set_seed
        self.op_seeds = None        # random.Random(global seed): the op seeds of ops without one
        self.kernels: dict = {}     # (graph, op type, dtype, seed, seed2) -> that kernel's PhiloxStream
        self.graph = None           # the _Graph of the tk.function being called, if any


class _Graph:
    """What a ``tk.function`` call stands in for: one TF trace, whose ops number their seeds 0, 1, ..."""

    def __init__(self, key, global_seed):
        self.key, self.global_seed, self.next_op_seed = key, global_seed, 0


_state = _SeedState()
# the global seed each trace of a function saw first (TF keeps it in the traced graph)
_trace_seeds: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@contextlib.contextmanager
def traced_call(function, trace_key):
    """Random ops inside a ``tk.function`` call follow TF's graph rules.

    TF traces the function once per ``trace_key`` (its input signature): the trace keeps the global
    seed of that moment, ops without a seed take op seeds 0, 1, 2, ... in order, and each op keeps
    its own stream across calls (until ``set_seed``).
    """
    traces = _trace_seeds.setdefault(function, {})
    global_seed = traces.setdefault(trace_key, _state.global_seed)
    outer, _state.graph = _state.graph, _Graph((id(function), trace_key), global_seed)
    try:
        yield
    finally:
        _state.graph = outer


def set_seed(seed) -> None:
    """Set the global random seed: the random ops that follow draw reproducible numbers."""
    check_seed(seed)
    _state.global_seed = None if seed is None else int(seed)
    _state.op_seeds = None if seed is None else random.Random(int(seed))
    _state.kernels = {}


def check_seed(seed) -> None:
    """A seed is None or an integer (a float is truncated, as TF's ``int(seed)``); else TF's TypeError."""
    if not (seed is None or isinstance(seed, numbers.Real) or (isinstance(seed, Tensor) and seed.dtype.is_integer)):
        raise TypeError(f"seed must be an integer, not {seed!r:.60}."
                        + hint_line(_("a seed is an integer, such as tk.random.set_seed(42).")))


def get_global_seed():
    return _state.global_seed


def get_seed(op_seed=None) -> tuple:
    """TF's ``get_seed``: the (seed, seed2) pair an op uses, or ``(None, None)`` (no seeds).

    Without an op seed under a global seed, the op seed is the next number of the global seed's
    Python ``random.Random`` (TF's ``internal_operation_seed``), or inside a ``tk.function`` the
    op's place in the call (``traced_call``). Both are taken modulo 2**31 - 1;
    (0, 0), which TF's kernels read as "no seed", becomes (0, 2**31 - 1).
    """
    check_seed(op_seed)
    graph = _state.graph
    global_seed = _state.global_seed if graph is None else graph.global_seed
    if global_seed is None and op_seed is None:
        return None, None
    if op_seed is None and graph is not None:
        op_seed, graph.next_op_seed = graph.next_op_seed, graph.next_op_seed + 1
    elif op_seed is None:
        op_seed = _state.op_seeds.randint(0, MAXINT32)
    seeds = DEFAULT_GRAPH_SEED if global_seed is None else global_seed % MAXINT32, int(op_seed) % MAXINT32
    return (0, MAXINT32) if seeds == (0, 0) else seeds


def _fresh_stream() -> PhiloxStream:
    words = np.frombuffer(os.urandom(16), dtype=np.uint64)
    return PhiloxStream.from_seeds(int(words[0]), int(words[1]))


def kernel_stream(op_type: str, dtype_name: str, seed, reserve_blocks: int) -> PhiloxStream:
    """The stream one call of a stateful random op draws from; its kernel's stream moves on.

    ``reserve_blocks`` is how far TF's kernel skips for this call (``BLOCKS_PER_VALUE`` per value
    for the distributions, a word per swap for ``RandomShuffle``).
    """
    note_unreplayable("a random op")   # a replay would draw the same numbers again
    seed, seed2 = get_seed(seed)
    if seed is None:
        return _fresh_stream()
    graph = None if _state.graph is None else _state.graph.key
    kernel = _state.kernels.setdefault((graph, op_type, dtype_name, seed, seed2), PhiloxStream.from_seeds(seed, seed2))
    stream = kernel.copy()
    kernel.skip(reserve_blocks)
    return stream


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
    values = host_value(dims)
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
    dims = tuple(int(d) for d in values)
    check_allocation(dims, dtypes.float32, op_type)   # refused up front, as TF's allocator refuses it
    return dims


def float_dtype(dtype, op_type):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise TypeError(f"Cannot convert 0.0 to EagerTensor of dtype {dtype.name}"
                        + hint_line(_("{op_type} draws floating-point numbers; pass dtype=tk.float32 or "
                                      "tk.float64.").format(op_type=op_type)))
    return dtype


def _as_tensor(arr: np.ndarray, dtype) -> Tensor:
    return EagerTensor(from_host(np.asarray(arr, dtype=dtype.numpy_dtype)), dtype)


def _values(value, dtype) -> np.ndarray:
    """``mean``, ``stddev`` or a bound as a NumPy value of ``dtype`` (TypeError like TF's when it does not fit)."""
    return host_value(to_tensor(value, dtype))


def scale_and_shift(sample: np.ndarray, scale: np.ndarray, shift: np.ndarray, dtype) -> Tensor:
    """``sample * scale + shift`` in ``dtype``, two roundings as TF's Mul and AddV2."""
    np_dtype = dtype.numpy_dtype
    return _as_tensor(np.add(np.multiply(sample, scale, dtype=np_dtype), shift, dtype=np_dtype), dtype)


def shape_dtype_name(shape) -> str:
    """The dtype of ``shape`` as a tensor (int32 for Python lists, as TF converts it)."""
    if isinstance(shape, (Tensor, np.ndarray)) or hasattr(shape, "dtype"):
        return dtypes.as_dtype(shape.dtype).name
    return "int32"


def _draw(op_type: str, dtype, shape, seed, sampler) -> np.ndarray:
    """The kernel is TF's: one per op type, dtype, shape dtype and seed pair."""
    dims = random_shape(shape, op_type)
    count = int(np.prod(dims, dtype=np.int64))
    stream = kernel_stream(op_type, f"{dtype.name},{shape_dtype_name(shape)}", seed, count * BLOCKS_PER_VALUE)
    return sampler(stream, count, dtype.numpy_dtype).reshape(dims)


@recorded_effect   # a traced tk.function's replay draws again, as TF's stateful kernel
def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution (``RandomStandardNormal`` scaled and shifted)."""
    dtype = float_dtype(dtype, "RandomStandardNormal")
    random_shape(shape, "RandomStandardNormal")
    mean, stddev = _values(mean, dtype), _values(stddev, dtype)
    sample = _draw("RandomStandardNormal", dtype, shape, seed, dist.normal)
    return scale_and_shift(sample, stddev, mean, dtype)


@recorded_effect
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Normal samples redrawn until they lie within two standard deviations of the mean."""
    dtype = float_dtype(dtype, "TruncatedNormal")
    random_shape(shape, "TruncatedNormal")
    mean, stddev = _values(mean, dtype), _values(stddev, dtype)
    sample = _draw("TruncatedNormal", dtype, shape, seed, dist.truncated_normal)
    return scale_and_shift(sample, stddev, mean, dtype)


def check_int_bounds(lo, hi, op_type: str) -> None:
    if np.any(lo >= hi):
        raise InvalidArgumentError(
            f"Need minval < maxval, got {lo} >= {hi} [Op:{op_type}] name: "
            + hint_line(_("integers are drawn from [minval, maxval), which must not be empty.")), op=op_type)


@recorded_effect
def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """Uniform samples in ``[minval, maxval)``; integer dtypes need ``maxval``."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64):
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r}. Accepted dtypes are (tf.float16, "
                         "tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64).")
    if dtype.is_integer:
        random_shape(shape, "RandomUniformInt")
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        lo, hi = _values(minval, dtype), _values(maxval, dtype)
        check_int_bounds(lo, hi, "RandomUniformInt")
        sample = _draw("RandomUniformInt", dtype, shape, seed,
                       lambda stream, n, np_dtype: dist.uniform_int(stream, n, int(lo), int(hi), np_dtype))
        return _as_tensor(sample, dtype)
    if not dtype.is_floating:
        raise TypeError(f"Invalid dtype {dtype!r} for tk.random.uniform: use a float or integer dtype.")
    random_shape(shape, "RandomUniform")
    maxval = 1 if maxval is None else maxval
    minval_is_zero = isinstance(minval, int) and minval == 0
    maxval_is_one = isinstance(maxval, int) and maxval == 1
    lo, hi = _values(minval, dtype), _values(maxval, dtype)
    sample = _draw("RandomUniform", dtype, shape, seed, dist.uniform)
    if minval_is_zero:
        return _as_tensor(sample if maxval_is_one else np.multiply(sample, hi, dtype=dtype.numpy_dtype), dtype)
    return scale_and_shift(sample, np.subtract(hi, lo, dtype=dtype.numpy_dtype), lo, dtype)


def cpu_threads() -> int:
    """The size of TF's CPU thread pool (its default: the CPUs this process may run on)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _categorical_args(logits, num_samples, dtype, op_type: str) -> tuple:
    logits = to_tensor(logits)
    dtype = dtypes.as_dtype(dtype) if dtype else dtypes.int64
    if dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r}. Accepted dtypes are "
                         "(tf.int32, tf.int64).")
    if not logits.dtype.is_floating:
        raise InvalidArgumentError(f"Value for attr 'T' of {logits.dtype.name} is not in the list of allowed "
                                   f"values: half, bfloat16, float, double [Op:{op_type}] name: "
                                   + hint_line(_("logits are floats, e.g. tk.math.log(probabilities).")),
                                   op=op_type)
    num_samples = int_scalar(num_samples, "num_samples", op_type, "T", rank0=True)
    checks = ((logits.ndim == 2, f"logits should be a matrix, got shape {list(logits.shape)}"),
              (int(num_samples) >= 0, f"num_samples should be non-negative, got {int(num_samples)}"),
              (logits.ndim != 2 or logits.shape[1] > 0, f"num_classes should be positive, got "
               f"{logits.shape[-1] if logits.ndim else 0}"))
    for ok, text in checks:
        if not ok:
            raise InvalidArgumentError(f"{text} [Op:{op_type}] name: "
                                       + hint_line(_("logits is [batch_size, num_classes]; e.g. "
                                                     "tk.random.categorical([[0.0, 1.0]], 5).")), op=op_type)
    return host_value(logits), int(num_samples), dtype


def draw_categorical(logits, num_samples, dtype, op_type: str, stream_for) -> Tensor:
    """TF's Multinomial kernel: ``stream_for(blocks)`` gives the stream (``blocks``: what TF reserves)."""
    values, num_samples, dtype = _categorical_args(logits, num_samples, dtype, op_type)
    rows = values.shape[0]
    check_allocation((rows, num_samples), dtype, op_type)
    if rows * num_samples == 0:
        stream_for(0)
        return _as_tensor(np.zeros((rows, num_samples)), dtype)
    reserve = rows * (-(-num_samples // 4) * 4 * 2) * BLOCKS_PER_VALUE
    sample = dist.categorical(stream_for(reserve), values, num_samples, cpu_threads())
    return _as_tensor(sample, dtype)


@recorded_effect
def categorical(logits, num_samples, dtype=None, seed=None, name=None) -> Tensor:
    """``num_samples`` class indices per row of ``logits`` (``[batch, classes]``), drawn with
    probabilities ``softmax(logits)``: TF's ``tf.random.categorical``, TF's numbers."""
    kernel = f"{to_tensor(logits).dtype.name},{dtypes.as_dtype(dtype or dtypes.int64).name}"
    return draw_categorical(logits, num_samples, dtype, "Multinomial",
                            lambda blocks: kernel_stream("Multinomial", kernel, seed, blocks))


def permutation(stream: PhiloxStream, size: int) -> np.ndarray:
    """TF's shuffle of ``range(size)``: for each ``i``, swap ``i`` with ``i + word % (size - i)``.

    The words come one by one from the stream (TF's ``SingleSampleAdapter``); this loop is
    Python because each swap depends on the one before.
    """
    order = np.arange(size)
    words = stream.blocks(-(-(size - 1) // 4)).reshape(-1)[:size - 1].tolist() if size > 1 else []
    for i, word in enumerate(words):
        j = i + word % (size - i)
        order[i], order[j] = order[j], order[i]
    return order


def _shuffle(x, order):
    return ns(x).take(x, from_host(order, device_obj(x)), axis=0)


@recorded_effect
def shuffle(value, seed=None, name=None) -> Tensor:
    """The tensor with its first axis randomly permuted (not differentiable, as in TF)."""
    x = to_tensor(value)
    size = x.shape[0] if x.ndim and 0 not in x.shape else 0
    stream = kernel_stream("RandomShuffle", x.dtype.name, seed, max(0, -(-(size - 1) // 4)))
    order = permutation(stream, size) if size > 1 else np.arange(size)
    return execute("RandomShuffle", _shuffle if x.ndim else lambda v, order: v, (x,), {"order": order})


no_gradient("RandomShuffle")
no_gradient("Multinomial")
