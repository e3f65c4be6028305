"""Public tk functions that also accept RaggedTensors: wrappers that send a ragged argument to its
ragged version (``tapekit/math.py``, ``nn.py`` and ``__init__.py`` wrap their functions with them).
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from .._base import dtypes
from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._core.ops import math_ops, segment_ops
from .._core.ops.args import int_attr
from .._core.ops.array_ops import gather, gather_nd
from .elementwise import elementwise_binary
from .functions import concat
from . import segments
from .reduce import reduce
from .tensor import RaggedTensor, axis_in_bounds, coordinates, nrows_of


def dispatch_unary(fn):
    """``fn(x, ...)`` that maps over the flat values when ``x`` is a RaggedTensor."""
    if list(inspect.signature(fn).parameters) == ["x", "name"]:   # most ops: no *args/**kwargs to pack
        @functools.wraps(fn)
        def wrapper(x, name=None):
            if isinstance(x, RaggedTensor):
                return x.with_flat_values(fn(x.flat_values, name))
            return fn(x, name)

        return wrapper

    @functools.wraps(fn)
    def wrapper(x, *args, **kwargs):   # the general form
        if isinstance(x, RaggedTensor):
            return x.with_flat_values(fn(x.flat_values, *args, **kwargs))
        return fn(x, *args, **kwargs)

    return wrapper


def dispatch_binary(fn):
    """``fn(x, y, ...)`` that works element-wise when either operand is a RaggedTensor."""
    if list(inspect.signature(fn).parameters) == ["x", "y", "name"]:   # most ops: no *args/**kwargs to pack
        @functools.wraps(fn)
        def wrapper(x, y, name=None):
            if isinstance(x, RaggedTensor) or isinstance(y, RaggedTensor):
                return elementwise_binary(lambda a, b: fn(a, b, name), x, y)
            return fn(x, y, name)

        return wrapper

    @functools.wraps(fn)
    def wrapper(x, y, *args, **kwargs):   # the general form
        if isinstance(x, RaggedTensor) or isinstance(y, RaggedTensor):
            return elementwise_binary(lambda a, b: fn(a, b, *args, **kwargs), x, y)
        return fn(x, y, *args, **kwargs)

    return wrapper


def dispatch_reduce(fn, kind: str):
    """``tk.reduce_<kind>`` that also reduces RaggedTensors (along ragged or uniform axes)."""
    @functools.wraps(fn)
    def wrapper(input_tensor, axis=None, keepdims=False, name=None):
        if isinstance(input_tensor, RaggedTensor):
            return reduce(kind, input_tensor, axis, keepdims)
        return fn(input_tensor, axis=axis, keepdims=keepdims, name=name)

    return wrapper


def dispatch_concat(fn):
    """``tk.concat`` that joins RaggedTensors too (see ``concat``)."""
    @functools.wraps(fn)
    def wrapper(values, axis, name="concat"):
        if isinstance(values, RaggedTensor):   # a lone tensor is a list of one, as in TF
            return concat([values], axis)
        if isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values):
            return concat(values, axis)
        return fn(values, axis, name=name)

    return wrapper


def dispatch_softmax(fn):
    """``tk.nn.softmax`` that also normalizes each row of a RaggedTensor (its last axis), as TF."""
    @functools.wraps(fn)
    def wrapper(logits, axis=None, name=None):
        if isinstance(logits, RaggedTensor):
            return _ragged_softmax(fn, logits, -1 if axis is None else int_attr(axis, "axis", "Softmax"))
        return fn(logits, axis, name)

    return wrapper


def _ragged_softmax(fn, logits: RaggedTensor, axis) -> RaggedTensor:
    axis = axis_in_bounds(axis, logits.ndim, "axis")
    if axis > logits.ragged_rank or not logits.dtype.is_floating:   # a uniform inner axis: the dense op
        return logits.with_flat_values(fn(logits.flat_values, max(axis - logits.ragged_rank, 0)))
    if axis != logits.ndim - 1:
        raise InvalidArgumentError(f"tk.nn.softmax of a RaggedTensor along its axis {axis} is not supported: "
                                   "its rows have different lengths."
                                   + hint_line(_("normalize along the last axis (axis=-1).")), op="Softmax")
    rows = logits
    while isinstance(rows.values, RaggedTensor):
        rows = rows.values
    ids, count, x = rows.value_rowids(), nrows_of(rows), rows.values
    shift = gather(math_ops.stop_gradient(segment_ops.unsorted_segment_max(x, ids, count)), ids)
    e = math_ops.exp(math_ops.subtract(x, shift))
    return logits.with_flat_values(math_ops.divide(e, gather(segment_ops.unsorted_segment_sum(e, ids, count), ids)))


def dispatch_add_n(fn):
    """``tk.add_n`` that adds RaggedTensors with the same rows value by value."""
    @functools.wraps(fn)
    def wrapper(inputs, name=None):
        if isinstance(inputs, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in inputs):
            template = next(v for v in inputs if isinstance(v, RaggedTensor))
            return template.with_flat_values(fn([v.flat_values if isinstance(v, RaggedTensor) else v
                                                 for v in inputs]))
        return fn(inputs, name)

    return wrapper


def dispatch_cumsum(fn):
    """``tk.cumsum`` along any axis of a RaggedTensor: on the zero-padded tensor, whose padding adds nothing."""
    @functools.wraps(fn)
    def wrapper(x, axis=0, exclusive=False, reverse=False, name=None):
        if isinstance(x, RaggedTensor):
            padded = fn(x.to_tensor(), axis, exclusive, reverse)
            return x.with_flat_values(gather_nd(padded, coordinates(x)))
        return fn(x, axis, exclusive, reverse, name)

    return wrapper


def dispatch_moments(fn):
    """``tk.nn.moments`` of a RaggedTensor: TF's mean, then the mean squared difference from it."""
    @functools.wraps(fn)
    def wrapper(x, axes, shift=None, keepdims=False, name=None):
        if not isinstance(x, RaggedTensor):
            return fn(x, axes, shift, keepdims, name)
        mean = reduce("mean", x, axes, keepdims=True)
        if isinstance(mean, RaggedTensor):   # an inner axis: the same rows, values of size 1 there
            centred = x.with_flat_values(math_ops.squared_difference(
                x.flat_values, math_ops.stop_gradient(mean.flat_values)))
        else:
            centred = elementwise_binary(math_ops.squared_difference, x, math_ops.stop_gradient(mean))
        return reduce("mean", x, axes, keepdims), reduce("mean", centred, axes, keepdims)

    return wrapper


