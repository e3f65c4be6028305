"""Computing with ``tk.IndexedSlices``: making them dense, concatenating them, and ``-g``."""

from __future__ import annotations

from ..._base import dtypes
from ..record.indexed_slices import IndexedSlices
from ..values.tensor import Tensor
from .array_ops import concat, reshape, scatter_nd
from .math_ops import cast, negative


def _negative(self: IndexedSlices) -> IndexedSlices:
    return IndexedSlices(negative(self.values), self.indices, self.dense_shape)


def _tf_tensor(self: IndexedSlices, dtype=None, name=None) -> Tensor:
    """The dense tensor (TF's conversion protocol, used by ``tk.convert_to_tensor``)."""
    if dtype is not None and dtypes.as_dtype(dtype) is not self.dtype:
        raise ValueError(f"Incompatible tensor conversion requested to `dtype` "
                         f"{dtypes.as_dtype(dtype).name} for IndexedSlices ({self}) with dtype "
                         f"{self.dtype.name}")
    if self.dense_shape is None:
        raise ValueError("Tensor conversion requested for IndexedSlices for argument `value` "
                         f"without dense_shape: {self!s}")
    return to_dense(self)


def to_dense(slices: IndexedSlices) -> Tensor:
    """The dense tensor: each row of ``values`` added at its index (differentiable in ``values``)."""
    rows = reshape(slices.indices, [-1, 1])
    shape = [int(d) for d in slices.dense_shape.numpy()]
    return scatter_nd(rows, slices.values, shape)


def concat_slices(a: IndexedSlices, b: IndexedSlices) -> IndexedSlices:
    """One IndexedSlices holding the rows of both (how the reverse pass adds two of them).

    As TF, int32 and int64 indices together become int64; the dense shape is the first one's.
    """
    ia, ib = a.indices, b.indices
    if ia.dtype is not ib.dtype:
        ia, ib = cast(ia, dtypes.int64), cast(ib, dtypes.int64)
    return IndexedSlices(concat([a.values, b.values], 0), concat([ia, ib], 0), a.dense_shape)


def densify(g):
    """``g`` as a Tensor: IndexedSlices are made dense, anything else is returned as it is."""
    return to_dense(g) if type(g) is IndexedSlices else g


def install() -> None:
    """``-g`` and TF's conversion protocol (``tk.convert_to_tensor(g)``) on IndexedSlices."""
    IndexedSlices.__neg__ = _negative
    IndexedSlices.__tf_tensor__ = _tf_tensor
