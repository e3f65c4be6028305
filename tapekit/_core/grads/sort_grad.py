"""The gradient rules of ``tapekit._core.ops.sort_ops``, registered on import."""

from __future__ import annotations

import numpy as np

from ..ops.array_ops import reshape, scatter_nd
from ..ops.creation import range as range_
from ..record.registry import gradient


@gradient("TopKV2")
def _top_k_grad(op, grad, _indices_grad):
    """The gradient of each picked value goes back to the position it was picked from."""
    x = op.inputs[0]
    indices = op.outputs[1]
    n = x.shape[-1]
    rows = int(np.prod(x.shape[:-1], dtype=np.int64))
    k = indices.shape[-1]
    flat_idx = reshape(indices, [rows, k])
    row_ids = reshape(range_(rows, dtype=flat_idx.dtype), [rows, 1]) * n
    positions = reshape(flat_idx + row_ids, [-1])
    flat = scatter_nd(reshape(positions, [-1, 1]), reshape(grad, [-1]), [rows * n])
    return reshape(flat, list(x.shape))
