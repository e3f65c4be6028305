"""``tk.math.bincount`` and ``tk.math.unsorted_segment_*`` of RaggedTensors, as TF dispatches them.

``unsorted_segment_<kind>(rt, ids, n)`` joins the rows of each segment position by position: output
row ``j`` is as long as the longest row with id ``j``, and its value ``k`` combines the values ``k``
of those rows (the same for inner ragged axes). Each flat value gets the id of its output position,
and the dense segment op on the flat values does the rest, so gradients flow through its rule.
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._core.ops.array_ops import gather, reshape
from .._core.ops.checks import condition_text
from .._core.values.tensor import Tensor, convert_to_tensor
from ..errors import InvalidArgumentError
from .tensor import RaggedTensor, nrows_of, splits_of


# ---------- bincount ----------
def bincount(dense_bincount, arr: RaggedTensor, weights=None, minlength=None, maxlength=None,
             dtype=dtypes.int32, axis=None, binary_output=False):
    """Counts over all the values (``axis`` None or 0), or per row (``axis=-1``, one ragged axis)."""
    flat_weights = _matching_weights(arr, weights)
    if axis not in (-1, 1) or arr.ndim != 2:
        if axis in (-1, 1):
            raise ValueError(f"tk.math.bincount of a RaggedTensor with axis={axis} takes one of rank 2, got "
                             f"shape {arr.shape}." + hint_line(_("count over all the values (axis=None).")))
        return dense_bincount(arr.flat_values, flat_weights, minlength, maxlength, dtype, axis=axis,
                              binary_output=binary_output)
    values = np.asarray(arr.flat_values.numpy()).astype(np.int64)
    size = _bin_count_size(values, minlength, maxlength)
    kept = np.nonzero(values < size)[0]                    # maxlength drops the larger values
    rows = np.repeat(np.arange(nrows_of(arr)), np.diff(splits_of(arr)))[kept]
    cells = rows * size + values[kept]                   # (row, value) as one bin of a flat count
    if flat_weights is not None and kept.size != values.size:
        flat_weights = gather(flat_weights, kept)
    total = nrows_of(arr) * size
    counts = dense_bincount(cells, flat_weights, total, total, dtype, binary_output=binary_output)
    return reshape(counts, [nrows_of(arr), size])


def _matching_weights(arr: RaggedTensor, weights):
    if weights is None:
        return None
    if not isinstance(weights, RaggedTensor):
        shown = np.asarray(weights.numpy() if isinstance(weights, Tensor) else weights)
        raise ValueError("`weights` must be a RaggedTensor if `values` is a RaggedTensor. Received argument "
                         f"weights={shown} of type: {type(weights).__name__}."
                         + hint_line(_("give weights with the same rows as the values.")))
    for ours, theirs in zip(arr.nested_row_splits, weights.nested_row_splits):
        a, b = np.asarray(ours.numpy()), np.asarray(theirs.numpy())
        if a.shape != b.shape or not np.array_equal(a, b):
            raise InvalidArgumentError(None, None, "'weights' and 'values' must have the same row splits.\n"
                                       + _difference(a, b)
                                       + hint_line(_("give weights with the same rows as the values.")))
    return weights.flat_values


def _difference(a: np.ndarray, b: np.ndarray) -> str:
    if a.shape != b.shape:
        return "Condition x == y did not hold."
    return condition_text("==", a, b, a == b)


def _bin_count_size(values: np.ndarray, minlength, maxlength) -> int:
    if (values < 0).any():
        raise InvalidArgumentError("Input arr must be non-negative! [Op:DenseBincount] name: "
                                   + hint_line(_("bincount counts the values 0, 1, 2, ...")), op="DenseBincount")
    size = int(values.max()) + 1 if values.size else 0
    size = size if minlength is None else max(size, int(minlength))
    return size if maxlength is None else min(size, int(maxlength))


# ---------- unsorted_segment_sum / mean / max / min / prod / sqrt_n ----------
def unsorted_segment(dense_op, data, segment_ids, num_segments):
    """``dense_op`` (a ``tk.math.unsorted_segment_*``) where ``data`` or ``segment_ids`` is ragged."""
    ids = segment_ids
    while isinstance(ids, RaggedTensor):         # ragged ids: data's rows must match them, then peel both
        _check_id_dtype(ids.dtype)
        if not isinstance(data, RaggedTensor) or not _same_splits(data, ids):
            raise _not_a_prefix(data, ids)
        data, ids = data.values, ids.values
    if not isinstance(data, RaggedTensor):
        return dense_op(data, ids, num_segments)
    host = np.asarray(convert_to_tensor(ids).numpy())
    _check_id_dtype(dtypes.as_dtype(host.dtype))
    count = int(num_segments.numpy()) if isinstance(num_segments, Tensor) else int(num_segments)
    _check_ids(host, nrows_of(data), count)
    return join_rows(dense_op, data, host.astype(np.int64), count)


def join_rows(dense_op, data: RaggedTensor, ids: np.ndarray, count: int):
    """Output row ``j``: rows with id ``j`` combined value by value (the next ragged axis likewise)."""
    lengths = np.diff(splits_of(data))
    out_lengths = np.zeros(count, np.int64)
    np.maximum.at(out_lengths, ids, lengths)
    starts = np.concatenate([[0], np.cumsum(out_lengths)[:-1]]).astype(np.int64)
    columns = np.arange(int(lengths.sum())) - np.repeat(splits_of(data)[:-1], lengths)
    value_ids = np.repeat(starts[ids], lengths) + columns
    values = data.values
    inner = join_rows(dense_op, values, value_ids, int(out_lengths.sum())) if isinstance(values, RaggedTensor) \
        else dense_op(values, value_ids, int(out_lengths.sum()))
    return RaggedTensor.from_row_lengths(inner, out_lengths.astype(data.row_splits_dtype.numpy_dtype))


def _check_id_dtype(dtype) -> None:
    if dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError("segment_ids must have dtype int32 or int64."
                         + hint_line(_("segment ids are whole numbers: convert them with tk.cast.")))


def _check_ids(ids: np.ndarray, nrows: int, count: int) -> None:
    if ids.shape != (nrows,):
        shown = ",".join(str(d) for d in ids.shape)
        raise InvalidArgumentError(f"data.shape = [{nrows}] does not start with segment_ids.shape = [{shown}] "
                                   "[Op:UnsortedSegmentMax]"
                                   + hint_line(_("give one segment id per row of the RaggedTensor.")),
                                   op="UnsortedSegmentMax")
    for position, value in enumerate(ids):
        if value >= count:
            raise InvalidArgumentError(f"segment_ids[{position}] = {value} is out of range [0, {count}) "
                                       "[Op:UnsortedSegmentMax]"
                                       + hint_line(_("a segment id counts from 0 to num_segments - 1.")),
                                       op="UnsortedSegmentMax")
        if value < 0:
            raise InvalidArgumentError(f"indices[{position}] = {value} is not in [0, {count + 1}) [Op:GatherV2]"
                                       + hint_line(_("a segment id counts from 0 to num_segments - 1.")),
                                       op="GatherV2")


def _same_splits(data: RaggedTensor, ids: RaggedTensor) -> bool:
    a, b = splits_of(data), splits_of(ids)
    return a.shape == b.shape and np.array_equal(a, b)


def _not_a_prefix(data, ids: RaggedTensor) -> InvalidArgumentError:
    theirs = splits_of(ids)
    ours = splits_of(data) if isinstance(data, RaggedTensor) else theirs[:0]
    return InvalidArgumentError(None, None, "segment_ids.shape must be a prefix of data.shape\n"
                                + _difference(theirs, ours)
                                + hint_line(_("give ragged segment ids with the same rows as the data.")))
