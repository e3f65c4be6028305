"""``tk.bitwise``: bit operations on integer tensors (TF's ``tf.bitwise``); ``&``, ``|``, ``^``, ``~``
on integer tensors call these."""

from ._core.ops import math_ops as _m
from .ragged.dispatch import dispatch_binary as _binary
from .ragged.dispatch import dispatch_unary as _unary

# a RaggedTensor keeps its rows (as TF dispatches these)
bitwise_and, bitwise_or, bitwise_xor = _binary(_m.bitwise_and), _binary(_m.bitwise_or), _binary(_m.bitwise_xor)
left_shift, right_shift, invert = _binary(_m.left_shift), _binary(_m.right_shift), _unary(_m.invert)
