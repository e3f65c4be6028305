"""``tk.bitwise``: bit operations on integer tensors (TF's ``tf.bitwise``); ``&``, ``|``, ``^``, ``~``
on integer tensors call these."""

from ._core.ops.math_ops import (bitwise_and, bitwise_or, bitwise_xor, invert, left_shift,  # noqa: F401
                           right_shift)
