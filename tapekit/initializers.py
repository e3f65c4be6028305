"""TF's own initializers: ``tk.zeros_initializer()``, ``ones_initializer``, ``constant_initializer``,
``random_normal_initializer`` and ``random_uniform_initializer`` (TF's ``init_ops_v2`` classes).

Each instance is called as ``init(shape, dtype=tk.float32)`` and returns a Tensor, so it can fill
a ``tk.Variable`` or serve as a Keras layer's ``kernel_initializer``. These are not the Keras
initializers (``tk.keras.initializers``), just as in TF.

The random ones draw like ``tk.random``: without a seed from the global random state; with a
``seed``, every call returns the same values (TF's stateless draw). The numbers themselves differ
from TensorFlow's (NumPy generators).
"""

from __future__ import annotations

import numpy as np

from . import dtypes
from .i18n import _, hint_line
from .ops import creation, random_ops
from .tensor import Tensor, constant, is_variable

_PARTITION_ARGS = ("partition_shape", "partition_offset")


class Initializer:
    """Base class: ``__call__(shape, dtype=None, **kwargs)`` returns a Tensor of that shape."""

    def __call__(self, shape, dtype=None, **kwargs):
        raise NotImplementedError

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict):
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)

    def _check_kwargs(self, kwargs: dict) -> None:
        for key in kwargs:
            if key not in _PARTITION_ARGS:
                raise TypeError(f"Keyword argument should be one of {list(_PARTITION_ARGS)}. Received: {key}"
                                + hint_line(_("call an initializer as init(shape, dtype).")))


def _numeric_or_bool(dtype):
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_string:
        raise ValueError(f"Argument `dtype` expected to be numeric or boolean. Received {dtype}.")
    return dtype


def _floating(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {dtype}."
                         + hint_line(_("random initializers fill float tensors; pass dtype=tk.float32.")))
    return dtype


def _shape(shape):
    if isinstance(shape, Tensor) or is_variable(shape):
        return [int(d) for d in np.asarray(shape).reshape(-1)]
    return shape.as_list() if hasattr(shape, "as_list") else shape


class Zeros(Initializer):
    """Fills with 0 (any numeric or bool dtype)."""

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._check_kwargs(kwargs)
        return creation.zeros(_shape(shape), _numeric_or_bool(dtype))


class Ones(Initializer):
    """Fills with 1 (any numeric or bool dtype)."""

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._check_kwargs(kwargs)
        return creation.ones(_shape(shape), _numeric_or_bool(dtype))


class Constant(Initializer):
    """Fills with ``value``: a scalar is broadcast, a list must have one entry per element.

    Without ``dtype`` the tensor takes the value's own dtype (``constant_initializer(3)`` gives
    int32), as in TF.
    """

    def __init__(self, value=0, support_partition=False):
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError(f"Invalid type for initial value: {type(value).__name__}. Expected Python scalar, list "
                            "or tuple of values, or numpy.ndarray."
                            + hint_line(_("pass the value itself (e.g. tensor.numpy()), not a tensor or "
                                          "variable.")))
        self.value = value
        self.support_partition = support_partition

    def __call__(self, shape, dtype=None, **kwargs):
        self._check_kwargs(kwargs)
        if kwargs and not self.support_partition:
            raise ValueError("Constant initializer doesn't support partition-related arguments")
        return constant(self.value, dtype=None if dtype is None else dtypes.as_dtype(dtype),
                        shape=_shape(shape))

    def get_config(self) -> dict:
        return {"value": self.value}


class _Random(Initializer):
    def __init__(self, seed):
        self.seed = seed

    def _rng_kwargs(self) -> dict:
        """Draw arguments: a fixed generator when seeded (same values on every call, as TF)."""
        return {"rng": np.random.default_rng([int(self.seed) & 0xFFFFFFFF, 0])} if self.seed else {}


class RandomNormal(_Random):
    """Samples from a normal distribution with ``mean`` and ``stddev``."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._check_kwargs(kwargs)
        dtype = _floating(dtype)
        if self.seed:
            sample = self._rng_kwargs()["rng"].standard_normal(_shape(shape))
            return constant(np.asarray(sample * self.stddev + self.mean, dtype.as_numpy_dtype))
        return random_ops.normal(_shape(shape), self.mean, self.stddev, dtype)

    def get_config(self) -> dict:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


class RandomUniform(_Random):
    """Samples uniformly from ``[minval, maxval)`` (integers too, for an integer ``dtype``)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._check_kwargs(kwargs)
        dtype = dtypes.as_dtype(dtype)
        if not (dtype.is_floating or dtype.is_integer):
            raise ValueError(f"Invalid dtype {dtype}"
                             + hint_line(_("random_uniform_initializer fills float or integer tensors.")))
        if self.seed:
            rng = self._rng_kwargs()["rng"]
            shape = _shape(shape)
            sample = rng.integers(self.minval, self.maxval, size=shape) if dtype.is_integer else \
                rng.random(shape) * (self.maxval - self.minval) + self.minval
            return constant(np.asarray(sample, dtype.as_numpy_dtype))
        return random_ops.uniform(_shape(shape), self.minval, self.maxval, dtype)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
random_normal_initializer = RandomNormal
random_uniform_initializer = RandomUniform
