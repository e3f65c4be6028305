"""Segment reductions: ``segment_sum/mean/max/min/prod`` (sorted ids) and
``unsorted_segment_sum/max/min/prod`` plus the composite ``unsorted_segment_mean/sqrt_n``.

Row ``i`` of ``data`` goes to segment ``segment_ids[i]``. Sorted ops need non-decreasing ids and
give ``max(id) + 1`` segments, empty ones 0. Unsorted ops take ``num_segments``, drop negative
ids, and fill empty segments with the reduction's identity (0, or the dtype's lowest/highest
value for max/min), as TF. Gradients are TF's: a gather of the upstream gradient, shared equally
between tied maxima.
"""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...backend import device_obj, from_host, to_host
from ...errors import InvalidArgumentError, shape_text
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from ..values.tensor import EagerTensor, Tensor, host_value
from .args import int_scalar, named_conversion
from .array_ops import reshape
from .creation import check_allocation
from .math_ops import cast, divide, sqrt, to_tensor


def _ids(segment_ids, op_type) -> Tensor:
    ids = named_conversion(to_tensor, segment_ids, "segment_ids", op_type)
    if ids.dtype not in (dtypes.int32, dtypes.int64):
        name = dtypes.KERNEL_NAMES.get(ids.dtype.name, ids.dtype.name)
        raise InvalidArgumentError(f"Value for attr 'Tindices' of {name} is not in the list of allowed values: "
                                   f"int32, int64 [Op:{op_type}] name: "
                                   + hint_line(_("segment ids are integers; convert with tk.cast(ids, "
                                                 "tk.int32).")), op=op_type)
    return ids


def _fill_value(kind, dtype: np.dtype):
    if kind in ("sum", "prod"):
        return int(kind == "prod")
    info = np.finfo(dtype) if dtype.kind == "f" else np.iinfo(dtype)
    return info.min if kind == "max" else info.max


def _reduce_segments(data, ids, num, kind, empty_fill):
    """Host reduction of rows of ``data`` into ``num`` segments (negative ids dropped)."""
    d, i = to_host(data), to_host(ids)
    rows = d.reshape((i.size,) + d.shape[i.ndim:])
    flat = i.reshape(-1)
    keep = flat >= 0
    fill = _fill_value(kind, d.dtype)
    out = np.full((num,) + rows.shape[1:], fill, dtype=d.dtype)
    ufunc = {"sum": np.add, "max": np.maximum, "min": np.minimum, "prod": np.multiply}[kind]
    ufunc.at(out, flat[keep], rows[keep])
    if empty_fill is not None and kind in ("max", "min"):
        counts = np.bincount(flat[keep], minlength=num)
        out[counts == 0] = empty_fill
    return from_host(out, device_obj(data))


# ---------- sorted segment ops ----------
def _check_sorted(data: Tensor, ids: Tensor, op_type: str) -> int:
    if ids.ndim != 1:
        raise InvalidArgumentError(f"segment_ids should be a vector. [Op:{op_type}]", op=op_type)
    if data.ndim < 1 or ids.shape[0] != data.shape[0]:
        raise InvalidArgumentError(
            f"segment_ids should be the same size as dimension 0 of input. [Op:{op_type}]"
            + hint_line(_("one id per row: data has {rows} rows, segment_ids {ids} entries.").format(
                        rows=data.shape[0] if data.ndim else 0, ids=ids.shape[0])), op=op_type)
    host = host_value(ids)
    if host.size == 0:
        return 0
    num = int(host[-1]) + 1
    if (host < 0).any():
        bad = int(host[host < 0][0])
        raise InvalidArgumentError(
            f"Segment id {bad} out of range [0, {num}), possibly because 'segment_ids' input is not sorted. [Op:"
            f"{op_type}]"
            + hint_line(_("for unsorted or negative ids use tk.math.unsorted_segment_*.")), op=op_type)
    if (np.diff(host) < 0).any():
        raise InvalidArgumentError(f"segment ids are not increasing [Op:{op_type}]"
                                   + hint_line(_("sort the ids, or use tk.math.unsorted_segment_*.")), op=op_type)
    return num


def _segment(op_type, kind):
    def op(data, segment_ids, name=None):
        data, ids = to_tensor(data), _ids(segment_ids, op_type)
        num = _check_sorted(data, ids, op_type)
        check_allocation((num,) + tuple(data.shape)[1:], data.dtype, op_type)
        return execute(op_type, _reduce_segments, (data, ids),
                       {"num": num, "kind": kind, "empty_fill": 0})

    op.__name__ = op_type
    return op


segment_sum = _segment("SegmentSum", "sum")
segment_max = _segment("SegmentMax", "max")
segment_min = _segment("SegmentMin", "min")
segment_prod = _segment("SegmentProd", "prod")


