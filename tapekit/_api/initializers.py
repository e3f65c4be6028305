"""TF's own initializers: ``tk.zeros_initializer()``, ``ones_initializer``, ``constant_initializer``,
``random_normal_initializer`` and ``random_uniform_initializer`` (TF's ``init_ops_v2`` classes).

Each instance is called as ``init(shape, dtype=tk.float32)`` and returns a Tensor, so it can fill
a ``tk.Variable`` or serve as a Keras layer's ``kernel_initializer``. These are not the Keras
initializers (``tk.keras.initializers``), just as in TF.

The random ones draw as TF's do, TF's numbers: without a seed, TF's stateful ops
(``tk.random.normal`` ..., under ``tk.random.set_seed``); with a ``seed`` s, the stateless op at
``[s, 0]``, so every call returns the same values.
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._core.ops import creation, random_generator, random_ops
from .._core.values.tensor import Tensor, constant, is_variable

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

    def _draw(self, stateless_op, stateful_op, shape, dtype, **bounds):
        """TF's ``_RandomGenerator``: the stateless op at ``[seed, 0]`` when seeded, else the stateful op."""
        if self.seed is not None:
            return stateless_op(_shape(shape), seed=[self.seed, 0], dtype=dtype, **bounds)
        return stateful_op(_shape(shape), dtype=dtype, **bounds)


class RandomNormal(_Random):
    """Samples from a normal distribution with ``mean`` and ``stddev``."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._check_kwargs(kwargs)
        return self._draw(random_generator.stateless_normal, random_ops.normal, shape, _floating(dtype),
                          mean=self.mean, stddev=self.stddev)

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
        return self._draw(random_generator.stateless_uniform, random_ops.uniform, shape, dtype,
                          minval=self.minval, maxval=self.maxval)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
random_normal_initializer = RandomNormal
random_uniform_initializer = RandomUniform
