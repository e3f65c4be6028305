"""``tk.keras.initializers``: how a layer fills its weights (Keras 3's classes and string names)."""

from __future__ import annotations

import math

from .. import dtypes
from ..ops import random_ops
from ..ops import creation
from ..tensor import constant as constant_tensor


def _float_dtype(dtype):
    return dtypes.float32 if dtype is None else dtypes.as_dtype(dtype)


def compute_fans(shape) -> tuple[float, float]:
    """(fan_in, fan_out) of a weight shape, as Keras computes them."""
    shape = tuple(int(d) for d in shape)
    if len(shape) == 0:
        return 1.0, 1.0
    if len(shape) == 1:
        return float(shape[0]), float(shape[0])
    receptive_field = math.prod(shape[:-2])
    return float(shape[-2] * receptive_field), float(shape[-1] * receptive_field)


class Initializer:
    """Base class: ``initializer(shape, dtype=None)`` returns a Tensor of that shape."""

    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self) -> dict:
        return {}


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return creation.zeros(shape, dtype=_float_dtype(dtype))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return creation.ones(shape, dtype=_float_dtype(dtype))


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        return creation.fill(shape, constant_tensor(self.value, dtype=_float_dtype(dtype)))

    def get_config(self) -> dict:
        return {"value": self.value}


class RandomNormal(Initializer):
    """Normal samples with ``mean`` and ``stddev`` (drawn with ``tk.random.normal``)."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=None):
        return random_ops.normal(shape, mean=self.mean, stddev=self.stddev, dtype=_float_dtype(dtype),
                                 seed=self.seed)

    def get_config(self) -> dict:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


class RandomUniform(Initializer):
    """Uniform samples in ``[minval, maxval)`` (drawn with ``tk.random.uniform``)."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=None):
        return random_ops.uniform(shape, minval=self.minval, maxval=self.maxval,
                                  dtype=_float_dtype(dtype), seed=self.seed)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


class GlorotUniform(Initializer):
    """Uniform in ``[-limit, limit)`` with ``limit = sqrt(6 / (fan_in + fan_out))`` (Keras's default)."""

    def __init__(self, seed=None):
        self.seed = seed

    def __call__(self, shape, dtype=None):
        fan_in, fan_out = compute_fans(shape)
        limit = math.sqrt(6.0 / max(1.0, fan_in + fan_out))
        return random_ops.uniform(shape, minval=-limit, maxval=limit, dtype=_float_dtype(dtype),
                                  seed=self.seed)

    def get_config(self) -> dict:
        return {"seed": self.seed}


# lower-case aliases, as in Keras
zeros = Zeros
ones = Ones
constant = Constant
random_normal = RandomNormal
random_uniform = RandomUniform
glorot_uniform = GlorotUniform

_BY_NAME = {"zeros": Zeros, "ones": Ones, "constant": Constant, "random_normal": RandomNormal,
            "random_uniform": RandomUniform, "glorot_uniform": GlorotUniform}


def get(identifier):
    """An initializer from a name (``"glorot_uniform"``), a class, an instance or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        key = identifier if identifier in _BY_NAME else _snake(identifier)
        if key in _BY_NAME:
            return _BY_NAME[key]()
    elif isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    elif callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}\n  Hint: use one of "
                     f"{sorted(_BY_NAME)}, an Initializer instance or a callable (shape, dtype=None).")


def _snake(name: str) -> str:
    from .layers import to_snake_case

    return to_snake_case(name)
