"""Ops that check a tensor and pass it on: ``tk.ensure_shape``, ``tk.debugging.check_numerics``."""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...errors import op_error
from ..._base.i18n import _
from ..record.registry import execute
from ..._base.shape import TensorShape
from ..values.tensor import Tensor, host_value
from .math_ops import to_tensor


def ensure_shape(x, shape, name=None) -> Tensor:
    """``x`` itself (an Identity) when its shape fits ``shape`` (None: any size), else InvalidArgumentError."""
    t = to_tensor(x)
    want = TensorShape(shape)
    if not want.is_compatible_with(t.shape):
        dims = ",".join("?" if d is None else str(d) for d in want.as_list()) if want.rank is not None else "?"
        raise op_error("EnsureShape", f"Shape of tensor {name or 'input'} {_dims(t.shape)} is not compatible "
                       f"with expected shape [{dims}].",
                       _("the tensor has shape {got}; fix the code that made it, or the expected shape.").format(
                           got=list(t.shape)))
    return execute("EnsureShape", lambda v: v, (t,), dtype=t.dtype)


def _dims(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def check_numerics(tensor, message, name=None) -> Tensor:
    """``tensor`` itself when it holds no NaN or Inf, else InvalidArgumentError with ``message``."""
    t = to_tensor(tensor)
    if not t.dtype.is_floating:
        kernel = dtypes.KERNEL_NAMES.get(t.dtype.name, t.dtype.name)
        raise op_error("CheckNumerics", f"Value for attr 'T' of {kernel} is not in the list of allowed values: "
                       "bfloat16, half, float, double",
                       _("check_numerics checks floating-point tensors; cast it first with "
                         "tk.cast(x, tk.float32).")) from None
    values = host_value(t)
    found = [what for what, test in (("Inf", np.isinf), ("NaN", np.isnan)) if test(values).any()]
    if found:
        raise op_error("CheckNumerics", f"{message} : Tensor had {' and '.join(found)} values",
                       _("look for a division by zero, log of 0 or a negative number, or a too large "
                         "learning rate before this point."))
    return execute("CheckNumerics", lambda v, message: v, (t,), {"message": str(message)}, dtype=t.dtype)


def condition_text(sym: str, x: np.ndarray, y: np.ndarray, held: np.ndarray, summarize: int = 3,
                   message=None) -> str:
    """TF's text for a failed ``assert_equal``-style check: the condition, the first differing
    positions and values (when x and y share a non-scalar shape), then the first elements of each."""
    lines = [] if message is None else [str(message)]
    lines.append(f"Condition x {sym} y did not hold.")
    if summarize <= 0:
        return "\n".join(lines)
    if x.shape == y.shape and x.shape:
        held = np.broadcast_to(held, x.shape)
        where = np.argwhere(~held)
        count = min(summarize, len(where))
        lines += [f"Indices of first {count} different values:", str(where[:count]),
                  "Corresponding x values:", str(x[~held].reshape(-1)[:count]),
                  "Corresponding y values:", str(y[~held].reshape(-1)[:count])]
    flat_x, flat_y = x.reshape(-1), y.reshape(-1)
    lines += [f"First {min(flat_x.size, summarize)} elements of x:", str(flat_x[:summarize]),
              f"First {min(flat_y.size, summarize)} elements of y:", str(flat_y[:summarize])]
    return "\n".join(lines)
