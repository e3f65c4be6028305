"""The gradient rules of ``tapekit._core.ops.creation``, registered on import."""

from __future__ import annotations

from ..ops.reduction import reduce_sum
from ..record.registry import gradient


@gradient("Fill")
def _fill_grad(op, grad):
    return reduce_sum(grad)
