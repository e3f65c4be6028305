"""``tk.RaggedTensorSpec``: the shape, dtype and ragged rank of a RaggedTensor, without its values."""

from __future__ import annotations



from .._base import dtypes
from .._base.shape import TensorShape
from .tensor import RaggedTensor


class RaggedTensorSpec:
    """Describes a RaggedTensor: ``shape`` (None for unknown sizes), ``dtype`` and ``ragged_rank``."""

    def __init__(self, shape=None, dtype=dtypes.float32, ragged_rank=None, row_splits_dtype=dtypes.int64,
                 flat_values_spec=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        rank = self._shape.rank
        self._ragged_rank = (rank - 1 if rank is not None else 1) if ragged_rank is None else int(ragged_rank)
        self._row_splits_dtype = dtypes.as_dtype(row_splits_dtype)

    @classmethod
    def from_value(cls, value) -> RaggedTensorSpec:
        return cls(value.shape, value.dtype, value.ragged_rank, value.row_splits.dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ragged_rank = property(lambda self: self._ragged_rank)
    row_splits_dtype = property(lambda self: self._row_splits_dtype)
    value_type = property(lambda self: RaggedTensor)

    def is_compatible_with(self, value) -> bool:
        """True for a RaggedTensor (or spec) of this dtype and ragged rank whose shape fits."""
        same_kind = (getattr(value, "dtype", None) == self._dtype
                     and getattr(value, "ragged_rank", None) == self._ragged_rank)
        return same_kind and self._shape.is_compatible_with(value.shape)

    def _key(self) -> tuple:
        return (self._shape.as_list() if self._shape.rank is not None else None, self._dtype, self._ragged_rank)

    def __eq__(self, other) -> bool:
        return isinstance(other, RaggedTensorSpec) and self._key() == other._key()

    __hash__ = None

    def __repr__(self) -> str:
        return (f"RaggedTensorSpec(TensorShape({self._shape.as_list() if self._shape.rank is not None else None}), "
                f"tk.{self._dtype.name}, {self._ragged_rank}, tk.{self._row_splits_dtype.name})")


