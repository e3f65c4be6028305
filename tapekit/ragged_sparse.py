"""RaggedTensor <-> SparseTensor: ``rt.to_sparse()`` and ``tk.RaggedTensor.from_sparse(st)``.

``ragged`` and ``sparse`` sit side by side in the layers and do not import each other; this
module, above both, adds the two conversions to ``RaggedTensor`` when tapekit loads.
"""

from __future__ import annotations

import numpy as np

from . import dtypes
from .errors import InvalidArgumentError
from .i18n import _, hint_line
from .ragged import RaggedTensor
from .sparse import SparseTensor
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


def install() -> None:
    RaggedTensor.to_sparse = to_sparse
    RaggedTensor.from_sparse = staticmethod(from_sparse)


install()
