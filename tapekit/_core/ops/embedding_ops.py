"""``tk.nn.embedding_lookup`` (TF's ``embedding_ops.py``)."""

from __future__ import annotations

from .array_ops import concat, gather
from .clip_ops import clip_by_norm
from .math_ops import identity, to_tensor


def embedding_lookup(params, ids, max_norm=None, name=None):
    """Rows of ``params`` picked by ``ids`` (any shape): ``gather(params, ids)``.

    ``params`` may be a list of shards split along axis 0 (TF's "div" strategy). With
    ``max_norm``, each picked row whose L2 norm exceeds it is rescaled to that norm.
    """
    if isinstance(params, (list, tuple)):
        if not params:
            raise ValueError("Length of `params` must be greater than 0.")
        params = params[0] if len(params) == 1 else concat([to_tensor(p) for p in params], 0)
    rows = gather(params, ids)
    if max_norm is not None:
        ids_rank = to_tensor(ids).ndim
        rows = clip_by_norm(rows, max_norm, axes=list(range(ids_rank, rows.ndim)))
    return identity(rows)
