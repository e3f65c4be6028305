"""``tk.sequence_mask`` (which steps of each sequence are real) and ``tk.unravel_index`` (flat positions
as coordinates), as TF computes them."""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ..._base.i18n import _, hint_line
from ...backend import from_host
from ...errors import op_error
from ..values.tensor import EagerTensor, Tensor
from .args import int_array
from .array_ops import expand_dims
from .creation import range as range_
from .math_ops import cast, less, maximum, to_tensor
from .reduction import reduce_max


def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool, name=None) -> Tensor:
    """``mask[..., j] = j < lengths[...]`` for ``j`` in ``range(maxlen)`` (default: the longest length)."""
    lengths = to_tensor(lengths)
    if maxlen is None:
        maxlen = maximum(to_tensor(0, lengths.dtype), reduce_max(lengths))
    else:
        maxlen = to_tensor(maxlen)
    if maxlen.ndim != 0:
        raise ValueError(f"Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = "
                         f"{maxlen.numpy()} with shape '{maxlen.shape}' instead"
                         + hint_line(_("maxlen is one number: the length of every row of the mask.")))
    steps = range_(to_tensor(0, maxlen.dtype), maxlen, to_tensor(1, maxlen.dtype))
    mask = less(steps, cast(expand_dims(lengths, -1), maxlen.dtype))
    dtype = dtypes.as_dtype(dtype)
    return mask if dtype is dtypes.bool else cast(mask, dtype)


def unravel_index(indices, dims, name=None) -> Tensor:
    """The coordinates in an array of shape ``dims`` of each flat (row-major) position in ``indices``."""
    indices, dims = to_tensor(indices), to_tensor(dims)
    flat = int_array(indices, "indices", "UnravelIndex")
    shape = int_array(dims, "dims", "UnravelIndex")
    if flat.ndim > 1:
        raise op_error("UnravelIndex", "The indices can only be scalar or vector, got "
                       f"\"[{','.join(map(str, flat.shape))}]\"", _("pass one flat position or a list of them."))
    if np.any(flat >= np.prod(shape)):
        raise op_error("UnravelIndex", "index is out of bound as with dims",
                       _("a flat position must be below {size}, the number of elements of shape {shape}.").format(
                           size=int(np.prod(shape)), shape=shape.tolist()))
    coords, rest = [], flat
    for size in shape[::-1]:
        coords.append(np.fmod(rest, size))   # C's remainder and division, as TF's kernel (-1 stays -1)
        rest = np.trunc(rest / size).astype(flat.dtype)
    out = np.stack(coords[::-1]).astype(flat.dtype)
    return EagerTensor(from_host(out), indices.dtype if indices.dtype in (dtypes.int32, dtypes.int64) else dtypes.int32)
