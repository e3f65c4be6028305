"""The gradient rules of ``tapekit._core.ops.segment_ops``, registered on import."""

from __future__ import annotations

from ..._base import dtypes
from ..ops.array_ops import broadcast_to, gather, reshape
from ..ops.creation import ones_like, zeros_like
from ..ops.math_ops import cast, divide, equal, greater, greater_equal, maximum, multiply, where
from ..ops.segment_ops import segment_counts, unsorted_segment_prod, unsorted_segment_sum
from ..record.registry import gradient


def _gather_rows(params, ids):
    """params[ids] along axis 0, and zeros where an id is negative (TF's _GatherDropNegatives)."""
    clipped = maximum(ids, 0)
    gathered = gather(params, clipped)
    keep = greater_equal(ids, 0)
    keep = reshape(keep, list(keep.shape) + [1] * (gathered.ndim - keep.ndim))
    return where(broadcast_to(keep, list(gathered.shape)), gathered, zeros_like(gathered))


@gradient("SegmentSum")
def _segment_sum_grad(op, grad):
    return _gather_rows(grad, op.inputs[1]), None


@gradient("SegmentMean")
def _segment_mean_grad(op, grad):
    return _gather_rows(divide(grad, segment_counts(op.inputs[1], grad.shape[0], grad)), op.inputs[1]), None


def _min_or_max_grad(op, grad):
    """The gradient goes to the selected rows, split equally between ties."""
    data, ids = op.inputs
    chosen = equal(data, _gather_rows(op.outputs[0], ids))
    per_segment = unsorted_segment_sum(cast(chosen, grad.dtype), ids, grad.shape[0])
    share = _gather_rows(divide(grad, per_segment), ids)
    return where(chosen, share, zeros_like(data)), None


for _op_type in ("SegmentMax", "SegmentMin", "UnsortedSegmentMax", "UnsortedSegmentMin"):
    gradient(_op_type)(_min_or_max_grad)


@gradient("UnsortedSegmentSum")
def _unsorted_segment_sum_grad(op, grad):
    return _gather_rows(grad, op.inputs[1]), None


def _prod_grad(op, grad):
    """prod / x for each row; with one zero in a segment only the zero gets the product of the
    others, with two or more every row gets 0 (TF's three cases)."""
    data, ids = op.inputs
    num = grad.shape[0]
    is_zero = equal(data, 0)
    zeros_per_segment = unsorted_segment_sum(cast(is_zero, dtypes.int32), ids, num)
    grad = where(_expand_like(greater(zeros_per_segment, 1), grad), zeros_like(grad), grad)
    nonzero_prod = unsorted_segment_prod(where(is_zero, ones_like(data), data), ids, num)
    by_element = divide(_gather_rows(op.outputs[0], ids), data)
    partial = where(is_zero, _gather_rows(nonzero_prod, ids), by_element)
    return multiply(_gather_rows(grad, ids), partial), None


def _expand_like(mask, like):
    mask = reshape(mask, list(mask.shape) + [1] * (like.ndim - mask.ndim))
    return broadcast_to(mask, list(like.shape))


gradient("SegmentProd")(_prod_grad)


gradient("UnsortedSegmentProd")(_prod_grad)
