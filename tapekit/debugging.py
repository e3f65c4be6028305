"""``tk.debugging``: assertions with TF's messages, ``check_numerics``, the device placement log.

``tk.debugging.set_log_device_placement(True)`` prints one line per op executed, as TF does::

    Executing op Mul in device /job:localhost/replica:0/task:0/device:CPU:0

The assertions run at once (eager code) and return None, or raise TF's exception with TF's text:
``InvalidArgumentError: Condition x == y did not hold.`` and the indices and values that differ.
"""

from __future__ import annotations

import numpy as np

from . import backend
from .errors import InvalidArgumentError
from ._core.ops.checks import check_numerics as _dense_check_numerics
from ._core.ops.checks import condition_text
from ._core.ops.math_ops import equal, greater, greater_equal, less, less_equal, not_equal
from ._core.values.tensor import Tensor, convert_to_tensor
from .ragged.dispatch import dispatch_unary

check_numerics = dispatch_unary(_dense_check_numerics)   # a RaggedTensor: its values checked, as TF
_BINARY = {"==": equal, "!=": not_equal, "<": less, "<=": less_equal, ">": greater, ">=": greater_equal}


def set_log_device_placement(enabled):
    """Print the device of every op executed from now on (to stderr), or stop (False)."""
    backend.set_log(enabled)


def get_log_device_placement():
    return backend.PLACEMENT.log


def _pair(x, y):
    x = convert_to_tensor(x)
    return x, (y if isinstance(y, Tensor) else convert_to_tensor(y, dtype=x.dtype))


def _binary_assert(sym: str, x, y, message, summarize) -> None:
    """Raise InvalidArgumentError with TF's text unless ``x sym y`` holds everywhere."""
    x, y = _pair(x, y)
    held = np.asarray(_BINARY[sym](x, y).numpy(), dtype=bool)
    if held.all():
        return
    summarize = 3 if summarize is None else (10**9 if summarize < 0 else int(summarize))
    raise InvalidArgumentError(None, None, condition_text(sym, np.asarray(x.numpy()), np.asarray(y.numpy()), held,
                                                          summarize, message))


def assert_equal(x, y, message=None, summarize=None, name=None):
    """Raise InvalidArgumentError unless ``x == y`` element-wise (after broadcasting)."""
    _binary_assert("==", x, y, message, summarize)


def assert_none_equal(x, y, summarize=None, message=None, name=None):
    _binary_assert("!=", x, y, message, summarize)


def assert_less(x, y, message=None, summarize=None, name=None):
    _binary_assert("<", x, y, message, summarize)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    _binary_assert("<=", x, y, message, summarize)


def assert_greater(x, y, message=None, summarize=None, name=None):
    _binary_assert(">", x, y, message, summarize)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    _binary_assert(">=", x, y, message, summarize)


def _sign_assert(x, sym: str, message, summarize) -> None:
    """assert_positive and friends: TF's element-wise text, the values as a list of strings."""
    x = convert_to_tensor(x)
    held = np.asarray(_BINARY[sym](x, convert_to_tensor(0, dtype=x.dtype)).numpy(), dtype=bool)
    if held.all():
        return
    summarize = 3 if summarize is None else int(summarize)
    flat = [str(v) for v in x.numpy().reshape(-1)[:summarize]]
    if len(flat) < x.numpy().size:
        flat.append("...")
    lines = ["" if message is None else f"{message}.  ", f"Condition x {sym} 0 did not hold element-wise:",
             f"x (shape={x.shape} dtype={x.dtype.name}) = ", str(flat)]
    raise InvalidArgumentError(None, None, "\n".join(lines))


def assert_positive(x, message=None, summarize=None, name=None):
    _sign_assert(x, ">", message, summarize)


def assert_negative(x, message=None, summarize=None, name=None):
    _sign_assert(x, "<", message, summarize)


def assert_non_negative(x, message=None, summarize=None, name=None):
    _sign_assert(x, ">=", message, summarize)


def assert_non_positive(x, message=None, summarize=None, name=None):
    _sign_assert(x, "<=", message, summarize)


def assert_rank(x, rank, message=None, name=None):
    """Raise ValueError unless ``x`` has rank ``rank``."""
    x = convert_to_tensor(x)
    if x.ndim != int(rank):
        prefix = "" if message is None else f"{message}.  "
        raise ValueError(f"{prefix}Tensor  must have rank {int(rank)}.  Received rank {x.ndim}, shape {x.shape}")


def assert_type(tensor, tf_type, message=None, name=None):
    """Raise TypeError unless ``tensor`` has dtype ``tf_type``."""
    t = convert_to_tensor(tensor)
    if t.dtype.name != getattr(tf_type, "name", tf_type):
        prefix = "" if message is None else f"{message}: "
        raise TypeError(f"{prefix}tensor must be of type tk.{getattr(tf_type, 'name', tf_type)}; got "
                        f"tk.{t.dtype.name}")


def assert_all_finite(t, msg, name=None, x=None, message=None):
    """``check_numerics``: ``t`` itself, or InvalidArgumentError when it holds NaN or Inf."""
    return check_numerics(t if x is None else x, msg if message is None else message)


__all__ = ["assert_all_finite", "assert_equal", "assert_greater", "assert_greater_equal", "assert_less",
           "assert_less_equal", "assert_negative", "assert_non_negative", "assert_non_positive",
           "assert_none_equal", "assert_positive", "assert_rank", "assert_type", "check_numerics",
           "get_log_device_placement", "set_log_device_placement"]
