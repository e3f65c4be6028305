"""The shape two shapes broadcast to: ``tk.broadcast_static_shape`` (TensorShapes) and
``tk.broadcast_dynamic_shape`` (shape vectors), as TF computes them."""

from __future__ import annotations

import numpy as np

from ..._base.i18n import _, hint_line
from ..._base.shape import TensorShape
from ...errors import op_error
from .args import int_array
from .math_ops import to_tensor
from ..values.tensor import Tensor



def _rule() -> str:
    return _("each pair of axes, aligned from the right, must be equal or contain a 1.")


def _broadcast_dims(a: list, b: list) -> list | None:
    """The broadcast dimensions (None for an unknown one), or None when they cannot broadcast."""
    out = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x == 1 or x == y:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is None or y is None:
            out.append(x if y is None else y)
        else:
            return None
    return out[::-1]


def broadcast_static_shape(shape_x: TensorShape, shape_y: TensorShape) -> TensorShape:
    """The TensorShape that ``shape_x`` and ``shape_y`` broadcast to (ValueError if none)."""
    if shape_x.rank is None or shape_y.rank is None:
        return TensorShape(None)
    dims = _broadcast_dims(shape_x.as_list(), shape_y.as_list())
    if dims is None:
        raise ValueError("Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension "
                         f"pair they are either equal or one of them is 1. Received: {shape_x} and {shape_y}."
                         + hint_line(_rule()))
    return TensorShape(dims)


def broadcast_dynamic_shape(shape_x, shape_y) -> Tensor:
    """The shape vector that the shape vectors ``shape_x`` and ``shape_y`` broadcast to."""
    x, y = to_tensor(shape_x), to_tensor(shape_y)
    a, b = int_array(x, "shape_x", "BroadcastArgs"), int_array(y, "shape_y", "BroadcastArgs")
    dims = _broadcast_dims(a.tolist(), b.tolist())
    if dims is None:
        raise op_error("BroadcastArgs", f"Incompatible shapes: [{','.join(map(str, a.tolist()))}] vs. "
                       f"[{','.join(map(str, b.tolist()))}]", _rule())
    return to_tensor(np.array(dims, dtype=x.dtype.numpy_dtype))
