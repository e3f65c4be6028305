"""``tk.keras.initializers``: how a layer fills its weights (Keras 3's classes and string names).

Random initializers draw as Keras 3 does on TF (``keras.random``: TF's stateless ops, TF's
numbers): one made with ``seed=s`` returns the same values on every call; one made without a
seed picks one from Python's ``random`` when it is made (``keras.utils.set_random_seed`` fixes
it). Shapes, dtypes, bounds and scales are Keras's.
"""

from __future__ import annotations

import inspect
import math

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._core.ops import creation
from .._core.ops.math_ops import cast
from .._core.values.tensor import Tensor, convert_to_tensor, is_variable
from .._core.values.tensor import constant as constant_tensor
from . import random_draws
from .naming import to_snake_case


def float_dtype(dtype):
    return dtypes.float32 if dtype is None else dtypes.as_dtype(str(dtype) if isinstance(dtype, str) else dtype)


def compute_fans(shape, input_axes=None, output_axes=None) -> tuple:
    """(fan_in, fan_out) of a weight shape, as Keras computes them."""
    shape = tuple(int(d) for d in shape)
    if input_axes is not None and output_axes is not None:
        return math.prod(shape[a] for a in input_axes), math.prod(shape[a] for a in output_axes)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    receptive_field = math.prod(shape[:-2])
    return shape[-2] * receptive_field, shape[-1] * receptive_field


class Initializer:
    """Base class: ``initializer(shape, dtype=None)`` returns a Tensor of that shape."""

    def __call__(self, shape, dtype=None):
        raise NotImplementedError(f"Initializer {type(self).__name__} does not implement __call__().")

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return creation.zeros(shape, dtype=float_dtype(dtype))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return creation.ones(shape, dtype=float_dtype(dtype))


class Constant(Initializer):
    """Every element ``value`` (a scalar)."""

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = float_dtype(dtype)
        value = self.value
        if isinstance(value, Tensor) or is_variable(value) or np.ndim(value) > 0:
            t = cast(convert_to_tensor(value), dtype)
            return creation.fill(shape, t) if t.ndim == 0 else t + creation.zeros(shape, dtype=dtype)
        return creation.fill(shape, constant_tensor(value, dtype=dtype))

    def get_config(self) -> dict:
        return {"value": self.value}


class Identity(Initializer):
    """The identity matrix times ``gain`` (2-D shapes only)."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        return creation.eye(int(shape[0]), int(shape[1]), dtype=float_dtype(dtype)) * self.gain

    def get_config(self) -> dict:
        return {"gain": self.gain}


class RandomInitializer(Initializer):
    """Base of the random initializers: ``seed`` is an int or None."""

    def __init__(self, seed=None):
        self._init_seed = seed
        if seed is None:
            seed = random_draws.make_default_seed()
        elif not isinstance(seed, (int, random_draws.SeedSource)):
            raise ValueError("`seed` argument should be an instance of `keras.random.SeedGenerator()` or an "
                             f"integer. Received: seed={seed}")
        self.seed = seed

    def get_config(self) -> dict:
        return {"seed": self._init_seed}


class RandomNormal(RandomInitializer):
    """Normal samples with ``mean`` and ``stddev``."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev = mean, stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return random_draws.normal(shape, mean=self.mean, stddev=self.stddev, dtype=float_dtype(dtype), seed=self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class TruncatedNormal(RandomInitializer):
    """Normal samples with ``mean`` and ``stddev``, redrawn beyond two standard deviations."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev = mean, stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return random_draws.truncated_normal(shape, mean=self.mean, stddev=self.stddev, dtype=float_dtype(dtype),
                                             seed=self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class RandomUniform(RandomInitializer):
    """Uniform samples in ``[minval, maxval)``."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval = minval, maxval
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return random_draws.uniform(shape, minval=self.minval, maxval=self.maxval, dtype=float_dtype(dtype),
                                    seed=self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "minval": self.minval, "maxval": self.maxval}


class VarianceScaling(RandomInitializer):
    """Samples scaled to the weight's fans: variance ``scale / n`` (n: fan_in, fan_out or their mean)."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, input_axes=None,
                 output_axes=None):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of {{'fan_in', 'fan_out', "
                             "'fan_avg'}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(f"Invalid `distribution` argument: {distribution}.Please use one of {{'uniform', "
                             "'truncated_normal', 'untruncated_normal'}")
        self.scale, self.mode, self.distribution = scale, mode, distribution
        self.input_axes, self.output_axes = input_axes, output_axes
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        dtype = float_dtype(dtype)
        if self.distribution == "truncated_normal":
            stddev = math.sqrt(scale) / 0.87962566103423978
            return random_draws.truncated_normal(shape, stddev=stddev, dtype=dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random_draws.normal(shape, stddev=math.sqrt(scale), dtype=dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return random_draws.uniform(shape, minval=-limit, maxval=limit, dtype=dtype, seed=self.seed)

    def get_config(self) -> dict:
        return {**super().get_config(), "scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "input_axes": self.input_axes, "output_axes": self.output_axes}


class Orthogonal(RandomInitializer):
    """An orthogonal matrix (``gain`` times): the Q of the QR decomposition of normal samples, with the
    signs of R's diagonal; a shape of rank > 2 is the matrix ``(prod(shape[:-1]), shape[-1])`` reshaped.

    Keras's draw and steps; the QR is NumPy's (LAPACK), so the values equal TF's (Eigen's QR) to
    rounding, not bit for bit (docs/DIFFERENCES.md)."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        if len(shape) < 2:
            raise ValueError(f"The tensor to initialize must be at least two-dimensional. Received: shape={shape} "
                             f"of rank {len(shape)}.")
        dtype = float_dtype(dtype)
        rows, cols = math.prod(int(d) for d in shape[:-1]), int(shape[-1])
        sample = random_draws.normal((max(rows, cols), min(rows, cols)), dtype=dtype, seed=self.seed).numpy()
        work = np.float64 if sample.dtype == np.float64 else np.float32   # LAPACK has no float16
        q, r = np.linalg.qr(sample.astype(work))
        q = (q * np.sign(np.diag(r))).astype(sample.dtype)
        if rows < cols:
            q = q.T
        return constant_tensor(self.gain * q.reshape(tuple(int(d) for d in shape)), dtype=dtype)

    def get_config(self) -> dict:
        return {**super().get_config(), "gain": self.gain}