def _segment_mean(data, ids, num):
    d = to_host(data)
    total = to_host(_reduce_segments(data, ids, num, "sum", 0))
    counts = np.maximum(np.bincount(to_host(ids), minlength=num), 1).reshape((-1,) + (1,) * (d.ndim - 1))
    out = total // counts.astype(d.dtype) if d.dtype.kind in "iu" else total / counts.astype(d.dtype)
    return from_host(out.astype(d.dtype), device_obj(data))


def segment_mean(data, segment_ids, name=None):
    """The mean of each segment's rows (0 for an empty segment)."""
    data, ids = to_tensor(data), _ids(segment_ids, "SegmentMean")
    num = _check_sorted(data, ids, "SegmentMean")
    return execute("SegmentMean", _segment_mean, (data, ids), {"num": num})


segment_sum.__doc__ = "The sum of each segment's rows; ``segment_ids`` sorted, one per row."
segment_max.__doc__ = "The largest row entry of each segment (0 for an empty segment)."
segment_min.__doc__ = "The smallest row entry of each segment (0 for an empty segment)."
segment_prod.__doc__ = "The product of each segment's rows (1 for an empty segment)."


def segment_counts(ids, num, like):
    """How many rows each segment has (at least 1), shaped to broadcast against ``like``."""
    host = host_value(ids).reshape(-1)
    counts = np.maximum(np.bincount(host[host >= 0], minlength=num), 1)
    t = cast(EagerTensor(from_host(counts, device_obj(ids.value))), like.dtype)
    return reshape(t, [num] + [1] * (like.ndim - 1))


# ---------- unsorted segment ops ----------
def _check_unsorted(data: Tensor, ids: Tensor, num_segments, op_type: str) -> int:
    num = int_scalar(num_segments, "num_segments", op_type, "Tnumsegments", rank0=True)
    if tuple(data.shape)[:ids.ndim] != tuple(ids.shape):
        raise InvalidArgumentError(
            f"data.shape = {shape_text(data.shape)} does not start with segment_ids.shape = {shape_text(ids.shape)} "
            f"[Op:{op_type}]"
            + hint_line(_("segment_ids needs one id per row (its shape must be a prefix of data's).")), op=op_type)
    if num < 0:
        raise InvalidArgumentError(f"num_segments must be non-negative, got {num} [Op:{op_type}]",
                                   op=op_type)
    host = host_value(ids).reshape(-1)
    bad = np.nonzero(host >= num)[0]
    if bad.size:
        raise InvalidArgumentError(
            f"segment_ids[{int(bad[0])}] = {int(host[bad[0]])} is out of range [0, {num}) [Op:{op_type}]"
            + hint_line(_("ids must be below num_segments ({num}); negative ids are dropped.").format(num=num)),
            op=op_type)
    return num


def _unsorted(op_type, kind):
    def op(data, segment_ids, num_segments, name=None):
        data, ids = to_tensor(data), _ids(segment_ids, op_type)
        num = _check_unsorted(data, ids, num_segments, op_type)
        check_allocation((num,) + tuple(data.shape)[ids.ndim:], data.dtype, op_type)
        return execute(op_type, _reduce_segments, (data, ids),
                       {"num": num, "kind": kind, "empty_fill": None})

    op.__name__ = op_type
    return op


unsorted_segment_sum = _unsorted("UnsortedSegmentSum", "sum")
unsorted_segment_max = _unsorted("UnsortedSegmentMax", "max")
unsorted_segment_min = _unsorted("UnsortedSegmentMin", "min")
unsorted_segment_prod = _unsorted("UnsortedSegmentProd", "prod")
unsorted_segment_sum.__doc__ = "The sum of each segment's rows; ids in any order, negatives dropped."
unsorted_segment_max.__doc__ = "Each segment's largest entry (the dtype's lowest value if empty)."
unsorted_segment_min.__doc__ = "Each segment's smallest entry (the dtype's highest value if empty)."
unsorted_segment_prod.__doc__ = "The product of each segment's rows (1 if empty)."


def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    """The mean of each segment's rows (0 if empty): a sum divided by the row count, as TF."""
    data = to_tensor(data)
    ids = _ids(segment_ids, "UnsortedSegmentSum")
    total = unsorted_segment_sum(data, ids, num_segments)
    return divide(total, segment_counts(ids, total.shape[0], total))


def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    """Each segment's sum divided by the square root of its row count (0 if empty)."""
    data = to_tensor(data)
    ids = _ids(segment_ids, "UnsortedSegmentSum")
    total = unsorted_segment_sum(data, ids, num_segments)
    return divide(total, sqrt(segment_counts(ids, total.shape[0], total)))

