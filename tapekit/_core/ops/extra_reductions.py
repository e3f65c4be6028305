"""Reductions beyond ``reduction.py``: ``count_nonzero`` and ``zero_fraction`` (composed as TF
composes them), ``bincount`` (TF's ``DenseBincount``, no gradient) and ``reduce_euclidean_norm``
(TF's ``EuclideanNorm`` op, with its gradient x / norm).
"""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...backend import device_obj, from_host, ns, to_host
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from .args import int_scalar
from .creation import check_allocation
from .math_ops import cast, equal, not_equal, to_tensor
from .reduction import normalize_axis, reduce_mean, reduce_sum
from ..values.tensor import host_value


def count_nonzero(input, axis=None, keepdims=None, dtype=dtypes.int64, name=None):
    """How many entries are not zero (not ``""`` for strings, not False for bools), as int64."""
    x = to_tensor(input)
    zero = "" if x.dtype.is_string else False if x.dtype.is_bool else 0
    nonzero = cast(not_equal(x, zero), dtypes.int64)
    return cast(reduce_sum(nonzero, axis=axis, keepdims=bool(keepdims)), dtype)


def _euclidean_norm(x, axis, keepdims):
    xp = ns(x)
    if x.dtype.kind in "iu":
        wide = xp.astype(x, np.float64)
        return xp.astype(xp.trunc(xp.sqrt(xp.sum(wide * wide, axis=axis, keepdims=keepdims))), x.dtype)
    return xp.astype(xp.sqrt(xp.sum(x * xp.conj(x) if x.dtype.kind == "c" else x * x, axis=axis,
                                    keepdims=keepdims)), x.dtype)


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """sqrt(sum(x ** 2)) over ``axis`` (every axis by default)."""
    x = to_tensor(input_tensor)
    if x.dtype.is_bool or x.dtype.is_string:
        raise InvalidArgumentError(f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed values "
                                   "[Op:EuclideanNorm] name: "
                                   + hint_line(_("take the norm of a numeric tensor.")), op="EuclideanNorm")
    axes = normalize_axis(axis, x.ndim, "EuclideanNorm")
    return execute("EuclideanNorm", _euclidean_norm, (x,), {"axis": axes, "keepdims": bool(keepdims)})


def zero_fraction(value, name=None):
    """The fraction of entries equal to zero, as a float32 scalar."""
    x = to_tensor(value)
    zero = "" if x.dtype.is_string else False if x.dtype.is_bool else 0
    return reduce_mean(cast(equal(x, zero), dtypes.float32))


def _bincount(arr, *weights, size, axis, binary, dtype):
    a = to_host(arr).astype(np.int64)
    w = to_host(weights[0]) if weights else None
    rows = a.reshape(-1, a.shape[-1]) if axis == -1 else a.reshape(1, -1)
    wrows = None if w is None else (w.reshape(rows.shape))
    out_dtype = w.dtype if w is not None else dtype.numpy_dtype
    out = np.zeros((rows.shape[0], size), dtype=out_dtype)
    for r in range(rows.shape[0]):
        keep = rows[r] < size
        if binary:
            out[r, np.unique(rows[r][keep])] = 1
        else:
            np.add.at(out[r], rows[r][keep], 1 if wrows is None else wrows[r][keep])
    return from_host(out if axis == -1 else out[0], device_obj(arr))


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
             binary_output=False):
    """How often each value 0, 1, 2, ... occurs in ``arr`` (or the sum of its ``weights``).

    ``axis=-1`` counts each row of a 2-D ``arr`` separately. No gradient, as TF (``LookupError``
    when differentiating through ``weights``).
    """
    a = to_tensor(arr)
    if not a.dtype.is_integer:
        a = cast(a, dtypes.int32)
    host = host_value(a)
    if (host < 0).any():
        raise InvalidArgumentError("Input arr must be non-negative! [Op:DenseBincount] name: "
                                   + hint_line(_("bincount counts the values 0, 1, 2, ...")), op="DenseBincount")
    if axis not in (None, 0, -1):
        raise ValueError(f"Unsupported axis value {axis}. Only 0 and -1 are currently supported.")
    size = int(host.max()) + 1 if host.size else 0
    if minlength is not None:
        size = max(size, int_scalar(minlength, "minlength", "Bincount", rank0=True))
    if maxlength is not None:
        size = min(size, int_scalar(maxlength, "maxlength", "Bincount"))
    check_allocation((size,), dtypes.int64, "Bincount")
    inputs = (a,)
    if weights is not None:
        w = to_tensor(weights)
        if tuple(w.shape) != tuple(a.shape):
            raise InvalidArgumentError(f"`weights` must be the same shape as `arr` or a length-0 `Tensor`, "
                                       f"in which case it acts as all weights equal to 1. Received "
                                       f"{list(w.shape)} [Op:DenseBincount] name: ", op="DenseBincount")
        inputs = (a, w)
    return execute("DenseBincount", _bincount, inputs,
                   {"size": size, "axis": -1 if axis == -1 else None, "binary": bool(binary_output),
                    "dtype": dtypes.as_dtype(dtype)})


def histogram_fixed_width(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """How many ``values`` fall in each of ``nbins`` equal bins over ``value_range`` (values outside go to
    the first or last bin). No gradient, as TF."""
    x = to_tensor(values)
    bounds = to_host(to_tensor(value_range, x.dtype).value).astype(np.float64)
    bins = int_scalar(nbins, "nbins", "HistogramFixedWidth")
    host = to_host(x.value).astype(np.float64).reshape(-1)
    problem = (f"nbins should be a positive number, but got '{bins}'" if bins <= 0
               else "value_range should be a vector of 2 elements." if bounds.shape != (2,)
               else f"value_range should satisfy value_range[0] < value_range[1], but got "
                    f"'[{bounds[0]:g}, {bounds[1]:g}]'" if not bounds[0] < bounds[1]
               else "Histogram values must not contain NaN" if np.isnan(host).any() else None)
    if problem:
        raise InvalidArgumentError(f"{problem} [Op:HistogramFixedWidth] name: "
                                   + hint_line(_("value_range is [low, high] with low < high; nbins is a whole "
                                                 "number above 0.")), op="HistogramFixedWidth")
    index = np.clip(np.floor((host - bounds[0]) / (bounds[1] - bounds[0]) * bins), 0, bins - 1).astype(np.int64)
    counts = np.bincount(index, minlength=bins).astype(dtypes.as_dtype(dtype).numpy_dtype)
    return to_tensor(counts)
