"""Gamma and Poisson samples (``tk.random.gamma``, ``poisson`` and their stateless twins), TF's numbers.

TF's kernels draw each sample from its own stretch of the Philox stream (256 blocks per sample)
in float64 (``random_distributions.gamma`` / ``poisson``), then cast to the output dtype.
``gamma`` then divides by ``beta`` and lifts zeros to the dtype's smallest normal number, as TF's
Python wrapper does; that division records on tapes, so ``beta`` gets its gradient from it, and
``alpha`` gets one from the ``RandomGamma`` rule (``grads/random_grad.py``).
"""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...backend import device_obj, from_host, to_host
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from ..values.tensor import Tensor, convert_to_tensor
from . import random_distributions as dist
from .array_ops import broadcast_to
from .math_ops import divide, maximum, to_tensor
from .philox import PhiloxStream
from .random_generator import seed_key_counter
from .random_ops import BLOCKS_PER_VALUE, kernel_stream, random_shape
from ..values.context import recorded_effect

_GAMMA_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64)
_POISSON_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64)


def _check_dtype(dtype, allowed, op_type: str, attr: str = "dtype"):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in allowed:
        names = ", ".join({"float16": "half", "float32": "float", "float64": "double"}.get(d.name, d.name)
                          for d in allowed)
        raise InvalidArgumentError(
            f"Value for attr '{attr}' of {dtype.name} is not in the list of allowed values: {names} [Op:{op_type}]"
            + hint_line(_("{op_type} draws numbers of these dtypes: {names}.").format(op_type=op_type, names=names)),
            op=op_type)
    return dtype


def _cast_sample(sample: np.ndarray, dtype) -> np.ndarray:
    """float64 to ``dtype`` as TF's C++ casts: to half through float32 (Eigen's ``half(double)``)."""
    if dtype is dtypes.float16:
        return sample.astype(np.float32).astype(np.float16)
    return sample.astype(dtype.numpy_dtype)


def _seed_stream(seed) -> PhiloxStream:
    key, counter = seed_key_counter(seed)
    return PhiloxStream.from_key_counter(key, counter)


def _int32_dims(shape, op_type: str) -> tuple:
    """The dimensions of a stateful draw's ``shape``, which TF's wrapper converts to int32 first."""
    if isinstance(shape, Tensor) and shape.dtype is not dtypes.int32:
        raise ValueError(f"shape: Tensor conversion requested dtype int32 for Tensor with dtype {shape.dtype.name}: "
                         f"{shape!r}" + hint_line(_("give the shape as a list, e.g. [3].")))
    return random_shape(shape, op_type)


def _trailing(dims: tuple, params: Tensor, op_type: str) -> int:
    """How many samples each parameter gets when ``dims`` must end with the parameters' shape."""
    tail = tuple(params.shape)
    if len(tail) > len(dims) or tuple(dims[len(dims) - len(tail):]) != tail:
        raise InvalidArgumentError(
            f"Shape passed in must end with broadcasted shape. [Op:{op_type}] name: "
            + hint_line(_("shape is [samples..., *shape of the parameters]; got shape {dims} for parameters of "
                          "shape {tail}.").format(dims=list(dims), tail=list(tail))), op=op_type)
    return int(np.prod(dims[:len(dims) - len(tail)], dtype=np.int64))


def _drawn(alpha, sample, num_sample_dims):
    """The forward of a gamma op: the sample drawn before (``alpha`` is its input for the tapes)."""
    return from_host(sample, device_obj(alpha))


def _gamma_op(op_type: str, alpha: Tensor, sample: np.ndarray, num_sample_dims: int) -> Tensor:
    """Record the draw as ``op_type`` of ``alpha`` (its rule differentiates the sample w.r.t. alpha)."""
    return execute(op_type, _drawn, (alpha,), {"sample": sample, "num_sample_dims": num_sample_dims},
                   dtype=alpha.dtype)


def _der_alpha(alpha, sample):
    values = np.vectorize(dist.gamma_sample_der_alpha, otypes=[np.float64])(to_host(alpha), to_host(sample))
    return from_host(values.astype(to_host(alpha).dtype), device_obj(alpha))


def random_gamma_grad(alpha, sample) -> Tensor:
    """d sample / d alpha of Gamma(alpha, 1) samples (TF's ``RandomGammaGrad``; alpha and sample broadcast)."""
    alpha, sample = to_tensor(alpha), to_tensor(sample)
    return execute("RandomGammaGrad", _der_alpha, (alpha, sample), dtype=alpha.dtype)


def _gamma_inputs(alpha, beta, dtype) -> tuple:
    alpha = convert_to_tensor(alpha, dtype=dtype)
    beta = convert_to_tensor(1 if beta is None else beta, dtype=dtype)
    if alpha.dtype.numpy_dtype.kind not in "fc":   # TF's wrapper asks np.finfo for the dtype first
        raise ValueError(f"data type <class 'numpy.{alpha.dtype.numpy_dtype.type.__name__}'> not inexact"
                         + hint_line(_("gamma samples are floats: pass dtype=tk.float32 or tk.float64.")))
    dtype = _check_dtype(dtype, _GAMMA_DTYPES, "RandomGamma", attr="T")
    both = np.broadcast_shapes(tuple(alpha.shape), tuple(beta.shape))
    return broadcast_to(alpha, list(both)), beta, dtype


