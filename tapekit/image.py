"""``tk.image``: image adjustments. ``adjust_contrast`` has, as in TF, no registered gradient."""

from __future__ import annotations

import numpy as np

from ._base import dtypes
from .backend import device_obj, from_host, ns, to_host
from .errors import InvalidArgumentError
from ._base.i18n import _, hint_line
from ._core.record.registry import execute
from ._core.values.tensor import EagerTensor, Tensor, convert_to_tensor


def _adjust_contrast(images, factor):
    xp = ns(images)
    mean = xp.mean(images, axis=(-3, -2), keepdims=True)
    return xp.astype((images - mean) * factor + mean, images.dtype)


def adjust_contrast(images, contrast_factor) -> Tensor:
    """Move each channel away from (factor > 1) or toward (factor < 1) its mean over height and width.

    Op type ``AdjustContrastv2``. No gradient is registered, exactly as in TF: differentiating
    through it raises ``LookupError: gradient registry has no entry for: AdjustContrastv2``.
    """
    images = convert_to_tensor(images)
    if images.ndim < 3:
        raise InvalidArgumentError(
            f"input must be at least 3-D, got shape[{','.join(str(d) for d in images.shape)}] [Op:AdjustContrastv2] "
            "name: "
            + hint_line(_("images are [height, width, channels] or [batch, height, width, channels].")),
            op="AdjustContrastv2")
    orig = images.dtype
    work = images
    if orig.is_integer:  # as TF: convert to float in [0, 1], adjust, convert back with saturation
        work = _host_tensor(to_host(images.value).astype(np.float32) / float(orig.max), images)
    elif orig is not dtypes.float32:
        work = _host_tensor(to_host(images.value).astype(np.float32), images)
    factor = convert_to_tensor(contrast_factor, dtype=dtypes.float32)
    out = execute("AdjustContrastv2", _adjust_contrast, (work, factor))
    if orig.is_integer:
        scaled = to_host(out.value).astype(np.float64) * (float(orig.max) + 0.5)
        return _host_tensor(np.clip(scaled, orig.min, orig.max).astype(orig.numpy_dtype), images)
    if orig is not dtypes.float32:
        return _host_tensor(to_host(out.value).astype(orig.numpy_dtype), images)
    return out


def _host_tensor(host: np.ndarray, like: Tensor) -> Tensor:
    """A host array's tensor, placed on the device of ``like`` (dtype conversions are done on the host)."""
    return EagerTensor(from_host(host, device_obj(like.value)))


__all__ = ["adjust_contrast"]
