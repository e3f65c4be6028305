"""``tk.TensorSpec``: the shape and dtype a tensor is expected to have (TF's ``tf.TensorSpec``).

Used by ``tk.function(input_signature=...)`` and as ``tk.data.Dataset.element_spec``.
"""

from __future__ import annotations

from .._base import dtypes
from .._base.shape import TensorShape, as_shape
from .._core.values.tensor import Tensor


class TensorSpec:
    """Describes a tensor: a (possibly partly unknown) ``shape``, a ``dtype`` and an optional ``name``."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self._shape = as_shape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None) -> TensorSpec:
        return cls(tensor.shape, tensor.dtype, name)

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    @property
    def value_type(self) -> type:
        """The class of the values this spec describes (``tk.Tensor``)."""
        return Tensor

    def is_compatible_with(self, spec_or_tensor) -> bool:
        """True when the dtypes are equal and the shapes compatible (None matches any size)."""
        return (spec_or_tensor.dtype == self._dtype
                and self._shape.is_compatible_with(spec_or_tensor.shape))

    def __eq__(self, other) -> bool:
        return (type(other) is type(self) and self._shape == other._shape
                and self._dtype == other._dtype and self._name == other._name)

    def __hash__(self) -> int:
        return hash((self._shape, self._dtype, self._name))

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"
