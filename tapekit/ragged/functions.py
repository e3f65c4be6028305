"""The ``tk.ragged`` functions: ``constant``, ``range``, ``map_flat_values`` and the ragged ``concat``."""

from __future__ import annotations

import builtins

import numpy as np

from .._base import dtypes
from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._core.ops.array_ops import gather
from .._core.ops.array_ops import concat as dense_concat
from .._core.values.tensor import Tensor
from .._core.values.tensor import constant as _dense_constant
from .elementwise import same_partition, splits_differ
from .tensor import RaggedTensor, as_value, axis_in_bounds, gather_rows, nrows_of, splits_of


def _depth(value) -> int:
    depth = 0
    while isinstance(value, (list, tuple)):
        if not value:
            return depth + 1
        depth += 1
        value = value[0]
    return depth


def _scalar_depths(value, depth=0) -> set:
    """The nesting depths at which ``value`` holds scalars (TF needs exactly one)."""
    if not isinstance(value, (list, tuple)):
        return {depth}
    return set().union(*(_scalar_depths(item, depth + 1) for item in value)) if value else set()


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None,
             row_splits_dtype=dtypes.int64):
    """A RaggedTensor from a nested list whose rows may differ in length (a flat list gives a Tensor)."""
    depth = _depth(pylist)
    if len(_scalar_depths(pylist)) > 1:
        raise ValueError("all scalar values must have the same nesting depth"
                         + hint_line(_("every innermost value needs the same number of brackets around it.")))
    if depth <= 1:
        return _dense_constant(pylist, dtype=dtype)
    ragged_rank = depth - 1 if ragged_rank is None else int(ragged_rank)
    if ragged_rank >= depth:
        raise ValueError(f"Invalid pylist={pylist!r}, max depth smaller than ragged_rank={ragged_rank}"
                         + hint_line(_("ragged_rank counts the ragged axes: at most the nesting depth minus one.")))
    if ragged_rank == 0:
        return _dense_constant(pylist, dtype=dtype)
    return _build(pylist, ragged_rank, dtype, dtypes.as_dtype(row_splits_dtype))


def _build(rows, ragged_rank, dtype, splits_dtype):
    splits = [0]
    flat = []
    for r in rows:
        flat.extend(r)
        splits.append(len(flat))
    if ragged_rank > 1:
        values = _build(flat, ragged_rank - 1, dtype, splits_dtype)
    else:
        values = _dense_constant(flat, dtype=dtype) if flat else \
            _dense_constant(np.zeros((0,)), dtype=dtype or dtypes.float32)
    return RaggedTensor(values, _dense_constant(splits, dtype=splits_dtype), internal=True)


def map_flat_values(op, *args, **kwargs):
    """``op`` applied to the flat values of the RaggedTensor arguments (rows kept)."""
    ragged = [a for a in list(args) + list(kwargs.values()) if isinstance(a, RaggedTensor)]
    if not ragged:
        return op(*args, **kwargs)
    for other in ragged[1:]:
        if not same_partition(ragged[0], other):
            raise ValueError("map_flat_values requires all ragged inputs to have the same row partition.")
    unwrap = (lambda a: a.flat_values if isinstance(a, RaggedTensor) else a)
    out = op(*[unwrap(a) for a in args], **{k: unwrap(v) for k, v in kwargs.items()})
    return ragged[0].with_flat_values(out)


def range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=dtypes.int64):  # noqa: A001
    """Row ``i`` is ``tk.range(starts[i], limits[i], deltas[i])``."""
    if limits is None:
        starts, limits = 0, starts
    arrays = [np.asarray(as_value(v).numpy()) for v in (starts, limits, deltas)]
    if len({a.shape for a in arrays if a.ndim}) > 1:
        raise InvalidArgumentError("starts, limits, and deltas must have the same shape [Op:RaggedRange]"
                                   + hint_line(_("give one start, limit and delta per row (or a scalar).")),
                                   op="RaggedRange")
    if (arrays[2] == 0).any():
        raise InvalidArgumentError("Requires delta != 0 [Op:RaggedRange]"
                                   + hint_line(_("a row counts up or down: its delta cannot be 0.")), op="RaggedRange")
    s, lim, d = np.broadcast_arrays(*arrays)
    rows = [np.arange(a, b, c) for a, b, c in zip(s.reshape(-1), lim.reshape(-1), d.reshape(-1))]
    dtype = dtypes.as_dtype(dtype) if dtype is not None else as_value(starts).dtype
    values = np.concatenate(rows).astype(dtype.numpy_dtype) if rows else np.zeros(0, dtype.numpy_dtype)
    splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(
        dtypes.as_dtype(row_splits_dtype).numpy_dtype)
    return RaggedTensor(_dense_constant(values), _dense_constant(splits), internal=True)


