"""The gradient rules of ``tapekit._core.ops.manip_ops``, registered on import."""

from __future__ import annotations

from ..ops.manip_ops import roll
from ..record.registry import gradient


@gradient("Roll")
def _roll_grad(op, grad):
    """Roll the gradient back by the opposite shift."""
    return roll(grad, [-s for s in op.attrs["shift"]], list(op.attrs["axis"]))
