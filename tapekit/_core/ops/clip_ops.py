"""Gradient clipping: ``clip_by_norm``, ``clip_by_global_norm`` and ``global_norm``, built from
recorded ops exactly as TF builds them (so their values and gradients match TF's).
"""

from __future__ import annotations

import numpy as np

from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..record.indexed_slices import IndexedSlices
from .args import named_conversion
from .array_ops import stack
from .creation import ones_like
from .math_ops import (
    cast,
    divide,
    greater,
    identity,
    maximum,
    minimum,
    multiply,
    require_float,
    sqrt,
    subtract,
    to_tensor,
    where,
)
from .nn_ops import l2_loss
from .reduction import reduce_sum


def _is_sequence(value) -> bool:
    return isinstance(value, (list, tuple))


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """``t * clip_norm / max(l2norm(t), clip_norm)``: rescaled so its L2 norm is at most clip_norm.

    ``axes`` limits the norm to those axes (each slice clipped on its own). An all-zero ``t``
    stays zero.
    """
    slices = _as_slices(t)
    values = to_tensor(t.values if slices else t)
    require_float("Mul", values)
    if isinstance(clip_norm, (int, float, np.integer, np.floating)) and not isinstance(clip_norm, bool):
        clip_norm = max(clip_norm, 0)
    else:
        clip_norm = cast(maximum(named_conversion(to_tensor, clip_norm, "clip_norm", "tk.clip_by_norm"), 0),
                         values.dtype)
    l2sum = reduce_sum(multiply(values, values), axes, keepdims=True)
    positive = greater(l2sum, 0)
    safe = where(positive, l2sum, ones_like(l2sum))
    l2norm = where(positive, sqrt(safe), l2sum)
    scaled = multiply(values, clip_norm)
    if tuple(scaled.shape) != tuple(values.shape):
        raise ValueError(f"Shapes {values.shape} and {scaled.shape} are incompatible"
                         + hint_line(_("clip_norm must be a scalar (or broadcast to t's shape).")))
    clipped = identity(divide(scaled, maximum(l2norm, clip_norm)))
    return type(t)(clipped, t.indices, t.dense_shape) if slices else clipped


def global_norm(t_list, name=None):
    """sqrt(sum of squares of every entry of every tensor in ``t_list``); None entries are skipped."""
    if not _is_sequence(t_list):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}."
                        + hint_line(_("wrap a single tensor in a list: global_norm([t]).")))
    tensors = [_values(t) for t in t_list if t is not None]
    if not tensors:
        return to_tensor(0.0)
    halves = [l2_loss(t) for t in tensors]
    for h in halves[1:]:
        if h.dtype is not halves[0].dtype:
            raise InvalidArgumentError(
                f"cannot compute Pack as input #1(zero-based) was expected to be a {halves[0].dtype.name} tensor but "
                f"is a {h.dtype.name} tensor [Op:Pack] name: stack"
                + hint_line(_("every tensor in t_list must have one dtype.")), op="Pack")
    return sqrt(multiply(reduce_sum(stack(halves)), 2.0))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """Scale every tensor of ``t_list`` by ``clip_norm / max(global_norm, clip_norm)``.

    Returns ``(list_clipped, global_norm)``; None entries stay None. If the global norm is
    infinite, every entry becomes NaN (as TF).
    """
    if not _is_sequence(t_list):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}."
                        + hint_line(_("pass a list, e.g. the gradients from tape.gradient(loss, variables).")))
    if use_norm is None:
        use_norm = global_norm(t_list)
    elif not hasattr(use_norm, "dtype"):
        raise AttributeError(f"'{type(use_norm).__name__}' object has no attribute 'dtype'"
                             + hint_line(_("pass use_norm as a tensor, e.g. tk.constant(6.0).")))
    use_norm = to_tensor(use_norm)
    clip_norm = cast(to_tensor(clip_norm), use_norm.dtype)
    one = to_tensor(1.0, use_norm.dtype)
    scale = multiply(clip_norm, minimum(divide(one, use_norm), divide(one, clip_norm)))
    scale = scale + subtract(use_norm, use_norm)  # NaN when the norm is infinite, as TF
    clipped = []
    for t in t_list:
        if t is None:
            clipped.append(None)
            continue
        values = identity(multiply(_values(t), scale))
        clipped.append(type(t)(values, t.indices, t.dense_shape) if _as_slices(t) else values)
    return clipped, use_norm


def _as_slices(t) -> bool:
    """Whether ``t`` is a ``tk.IndexedSlices`` (a sparse gradient: clipped through its values)."""
    return isinstance(t, IndexedSlices)


def _values(t):
    """The tensor whose entries count: an IndexedSlices' values, else the tensor (or Variable)."""
    return to_tensor(t.values if _as_slices(t) else t)
