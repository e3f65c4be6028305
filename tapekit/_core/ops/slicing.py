"""``tk.slice``: a box of ``size`` elements from ``begin``, as ``tf.slice``; ``tk.strided_slice``, what
``x[...]`` does, written with begin/end/strides vectors and bit masks."""

from __future__ import annotations

import builtins

import numpy as np

from ...errors import op_error
from ..._base.i18n import _
from ..record.registry import execute
from ..values.tensor import Tensor
from .args import int_array
from .array_ops import strided_slice as _index
from .math_ops import to_tensor


builtin_slice = builtins.slice  # this module's `slice` is the op


def _host_ints(value, arg: str, op_type: str = "Slice") -> np.ndarray:
    return int_array(value, arg, op_type, "Index").astype(np.int64)


def _slice_sizes(shape: tuple, begin: np.ndarray, size: np.ndarray) -> tuple:
    """Each axis's size with -1 resolved (to the end of the axis), or raise TF's Slice errors."""
    if begin.shape != (len(shape),) or size.shape != (len(shape),):
        raise op_error("Slice", f"Expected begin and size arguments to be 1-D tensors of size {len(shape)}, but "
                       f"got shapes {list(begin.shape)} and {list(size.shape)} instead.",
                       _("begin and size need one entry per axis of the input (shape {shape}).").format(
                           shape=list(shape)))
    sizes = []
    for axis, (start, count, n) in enumerate(zip(begin.tolist(), size.tolist(), shape)):
        count = n - start if count == -1 else count
        if not 0 <= start <= n:
            raise op_error("Slice", f"Expected begin[{axis}] in [0, {n}], but got {start}",
                           _("axis {axis} has size {n}.").format(axis=axis, n=n))
        if not 0 <= count <= n - start:
            raise op_error("Slice", f"Expected size[{axis}] in [0, {n - start}], but got {count}",
                           _("axis {axis} has size {n}; from begin {start} at most {left} elements fit "
                             "(-1 takes them all).").format(axis=axis, n=n, start=start, left=n - start))
        sizes.append(count)
    return tuple(sizes)


def slice(input_, begin, size, name=None) -> Tensor:  # noqa: A001 - TF's name
    """``size[i]`` elements of axis ``i`` from ``begin[i]`` on (``-1``: all the rest)."""
    x = to_tensor(input_)
    begin = _host_ints(begin, "begin")
    sizes = _slice_sizes(tuple(x.value.shape), begin, _host_ints(size, "size"))
    return execute("Slice", _slice_forward, (x,), {"begin": tuple(begin.tolist()), "size": sizes}, dtype=x.dtype)


def _slice_forward(value, begin, size):
    return value[tuple(builtin_slice(b, b + n) for b, n in zip(begin, size))]


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None) -> Tensor:
    """``input_[key]`` where entry ``i`` of the key is ``begin[i]:end[i]:strides[i]``, or what bit ``i``
    of a mask makes it: the whole axis' start/end, ``...``, a new axis, or the single index ``begin[i]``."""
    x = to_tensor(input_)
    begin, end = _host_ints(begin, "begin", "StridedSlice"), _host_ints(end, "end", "StridedSlice")
    strides = np.ones_like(begin) if strides is None else _host_ints(strides, "strides", "StridedSlice")
    if not begin.ndim == end.ndim == strides.ndim == 1 or not len(begin) == len(end) == len(strides):
        raise op_error("StridedSlice", "Expected begin, end, and strides to be 1D equal size tensors, but got "
                       f"shapes {list(begin.shape)}, {list(end.shape)}, and {list(strides.shape)} instead.",
                       _("begin, end and strides need one entry each per indexed axis."))
    key = []
    for i, (start, stop, step) in enumerate(zip(begin.tolist(), end.tolist(), strides.tolist())):
        if step == 0:
            raise op_error("StridedSlice", f"strides[{i}] must be non-zero",
                           _("a stride of 0 never moves; use 1 for every element, -1 to go backwards."))
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(start)
        else:
            key.append(builtin_slice(None if begin_mask & bit else start, None if end_mask & bit else stop, step))
    return _index(x, tuple(key))
