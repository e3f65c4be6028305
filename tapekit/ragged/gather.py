"""``tk.gather`` with RaggedTensor params or indices, along any axis and with ``batch_dims``, as TF.

As in TF, an index along a ragged axis counts from the start of its row, and only the flat values'
bound is checked: an index past a row's end reads on into the next row. The values are gathered by
the dense ``gather``, so gradients flow back to them through its rule.
"""

from __future__ import annotations

import numpy as np

from .._base.i18n import _, hint_line
from .._core.ops.args import index_tensor, int_attr
from .._core.ops.array_ops import gather as dense_gather
from .._core.ops.array_ops import reshape
from .._core.values.tensor import Tensor
from ..errors import InvalidArgumentError
from .elementwise import splits_differ
from .functions import concat
from .tensor import RaggedTensor, gather_rows, nrows_of, splits_of


def gather(params, indices, axis=None, batch_dims=0):
    """``tk.gather(params, indices, axis=axis, batch_dims=batch_dims)`` where params or indices is ragged."""
    batch_dims = int_attr(batch_dims, "batch_dims", "GatherV2")
    if batch_dims:
        batch_dims = _in_bounds(batch_dims, _rank(indices), "batch_dims")
    axis = batch_dims if axis is None else _in_bounds(int_attr(axis, "axis", "GatherV2"), _rank(params), "axis")
    if axis < batch_dims:
        raise ValueError("axis must be greater than or equal to batch_dims"
                         + hint_line(_("the batch axes come first: give an axis at or after them.")))
    if batch_dims > 0:
        return _batch_gather(params, indices, axis, batch_dims)
    if isinstance(indices, RaggedTensor):
        return _ragged_indices(params, indices, axis)
    return _axis_gather(params, _host(indices).astype(np.int64), axis)


def _rank(value) -> int:
    return value.ndim if isinstance(value, (RaggedTensor, Tensor)) else int(np.ndim(value))


def _in_bounds(value: int, rank: int, what: str) -> int:
    if not -rank <= value < rank:
        raise ValueError(f"{what}={value} out of bounds: expected {-rank}<={what}<{rank}"
                         + hint_line(_("an axis counts from 0 up to the rank minus one (or from -rank).")))
    return value % rank


def _host(value) -> np.ndarray:
    return np.asarray(index_tensor(value, "GatherV2").numpy())


def _axis_gather(params, index: np.ndarray, axis: int):
    """Dense ``index`` along ``axis``: the same indices taken from every row (counted from its start)."""
    if not isinstance(params, RaggedTensor):
        return dense_gather(params, index, axis=axis)
    if axis == 0:
        return _take(params, index, "RaggedGather")
    if axis > 1:
        return params.with_values(_axis_gather(params.values, index, axis - 1))
    starts = splits_of(params)[:-1]
    return _take(params.values, starts.reshape((-1,) + (1,) * index.ndim) + index[None], "GatherV2")


def _ragged_indices(params, indices: RaggedTensor, axis: int):
    """Ragged ``indices``: along axis 0 the result keeps their rows; along an inner axis every row of
    ``params`` takes all of them (a uniform axis of their rows in the result)."""
    flat = _host(indices.flat_values).astype(np.int64)
    if axis == 0:
        return indices.with_flat_values(_axis_gather(params, flat, 0))
    taken = _axis_gather(params, flat, axis)         # [.., nrows, len(flat), ..] along ``axis``
    if axis != 1 or not isinstance(params, RaggedTensor) or not isinstance(taken, Tensor):
        raise NotImplementedError("tk.gather with ragged indices along an inner axis takes a RaggedTensor with "
                                  "one ragged axis, along axis 1." + hint_line(_("use .to_tensor() first.")))
    rows = nrows_of(params)
    tiled = concat([indices] * rows, 0)
    values = reshape(taken, [rows * flat.size] + list(taken.shape[2:]))
    return RaggedTensor.from_uniform_row_length(tiled.with_flat_values(values), nrows_of(indices))


def _batch_gather(params, indices, axis: int, batch_dims: int):
    """Row ``i`` of ``params`` gathers at row ``i`` of ``indices`` (for each of ``batch_dims`` axes)."""
    _check_batch_shape(params, indices)
    if batch_dims > 1:
        indices = indices if isinstance(indices, RaggedTensor) else RaggedTensor.from_tensor(indices)
        if isinstance(params, RaggedTensor) and not np.array_equal(splits_of(params), splits_of(indices)):
            raise splits_differ(params.nested_row_splits, indices.nested_row_splits)
        values = params.values if isinstance(params, RaggedTensor) else params
        return indices.with_values(_batch_gather(values, indices.values, axis - 1, batch_dims - 1))
    if axis > 1 or not isinstance(params, RaggedTensor):
        return _each_row(params, indices, axis)
    starts = splits_of(params)[:-1]
    if isinstance(indices, RaggedTensor):
        flat = _host(indices.values).astype(np.int64)
        offsets = np.repeat(starts, np.diff(splits_of(indices)))
        index = offsets.reshape((-1,) + (1,) * (flat.ndim - 1)) + flat
        return indices.with_values(_take(params.values, index, "GatherV2"))
    index = _host(indices).astype(np.int64)
    return _take(params.values, starts.reshape((-1,) + (1,) * (index.ndim - 1)) + index, "GatherV2")


def _each_row(params, indices, axis: int):
    """``batch_dims=1`` along a deeper axis, or of dense params: each row gathered on its own."""
    if not isinstance(params, RaggedTensor) and not isinstance(indices, RaggedTensor):
        return dense_gather(params, indices, axis=axis, batch_dims=1)
    count = nrows_of(params) if isinstance(params, RaggedTensor) else int(params.shape[0])
    picked = [gather(params[i], indices[i], axis - 1) for i in range(count)]
    return RaggedTensor.from_row_lengths(concat(picked, 0), [int(p.shape[0]) for p in picked])


def _check_batch_shape(params, indices) -> None:
    rows = nrows_of(params) if isinstance(params, RaggedTensor) else int(params.shape[0])
    index_rows = nrows_of(indices) if isinstance(indices, RaggedTensor) else int(np.shape(_host(indices))[0])
    if rows != index_rows:
        raise ValueError(f"batch shape from indices ({index_rows},) does not match params shape {params.shape}"
                         + hint_line(_("with batch_dims, indices needs one row per row of params.")))


def _take(values, index: np.ndarray, op: str):
    """``values`` (a Tensor or RaggedTensor) at the flat ``index`` (any shape; for a RaggedTensor each index
    axis after the first becomes a uniform axis of the result)."""
    if not isinstance(values, RaggedTensor):
        return dense_gather(values, index)
    count = nrows_of(values)
    flat = index.reshape(-1)
    bad = np.nonzero((flat < 0) | (flat >= count))[0]
    if bad.size:
        where = ",".join(str(int(i)) for i in np.unravel_index(int(bad[0]), index.shape))
        raise InvalidArgumentError(f"indices[{where}] = {int(flat[bad[0]])} is not in [0, {count}) [Op:{op}]"
                                   + hint_line(_("an index along a ragged axis counts from its row's start and "
                                                 "must stay inside the values.")), op=op)
    if index.ndim == 0:
        return values[int(index)]
    result = gather_rows(values, flat)
    for length in reversed(index.shape[1:]):
        result = RaggedTensor.from_uniform_row_length(result, length)
    return result
