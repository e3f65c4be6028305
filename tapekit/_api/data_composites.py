"""RaggedTensor and SparseTensor components in ``tk.data.Dataset``: how each slices, batches and unbatches.

``data``, ``ragged`` and ``sparse`` sit side by side in the layers and do not import each other;
this module, above them, registers the two composites with ``tk.data`` when tapekit loads.
"""

from __future__ import annotations

import numpy as np

from .._base import dtypes
from ..data.dataset import Composite, register_composite
from .._core.ops.array_ops import concat
from ..ragged import RaggedTensor, RaggedTensorSpec
from ..ragged.functions import concat as ragged_concat
from ..sparse import SparseTensor, SparseTensorSpec
from .._core.values.tensor import constant


class _RaggedElements(Composite):
    """A RaggedTensor's rows are the dataset's elements; a batch of rows (or of dense tensors) is ragged."""

    types, spec_type = (RaggedTensor,), RaggedTensorSpec

    def slices(self, value) -> list:
        return list(value)

    def spec(self, value):
        return RaggedTensorSpec.from_value(value)

    def row_spec(self, spec):
        return RaggedTensorSpec(spec.shape[1:], spec.dtype, max(spec.ragged_rank - 1, 0), spec.row_splits_dtype)

    def batched_spec(self, spec, n, row_splits_dtype=dtypes.int64):
        if isinstance(spec, RaggedTensorSpec):
            return RaggedTensorSpec([n] + spec.shape.as_list(), spec.dtype, spec.ragged_rank + 1,
                                    spec.row_splits_dtype)
        return RaggedTensorSpec([n, None] + spec.shape.as_list()[1:], spec.dtype, 1, row_splits_dtype)

    def batch(self, rows: list, row_splits_dtype=dtypes.int64) -> RaggedTensor:
        """The rows as one RaggedTensor (``row_splits_dtype``: for rows that were dense, as ragged_batch's)."""
        dtype = row_splits_dtype.numpy_dtype if not isinstance(rows[0], RaggedTensor) else np.int64
        lengths = constant(np.asarray([int(r.shape[0]) for r in rows], dtype=dtype))
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
    register_composite("ragged", _RaggedElements())
    register_composite("sparse", _SparseElements())


install()
