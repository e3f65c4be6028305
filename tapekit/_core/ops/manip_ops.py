"""Rearranging values: ``roll`` (TF's ``Roll`` op), and ``meshgrid`` and ``repeat``, which TF
composes from other ops (reshape, tile, multiply, boolean_mask), as tapekit does, so that their
gradients come from those ops.
"""

from __future__ import annotations

import numpy as np

from ...backend import ns
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from .array_ops import boolean_mask, expand_dims, reshape, size, tile
from .args import int_array, int_attr, int_values
from .creation import ones
from .math_ops import multiply, to_tensor
from ..values.tensor import host_value


# ---------- roll ----------
def _roll(x, shift, axis):
    return ns(x).roll(x, shift, axis=axis) if axis else x


def roll(input, shift, axis, name=None):
    """Shift elements along ``axis`` by ``shift`` places, wrapping around (several axes at once too)."""
    x = to_tensor(input)
    shifts, axes = int_array(shift, "shift", "Roll", "Tshift"), int_array(axis, "axis", "Roll", "Taxis")
    if shifts.shape != axes.shape or shifts.ndim > 1:   # TF: same shape, 0-D or 1-D
        raise InvalidArgumentError("shift and axis must have the same size [Op:Roll]"
                                   + hint_line(_("give one shift per axis (got {n_shifts} shifts, {n_axes} "
                                                 "axes).").format(n_shifts=shifts.size, n_axes=axes.size)),
                                   op="Roll")
    shifts, axes = shifts.reshape(-1).tolist(), axes.reshape(-1).tolist()
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            raise InvalidArgumentError(f"axis {a} is out of range [Op:Roll]"
                                       + hint_line(_("the input has {ndim} axes (shape {shape}).").format(
                                                   ndim=x.ndim, shape=list(x.shape))), op="Roll")
    return execute("Roll", _roll, (x,), {"shift": tuple(shifts), "axis": tuple(a % x.ndim for a in axes)})


# ---------- meshgrid ----------
def meshgrid(*args, **kwargs):
    """Coordinate grids from 1-D vectors; ``indexing="xy"`` (default) swaps the first two axes."""
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got '{indexing}'")
    xs = [to_tensor(a) for a in args]
    ndim = len(xs)
    out = [reshape(x, [1] * i + [-1] + [1] * (ndim - i - 1)) for i, x in enumerate(xs)]
    sizes = [int(size(x)) for x in xs]
    if indexing == "xy" and ndim > 1:
        out[0] = reshape(out[0], [1, -1] + [1] * (ndim - 2))
        out[1] = reshape(out[1], [-1, 1] + [1] * (ndim - 2))
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grid = ones(sizes, xs[0].dtype) if xs else None
    return [multiply(x, grid) for x in out]


# ---------- repeat ----------
def repeat(input, repeats, axis=None, name=None):
    """Each element (or slice along ``axis``) repeated ``repeats`` times; no axis: flattened first."""
    x = to_tensor(input)
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    axis = int_attr(axis, "axis", "Repeat")
    if not -max(x.ndim, 1) <= axis < max(x.ndim, 1):
        rank = max(x.ndim, 1)
        raise ValueError(f"axis={axis} out of bounds: expected {-rank}<=axis<{rank}"   # TF's Python check
                         + hint_line(_("pass an axis of the input, or axis=None to flatten it.")))
    if x.ndim == 0:
        x = reshape(x, [1])
    axis %= x.ndim
    counts = np.asarray(int_values(repeats, "repeats", "Repeat", "T"), dtype=np.int64)
    n = x.shape[axis]
    scalar = not isinstance(repeats, (list, tuple, np.ndarray)) and np.ndim(host_value(to_tensor(repeats))) == 0
    if not scalar and counts.size not in (1, n):
        raise ValueError(f"Dimensions {n} and {counts.size} are not compatible"
                         + hint_line(_("repeats needs one count per slice along axis {axis} ({n}), or a "
                                       "single count.").format(axis=axis, n=n)))
    if (counts < 0).any():
        raise InvalidArgumentError(f"Expected multiples[{axis + 1}] >= 0, but got {int(counts.min())} [Op:Tile]"
                                   + hint_line(_("repeat counts cannot be negative.")), op="Tile")
    expanded = expand_dims(x, axis + 1)
    dims = list(x.shape)
    if scalar or counts.size == 1:
        tiled = tile(expanded, [1] * (axis + 1) + [int(counts[0])] + [1] * (x.ndim - axis - 1))
        return reshape(tiled, dims[:axis] + [n * int(counts[0])] + dims[axis + 1:])
    most = int(counts.max()) if counts.size else 0
    tiled = tile(expanded, [1] * (axis + 1) + [most] + [1] * (x.ndim - axis - 1))
    keep = np.arange(most)[None, :] < counts[:, None]            # [n, most]
    mask = np.broadcast_to(keep, tuple(dims[:axis]) + keep.shape)
    picked = boolean_mask(tiled, mask)
    return reshape(picked, dims[:axis] + [int(counts.sum())] + dims[axis + 1:])
