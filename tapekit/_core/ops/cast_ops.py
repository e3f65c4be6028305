"""``saturate_cast``: cast after clipping to the target dtype's range (TF's ``tf.saturate_cast``)."""

from __future__ import annotations

import logging
import warnings

import numpy as np

from ..._base import dtypes
from ..._base.i18n import _, hint_line
from .array_ops import clip_by_value
from .creation import zeros_like
from .math_ops import cast, is_nan, to_tensor, where


def _limits(in_dtype, out_dtype):
    """The clip bounds, in the input dtype, nudged toward 0 where rounding would overshoot."""
    np_in = in_dtype.as_numpy_dtype
    in_info = np.finfo(np_in) if in_dtype.is_floating else np.iinfo(np_in)
    out_info = np.finfo(out_dtype.numpy_dtype) if out_dtype.is_floating else np.iinfo(out_dtype.numpy_dtype)
    try:
        promoted = np.promote_types(np_in, out_dtype.numpy_dtype)
    except TypeError:
        promoted = np.float64
    low = np_in(max(in_info.min, out_info.min))
    if np.array([low, out_info.min], dtype=promoted)[0] < np.array([low, out_info.min], dtype=promoted)[1]:
        low = np.nextafter(low, np_in(0), dtype=np_in)
    high = np_in(min(float(in_info.max), float(out_info.max)))
    if np.array([high, out_info.max], dtype=promoted)[0] > np.array([high, out_info.max], dtype=promoted)[1]:
        high = np.nextafter(high, np_in(0), dtype=np_in)
    return low, high


def saturate_cast(value, dtype, name=None):
    """``value`` cast to ``dtype``, out-of-range values clipped to its limits first (NaN gives 0)."""
    x = to_tensor(value)
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_bool or x.dtype.is_bool:
        bad = dtype if dtype.is_bool else x.dtype
        raise TypeError(f"Cannot find minimum value of {bad} with type {bad}."
                        + hint_line(_("saturate_cast converts between numeric dtypes; for bools compare "
                                      "instead (x != 0).")))
    if x.dtype.is_complex:
        if dtype.is_complex:
            return cast(x, dtype)
        logging.getLogger("tapekit").warning("Casting complex to real discards imaginary part.")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            x = cast(x, dtypes.float32 if x.dtype.size == 8 else dtypes.float64)
    real_target = dtype if not dtype.is_complex else (dtypes.float32 if dtype.size == 8 else dtypes.float64)
    low, high = _limits(x.dtype, real_target)
    clipped = clip_by_value(x, low, high)
    if x.dtype.is_floating and dtype.is_integer:
        clipped = where(is_nan(clipped), zeros_like(clipped), clipped)
    return cast(clipped, dtype)
