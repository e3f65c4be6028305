"""``tk.IndexedSlices``: a sparse gradient, as TF's ``tf.IndexedSlices``.

The gradient of ``tk.gather`` along axis 0 (and so of ``tk.nn.embedding_lookup``) touches only
the gathered rows; it is kept as those rows (``values``), their row numbers (``indices``) and
the shape of the whole tensor (``dense_shape``). Like TF's, an ``IndexedSlices`` is not a
Tensor: arithmetic operators raise ``TypeError`` (only ``-g`` works), and
``tk.convert_to_tensor(g)``, or passing ``g`` to any op, makes it dense, adding up repeated rows.
"""

from __future__ import annotations

from . import dtypes
from .shape import TensorShape
from .tensor import Tensor, convert_to_tensor


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

    def __neg__(self) -> IndexedSlices:
        from .ops.math_ops import negative

        return IndexedSlices(negative(self._values), self._indices, self._dense_shape)

    def __tf_tensor__(self, dtype=None, name=None) -> Tensor:
        """The dense tensor (TF's conversion protocol, used by ``tk.convert_to_tensor``)."""
        if dtype is not None and dtypes.as_dtype(dtype) is not self.dtype:
            raise ValueError(f"Incompatible tensor conversion requested to `dtype` "
                             f"{dtypes.as_dtype(dtype).name} for IndexedSlices ({self}) with dtype "
                             f"{self.dtype.name}")
        if self._dense_shape is None:
            raise ValueError("Tensor conversion requested for IndexedSlices for argument `value` "
                             f"without dense_shape: {self!s}")
        return to_dense(self)


def _as_tensor(value) -> Tensor:
    return value if isinstance(value, Tensor) else convert_to_tensor(value)


def to_dense(slices: IndexedSlices) -> Tensor:
    """The dense tensor: each row of ``values`` added at its index (differentiable in ``values``)."""
    from .ops.array_ops import reshape, scatter_nd

    rows = reshape(slices.indices, [-1, 1])
    shape = [int(d) for d in slices.dense_shape.numpy()]
    return scatter_nd(rows, slices.values, shape)


def concat_slices(a: IndexedSlices, b: IndexedSlices) -> IndexedSlices:
    """One IndexedSlices holding the rows of both (how the reverse pass adds two of them).

    As TF, int32 and int64 indices together become int64; the dense shape is the first one's.
    """
    from .ops.array_ops import concat
    from .ops.math_ops import cast

    ia, ib = a.indices, b.indices
    if ia.dtype is not ib.dtype:
        ia, ib = cast(ia, dtypes.int64), cast(ib, dtypes.int64)
    return IndexedSlices(concat([a.values, b.values], 0), concat([ia, ib], 0), a.dense_shape)


def densify(g):
    """``g`` as a Tensor: IndexedSlices are made dense, anything else is returned as it is."""
    return to_dense(g) if type(g) is IndexedSlices else g
