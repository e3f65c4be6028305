"""RaggedTensor <-> SparseTensor: ``rt.to_sparse()`` and ``tk.RaggedTensor.from_sparse(st)``;
both as ``tk.data.Dataset`` elements.

``ragged``, ``sparse`` and ``data`` sit side by side in the layers and do not import each other;
this module, above them, adds the two conversions to ``RaggedTensor`` and registers how a dataset
slices, batches and unbatches each composite value when tapekit loads.
"""

from __future__ import annotations

import numpy as np

from . import dtypes
from .errors import InvalidArgumentError
from .i18n import _, hint_line
from .data.dataset import Composite, register_composite
from .ops.array_ops import concat
from .ragged import RaggedTensor, RaggedTensorSpec
from .ragged import concat as ragged_concat
from .sparse import SparseTensor, SparseTensorSpec
from .tensor import Tensor, constant


def to_sparse(self, name=None) -> SparseTensor:
    """The ragged tensor's values with their (row, column, ...) indices, in a SparseTensor."""
    if self.ragged_rank != 1 or self.flat_values.ndim != 1:
        raise NotImplementedError("tapekit converts RaggedTensors of rank 2 (one ragged axis) to SparseTensor only."
                                  + hint_line(_("use rt.to_tensor() for other ranks.")))
    lengths = np.asarray(self.row_lengths().numpy(), dtype=np.int64)
    rows = np.repeat(np.arange(lengths.size, dtype=np.int64), lengths)
    columns = np.arange(rows.size, dtype=np.int64) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    width = int(lengths.max()) if lengths.size else 0
    return SparseTensor(constant(np.stack([rows, columns], axis=1).reshape(-1, 2), dtype=dtypes.int64),
                        self.flat_values, constant([lengths.size, width], dtype=dtypes.int64))


def from_sparse(st_input, name=None, row_splits_dtype=dtypes.int64) -> RaggedTensor:
    """A 2-D SparseTensor's rows as ragged rows (each row's values must start at column 0, in order)."""
    if not isinstance(st_input, SparseTensor) or st_input.ndim != 2:
        raise TypeError("from_sparse takes a 2-D tk.SparseTensor."
                        + hint_line(_("make one with tk.sparse.from_dense(x).")))
    indices = np.asarray(st_input.indices.numpy())
    nrows = int(st_input.dense_shape.numpy()[0])
    lengths = np.bincount(indices[:, 0], minlength=nrows) if len(indices) else np.zeros(nrows, np.int64)
    expected = np.arange(len(indices)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    if len(indices) and (np.any(np.diff(indices[:, 0]) < 0) or np.any(indices[:, 1] != expected)):
        raise InvalidArgumentError(None, None, "Expected indices to be in row-major order with no gaps in each row"
                                   + hint_line(_("reorder it with tk.sparse.reorder(st), and keep each row's values "
                                                 "from column 0 on.")))
    values = st_input.values if isinstance(st_input.values, Tensor) else constant(st_input.values)
    return RaggedTensor.from_row_lengths(values, lengths.astype(dtypes.as_dtype(row_splits_dtype).numpy_dtype))


class _RaggedElements(Composite):
    """A RaggedTensor's rows are the dataset's elements; a batch of rows (or of dense tensors) is ragged."""

    types, spec_type = (RaggedTensor,), RaggedTensorSpec

    def slices(self, value) -> list:
        return list(value)

    def spec(self, value):
        return RaggedTensorSpec.from_value(value)

    def row_spec(self, spec):
        return RaggedTensorSpec(spec.shape[1:], spec.dtype, max(spec.ragged_rank - 1, 0), spec.row_splits_dtype)

    def batched_spec(self, spec, n):
        if isinstance(spec, RaggedTensorSpec):
            return RaggedTensorSpec([n] + spec.shape.as_list(), spec.dtype, spec.ragged_rank + 1,
                                    spec.row_splits_dtype)
        return RaggedTensorSpec([n, None] + spec.shape.as_list()[1:], spec.dtype, 1)

    def batch(self, rows: list) -> RaggedTensor:
        lengths = np.asarray([int(r.shape[0]) for r in rows], dtype=np.int64)
        if all(isinstance(r, RaggedTensor) for r in rows):
            return RaggedTensor.from_row_lengths(ragged_concat(rows, 0), lengths)
        return RaggedTensor.from_row_lengths(concat(list(rows), 0), lengths)


class _SparseElements(Composite):
    """A SparseTensor's rows (its entries with index[0] == i) are the elements; a batch stacks them."""

    types, spec_type = (SparseTensor,), SparseTensorSpec

    def slices(self, value) -> list:
        indices, values = np.asarray(value.indices.numpy()), np.asarray(value.values.numpy())
        shape = np.asarray(value.dense_shape.numpy())
        return [SparseTensor(constant(indices[indices[:, 0] == i, 1:].reshape(-1, len(shape) - 1), dtype=dtypes.int64),
                             constant(values[indices[:, 0] == i], dtype=value.dtype),
                             constant(shape[1:], dtype=dtypes.int64)) for i in range(int(shape[0]))]

    def spec(self, value):
        return SparseTensorSpec.from_value(value)

    def row_spec(self, spec):
        return SparseTensorSpec(spec.shape[1:], spec.dtype)

    def batched_spec(self, spec, n):
        return SparseTensorSpec([n] + spec.shape.as_list(), spec.dtype)

    def batch(self, rows: list) -> SparseTensor:
        parts = [np.asarray(r.indices.numpy()) for r in rows]
        rank = len(rows[0].shape)
        indices = np.concatenate([np.concatenate([np.full((len(p), 1), i), p], axis=1)
                                  for i, p in enumerate(parts)]).reshape(-1, rank + 1)
        values = np.concatenate([np.asarray(r.values.numpy()) for r in rows])
        shape = np.max([np.asarray(r.dense_shape.numpy()) for r in rows], axis=0)
        return SparseTensor(constant(indices, dtype=dtypes.int64), constant(values, dtype=rows[0].dtype),
                            constant(np.concatenate([[len(rows)], shape]), dtype=dtypes.int64))


def install() -> None:
    RaggedTensor.to_sparse = to_sparse
    RaggedTensor.from_sparse = staticmethod(from_sparse)
    register_composite("ragged", _RaggedElements())
    register_composite("sparse", _SparseElements())


install()
