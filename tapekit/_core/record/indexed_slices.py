"""``tk.IndexedSlices``: a sparse gradient, as TF's ``tf.IndexedSlices``.

The gradient of ``tk.gather`` along axis 0 (and so of ``tk.nn.embedding_lookup``) touches only
the gathered rows; it is kept as those rows (``values``), their row numbers (``indices``) and
the shape of the whole tensor (``dense_shape``). Like TF's, an ``IndexedSlices`` is not a
Tensor: arithmetic operators raise ``TypeError`` (only ``-g`` works), and
``tk.convert_to_tensor(g)``, or passing ``g`` to any op, makes it dense, adding up repeated rows.

This module is the value type only; ``tapekit._core.ops.slices_ops`` computes with it, and installs
``-g`` and the conversion to a dense tensor on the class (as ``ops.operators`` does for Tensor).
"""

from __future__ import annotations

from ..._base.shape import TensorShape
from ..values.tensor import Tensor, convert_to_tensor


class IndexedSlices:
    """Rows ``values[i]`` placed at row ``indices[i]`` of a tensor of shape ``dense_shape``.

    Rows may repeat: they add up when the slices are made dense. ``values`` has shape
    ``[len(indices)] + dense_shape[1:]``; ``indices`` is an int32/int64 vector; ``dense_shape``
    an int32/int64 vector (or None, which cannot be made dense).
    """

    def __init__(self, values, indices, dense_shape=None):
        self._values = _as_tensor(values)
        self._indices = _as_tensor(indices)
        self._dense_shape = None if dense_shape is None else _as_tensor(dense_shape)

    @property
    def values(self) -> Tensor:
        """The slices, one row per index."""
        return self._values

    @property
    def indices(self) -> Tensor:
        """Which row of the dense tensor each slice is (a 1-D integer tensor)."""
        return self._indices

    @property
    def dense_shape(self) -> Tensor | None:
        """The shape of the dense tensor, as a 1-D integer tensor."""
        return self._dense_shape

    @property
    def shape(self) -> TensorShape:
        """The shape of the dense tensor (unknown when there is no ``dense_shape``)."""
        if self._dense_shape is None:
            return TensorShape(None)
        return TensorShape([int(d) for d in self._dense_shape.numpy()])

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def device(self) -> str:
        return self._values.device

    @property
    def name(self):
        return self._values.name

    def __str__(self) -> str:
        shape = "" if self._dense_shape is None else f", dense_shape={self._dense_shape!s}"
        return f"IndexedSlices(indices={self._indices!s}, values={self._values!s}{shape})"


def _as_tensor(value) -> Tensor:
    return value if isinstance(value, Tensor) else convert_to_tensor(value)