def _preset(name, scale, mode, distribution, doc):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution, seed=seed,
                                 input_axes=input_axes, output_axes=output_axes)

    def get_config(self) -> dict:
        return {"seed": self._init_seed, "input_axes": self.input_axes, "output_axes": self.output_axes}

    return type(name, (VarianceScaling,), {"__init__": __init__, "get_config": get_config, "__doc__": doc,
                                           "__module__": __name__})


GlorotUniform = _preset("GlorotUniform", 1.0, "fan_avg", "uniform",
                        "Uniform in ``[-limit, limit)``, ``limit = sqrt(6 / (fan_in + fan_out))`` (Keras's default).")
GlorotNormal = _preset("GlorotNormal", 1.0, "fan_avg", "truncated_normal",
                       "Truncated normal with ``stddev = sqrt(2 / (fan_in + fan_out))``.")
HeUniform = _preset("HeUniform", 2.0, "fan_in", "uniform", "Uniform with ``limit = sqrt(6 / fan_in)``.")
HeNormal = _preset("HeNormal", 2.0, "fan_in", "truncated_normal", "Truncated normal, ``stddev = sqrt(2 / fan_in)``.")
LecunUniform = _preset("LecunUniform", 1.0, "fan_in", "uniform", "Uniform with ``limit = sqrt(3 / fan_in)``.")
LecunNormal = _preset("LecunNormal", 1.0, "fan_in", "truncated_normal",
                      "Truncated normal, ``stddev = sqrt(1 / fan_in)``.")

_CLASSES = (Initializer, Zeros, Ones, Constant, Identity, RandomNormal, TruncatedNormal, RandomUniform,
            VarianceScaling, Orthogonal, GlorotUniform, GlorotNormal, HeUniform, HeNormal, LecunUniform, LecunNormal)
_BY_NAME = {cls.__name__: cls for cls in _CLASSES}
_BY_NAME.update({to_snake_case(cls.__name__): cls for cls in _CLASSES})
_BY_NAME.update({"normal": RandomNormal, "uniform": RandomUniform, "one": Ones, "zero": Zeros,
                 "OrthogonalInitializer": Orthogonal,
                 "IdentityInitializer": Identity})

# lower-case aliases, as Keras exports them
zeros, ones, constant, identity = Zeros, Ones, Constant, Identity
random_normal, random_uniform, truncated_normal, variance_scaling = (RandomNormal, RandomUniform, TruncatedNormal,
                                                                     VarianceScaling)
glorot_uniform, glorot_normal, he_uniform, he_normal = GlorotUniform, GlorotNormal, HeUniform, HeNormal
lecun_uniform, lecun_normal = LecunUniform, LecunNormal
orthogonal = Orthogonal


def serialize(initializer) -> dict:
    return {"module": "keras.initializers", "class_name": type(initializer).__name__,
            "config": initializer.get_config(), "registered_name": None}


def deserialize(config):
    cls = _BY_NAME.get(config.get("class_name")) if isinstance(config, dict) else None
    if cls is None:
        raise ValueError(f"Could not interpret initializer identifier: {config}")
    return cls.from_config(dict(config.get("config") or {}))


def get(identifier):
    """An initializer from a name (``"glorot_uniform"``), a config dict, a class, an instance, a callable, an array."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier)
        if cls is None:
            raise ValueError(f"Could not interpret initializer identifier: {identifier}"
                             + hint_line(_("use a Keras name such as 'glorot_uniform', 'he_normal', "
                                           "'zeros' or 'ones', an Initializer instance, or a callable "
                                           "(shape, dtype=None).")))
        return cls()
    if isinstance(identifier, (Tensor, np.ndarray, np.generic)) or is_variable(identifier):
        return _array_initializer(identifier)
    if inspect.isclass(identifier):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")


def _array_initializer(value):
    def initialize(shape, dtype=None):
        if tuple(int(d) for d in shape) != tuple(np.shape(value)):
            raise ValueError(f"Expected `shape` to be {tuple(np.shape(value))} for direct tensor as initializer. "
                             f"Received shape={tuple(shape)}")
        return cast(convert_to_tensor(value), float_dtype(dtype))

    return initialize
