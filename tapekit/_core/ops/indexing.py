"""Host-side index arithmetic shared by the array ops' forwards and their rules (not ops themselves)."""

from __future__ import annotations

import numpy as np

from ...backend import device_obj, from_host, ns


def on_device_of(value, host: np.ndarray):
    """A host array placed on the device (and in the library) of ``value``."""
    return from_host(host, device_obj(value))


def gather_full_indices(params_shape, idx: np.ndarray, axis: int, batch_dims: int) -> np.ndarray:
    """gather(params, idx, axis, batch_dims) as gather_nd indices over params' first axis+1 dims."""
    b = batch_dims
    out_lead = tuple(params_shape[:axis]) + idx.shape[b:]
    rank = len(out_lead)
    cols = []
    for d in range(axis):
        shape = [1] * rank
        shape[d] = params_shape[d]
        cols.append(np.broadcast_to(np.arange(params_shape[d]).reshape(shape), out_lead))
    placed = idx.reshape(idx.shape[:b] + (1,) * (axis - b) + idx.shape[b:])
    cols.append(np.broadcast_to(placed, out_lead))
    return np.stack(cols, axis=-1)


def mirror_take(v, index, in_shape, mode):
    """Mirror padding: axis by axis, take the source positions ``index[d]`` (host arrays)."""
    xp = ns(v)
    for d, positions in enumerate(index):
        v = xp.take(v, on_device_of(v, positions), axis=d)
    return v


def standard_key(key, shape):
    """``key`` as the Array API standard wants it: every axis indexed (a trailing ``...`` when there
    is none) and slice bounds inside the axis (NumPy clamps them itself; the standard leaves that open)."""
    if not any(k is Ellipsis for k in key):
        key = key + (Ellipsis,)
    out, dim = [], 0
    for k in key:
        if k is Ellipsis:
            dim += len(shape) - sum(1 for j in key if j is not None and j is not Ellipsis)
        elif isinstance(k, slice):
            k = _clamp_slice(k, shape[dim])
            dim += 1
        elif k is not None:
            dim += 1
        out.append(k)
    return tuple(out)


def _clamp_slice(k, size):
    start, stop, step = k.indices(size)
    if step > 0:
        return slice(start, stop, step)
    if start < 0:  # a backward slice starting before the first element: empty
        return slice(0, 0, 1)
    return slice(start, None if stop < 0 else stop, step)  # stop -1 here means "through index 0"