def concat(values, axis: int) -> RaggedTensor:
    """Ragged ``tk.concat``: axis 0 appends rows, axis 1 joins each row with the matching rows, a deeper
    axis joins inside rows that match (the same row partitions down to it)."""
    parts = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(as_value(v)) for v in values]
    axis = axis_in_bounds(int(axis), parts[0].ndim, "axis")
    if any(p.ndim != parts[0].ndim for p in parts):
        other = next(p for p in parts if p.ndim != parts[0].ndim)
        raise ValueError(f"Shape {other.shape} must have rank {parts[0].ndim}"
                         + hint_line(_("the tensors to join need the same rank.")))
    if any(p.ragged_rank != parts[0].ragged_rank for p in parts):
        raise NotImplementedError("tapekit concatenates RaggedTensors of one ragged rank along one of their axes."
                                  + hint_line(_("use .to_tensor() for other cases.")))
    if axis == 0:
        offsets, splits = 0, [np.zeros(1, np.int64)]
        for p in parts:
            splits.append(splits_of(p)[1:] + offsets)
            offsets += int(splits_of(p)[-1])
        return RaggedTensor.from_row_splits(_joined_values(parts), np.concatenate(splits))
    if axis >= 2:
        for p in parts[1:]:
            if not np.array_equal(splits_of(p), splits_of(parts[0])):
                raise splits_differ(parts[0].nested_row_splits, p.nested_row_splits)
        inner = concat([p.values for p in parts], axis - 1) if isinstance(parts[0].values, RaggedTensor) \
            else dense_concat([p.values for p in parts], axis - 1)
        return parts[0].with_values(inner)
    return _concat_along_rows(parts)


def _joined_values(parts: list):
    return concat([p.values for p in parts], 0) if isinstance(parts[0].values, RaggedTensor) \
        else dense_concat([p.values for p in parts], 0)


def _concat_along_rows(parts: list) -> RaggedTensor:
    """Axis 1: row i is row i of each part, one after another."""
    nrows = nrows_of(parts[0])
    if any(nrows_of(p) != nrows for p in parts):
        raise InvalidArgumentError("Input tensors at index 0 (=x) and 1 (=y) have incompatible shapes."
                                   + hint_line(_("joining rows along axis 1 needs the same number of rows.")),
                                   op="RaggedConcat")
    starts = np.cumsum([0] + [int(splits_of(p)[-1]) for p in parts])  # each part's offset in the joined values
    pieces, lengths = [], np.zeros(nrows, np.int64)
    for i in builtins.range(nrows):
        for k, p in enumerate(parts):
            a, b = splits_of(p)[i], splits_of(p)[i + 1]
            pieces.append(np.arange(starts[k] + a, starts[k] + b))
            lengths[i] += b - a
    index = np.concatenate(pieces) if pieces else np.zeros(0, np.int64)
    joined = _joined_values(parts)
    picked = gather_rows(joined, index) if isinstance(joined, RaggedTensor) else gather(joined, index)
    return RaggedTensor.from_row_lengths(picked, lengths)



def row_splits_to_segment_ids(splits, name=None, out_type=None) -> Tensor:
    """The row of each value: ``[0, 0, 2, 2, 2]`` for the splits ``[0, 2, 2, 5]``."""
    splits = splits if isinstance(splits, Tensor) else _dense_constant(splits, dtype=dtypes.int64)
    bounds = np.asarray(splits.numpy())
    dtype = dtypes.as_dtype(out_type) if out_type is not None else splits.dtype
    return _dense_constant(np.repeat(np.arange(bounds.size - 1), np.diff(bounds)).astype(dtype.numpy_dtype))


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None) -> Tensor:
    """The row splits of sorted segment ids: ``[0, 2, 2, 5]`` for ``[0, 0, 2, 2, 2]``."""
    ids = np.asarray(as_value(segment_ids).numpy()).astype(np.int64)
    count = int(as_value(num_segments).numpy()) if num_segments is not None else int(ids.max(initial=-1)) + 1
    dtype = dtypes.as_dtype(out_type) if out_type is not None else dtypes.int64
    lengths = np.bincount(ids, minlength=count)[:count]
    return _dense_constant(np.concatenate([[0], np.cumsum(lengths)]).astype(dtype.numpy_dtype))


def stack_dynamic_partitions(data, partitions, num_partitions, name=None) -> RaggedTensor:
    """Row ``i`` holds the items of ``data`` whose partition is ``i``, in their order (gathered: differentiable)."""
    parts = np.asarray(as_value(partitions).numpy()).astype(np.int64).reshape(-1)
    count = int(as_value(num_partitions).numpy())
    if parts.size and (parts.max() >= count or parts.min() < 0):
        bad = int(parts.max()) if parts.max() >= count else int(parts.min())
        raise InvalidArgumentError(None, None, "partitions must be less than num_partitions\nCondition x < y did not "
                                   f"hold.\nFirst 1 elements of x:\n[{bad}]\nFirst 1 elements of y:\n[{count}]"
                                   if bad >= count else f"partitions must be non-negative: got {bad}"
                                   + hint_line(_("each partition counts from 0 to num_partitions - 1.")))
    order = np.argsort(parts, kind="stable")
    return RaggedTensor.from_row_lengths(gather(as_value(data), order), np.bincount(parts, minlength=count))