def _finish_gamma(sample: Tensor, beta: Tensor, dtype) -> Tensor:
    """TF's wrapper: divide by ``beta``, then lift zeros (a float64 sample cast down) to the tiniest normal."""
    return maximum(np.finfo(dtype.numpy_dtype).tiny.astype(dtype.numpy_dtype), divide(sample, beta))


@recorded_effect   # a traced tk.function's replay draws again, as TF's stateful kernel
def gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """``shape`` samples from each Gamma(alpha, beta) (``beta``: the rate), shape ``shape + alpha's``."""
    dims = _int32_dims(shape, "RandomGamma")
    alpha, beta, dtype = _gamma_inputs(alpha, beta, dtype)
    per_alpha = int(np.prod(dims, dtype=np.int64))
    count = per_alpha * int(np.prod(alpha.shape, dtype=np.int64))
    stream = kernel_stream("RandomGamma", f"{dtype.name},int32", seed, count * BLOCKS_PER_VALUE)
    flat = dist.gamma(stream, alpha.numpy().reshape(-1), per_alpha) if count else np.zeros(0)
    sample = _cast_sample(flat, dtype).reshape(dims + tuple(alpha.shape))
    return _finish_gamma(_gamma_op("RandomGamma", alpha, sample, len(dims)), beta, dtype)


def stateless_gamma(shape, seed, alpha, beta=None, dtype=dtypes.float32, name=None) -> Tensor:
    """Gamma samples fixed by ``seed``; ``shape`` must end with the broadcast shape of alpha and beta."""
    dims = random_shape(shape, "StatelessRandomGammaV3")
    alpha, beta, dtype = _gamma_inputs(alpha, beta, dtype)
    per_alpha = _trailing(dims, alpha, "StatelessRandomGammaV3")
    stream = _seed_stream(seed)
    count = per_alpha * int(np.prod(alpha.shape, dtype=np.int64))
    flat = dist.gamma(stream, alpha.numpy().reshape(-1), per_alpha) if count else np.zeros(0)
    sample = _cast_sample(flat, dtype).reshape(dims)
    return _finish_gamma(_gamma_op("StatelessRandomGammaV3", alpha, sample, len(dims) - alpha.ndim), beta, dtype)


def _rates(lam, op_type: str) -> Tensor:
    lam = to_tensor(lam)
    _check_dtype(lam.dtype, _POISSON_DTYPES, op_type, attr="R")
    rates = lam.numpy()
    if np.isnan(rates).any():
        raise InvalidArgumentError(
            f"lam must not be NaN [Op:{op_type}]"
            + hint_line(_("TF's kernel never returns for a NaN rate; give finite rates.")), op=op_type)
    return lam


def _poisson_sample(stream, lam: Tensor, per_rate: int, dtype) -> np.ndarray:
    highest = float(np.finfo(dtype.numpy_dtype).max if dtype.is_floating else np.iinfo(dtype.numpy_dtype).max)
    count = per_rate * int(np.prod(lam.shape, dtype=np.int64))
    flat = dist.poisson(stream, lam.numpy().reshape(-1), per_rate, highest) if count else np.zeros(0)
    return _cast_sample(flat, dtype)


@recorded_effect
def poisson(shape, lam, dtype=dtypes.float32, seed=None, name=None) -> Tensor:
    """``shape`` samples from each Poisson(lam), shape ``shape + lam's`` (not differentiable, as in TF)."""
    dims = _int32_dims(shape, "RandomPoissonV2")
    dtype = _check_dtype(dtype, _POISSON_DTYPES, "RandomPoissonV2")
    lam = _rates(lam, "RandomPoissonV2")
    per_rate = int(np.prod(dims, dtype=np.int64))
    count = per_rate * int(np.prod(lam.shape, dtype=np.int64))
    stream = kernel_stream("RandomPoissonV2", f"{lam.dtype.name},{dtype.name},int32", seed, count * BLOCKS_PER_VALUE)
    sample = _poisson_sample(stream, lam, per_rate, dtype)
    return convert_to_tensor(sample.reshape(dims + tuple(lam.shape)), dtype=dtype)


def stateless_poisson(shape, seed, lam, dtype=dtypes.int32, name=None) -> Tensor:
    """Poisson samples fixed by ``seed``; ``shape`` must end with ``lam``'s shape."""
    dims = random_shape(shape, "StatelessRandomPoisson")
    dtype = _check_dtype(dtype, _POISSON_DTYPES, "StatelessRandomPoisson")
    lam = _rates(lam, "StatelessRandomPoisson")
    per_rate = _trailing(dims, lam, "StatelessRandomPoisson")
    sample = _poisson_sample(_seed_stream(seed), lam, per_rate, dtype)
    return convert_to_tensor(sample.reshape(dims), dtype=dtype)