def dispatch_logistic_loss(fn):
    """``tk.nn.sigmoid_cross_entropy_with_logits`` value by value for RaggedTensors with the same rows."""
    @functools.wraps(fn)
    def wrapper(labels=None, logits=None, name=None):
        if not isinstance(labels, RaggedTensor) and not isinstance(logits, RaggedTensor):
            return fn(labels=labels, logits=logits, name=name)
        if not (isinstance(labels, RaggedTensor) and isinstance(logits, RaggedTensor)):
            shapes = [tuple(v.flat_values.shape) if isinstance(v, RaggedTensor) else tuple(np.shape(v))
                      for v in (logits, labels)]
            raise ValueError(f"`logits` and `labels` must have the same shape, received ({shapes[0]} vs "
                             f"{shapes[1]})." + hint_line(_("give labels with the logits' rows.")))
        return elementwise_binary(lambda z, x: fn(labels=z, logits=x), labels, logits)

    return wrapper




def dispatch_bincount(fn):
    """``tk.math.bincount`` of a RaggedTensor: over all its values, or per row (``axis=-1``)."""
    @functools.wraps(fn)
    def wrapper(arr, weights=None, minlength=None, maxlength=None, dtype=dtypes.int32, name=None, axis=None,
                binary_output=False):
        if isinstance(arr, RaggedTensor):
            return segments.bincount(fn, arr, weights, minlength, maxlength, dtype, axis, binary_output)
        return fn(arr, weights, minlength, maxlength, dtype, name, axis, binary_output)

    return wrapper


def dispatch_unsorted_segment(fn):
    """``tk.math.unsorted_segment_*`` of RaggedTensor data (rows joined per segment) or ragged segment ids."""
    @functools.wraps(fn)
    def wrapper(data, segment_ids, num_segments, name=None):
        if isinstance(data, RaggedTensor) or isinstance(segment_ids, RaggedTensor):
            return segments.unsorted_segment(fn, data, segment_ids, num_segments)
        return fn(data, segment_ids, num_segments, name)

    return wrapper


def dispatch_scalar_mul(fn):
    """``tk.math.scalar_mul(scalar, x)`` with a RaggedTensor ``x`` (its values scaled)."""
    @functools.wraps(fn)
    def wrapper(scalar, x, name=None):
        if isinstance(scalar, RaggedTensor):   # TF checks its flat values: not a 0-D value
            return fn(scalar.flat_values, x, name)
        if isinstance(x, RaggedTensor):
            return x.with_flat_values(fn(scalar, x.flat_values, name))
        return fn(scalar, x, name)

    return wrapper


def dispatch_matmul(fn):
    """``tk.matmul`` of RaggedTensors: matrices (rank 2) whose rows turn out all as long, or a batch of
    matrices with ragged rows (rank 3, one ragged axis), each multiplied on its own."""
    @functools.wraps(fn)
    def wrapper(a, b, *args, **kwargs):
        if not isinstance(a, RaggedTensor) and not isinstance(b, RaggedTensor):
            return fn(a, b, *args, **kwargs)
        if a.ndim == 2:
            return fn(_uniform_matrix(a), _uniform_matrix(b), *args, **kwargs)
        if not isinstance(a, RaggedTensor) or a.ndim != 3 or a.ragged_rank != 1:
            raise NotImplementedError("tk.matmul of RaggedTensors takes matrices, or a batch of matrices with "
                                      "ragged rows (rank 3, one ragged axis) as `a`."
                                      + hint_line(_("use .to_tensor() first.")))
        products = [fn(a[i], b[i], *args, **kwargs) for i in range(nrows_of(a))]
        return RaggedTensor.from_row_lengths(concat(products, 0), [int(p.shape[0]) for p in products])

    return wrapper


def _uniform_matrix(value):
    """A ragged matrix as a dense one, if its rows are all as long (TF's check, on the values' count)."""
    if not isinstance(value, RaggedTensor):
        return value
    count, dense_count = int(value.flat_values.shape[0]), int(np.prod(value.bounding_shape().numpy()))
    if count != dense_count:
        raise InvalidArgumentError(None, None, "The matrices in `a` and `b` may not be ragged in their innermost "
                                   f"dimension.\nCondition x == y did not hold.\nFirst 1 elements of x:\n[{count}]\n"
                                   f"First 1 elements of y:\n[{dense_count}]"
                                   + hint_line(_("every row of a matrix needs the same length.")))
    return value.to_tensor()


def dispatch_embedding_lookup(fn):
    """``tk.nn.embedding_lookup`` with ragged ``ids``: the rows of ``params`` for each id, the ids' rows kept."""
    @functools.wraps(fn)
    def wrapper(params, ids, max_norm=None, name=None):
        if isinstance(ids, RaggedTensor):
            return ids.with_flat_values(fn(params, ids.flat_values, max_norm))
        return fn(params, ids, max_norm, name)

    return wrapper
