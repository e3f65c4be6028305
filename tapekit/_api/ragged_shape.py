"""``tk.experimental.DynamicRaggedShape`` and ``RowPartition``: the shape of a RaggedTensor.

``tk.shape(rt)`` returns a DynamicRaggedShape: the row partitions (one per ragged axis) and the
dense ``inner_shape`` of the flat values. ``tk.reshape``, ``tk.zeros``, ``tk.ones``, ``tk.fill``
and ``tk.broadcast_to`` take one and return a RaggedTensor of that shape (the wrappers at the end,
bound in ``tapekit/__init__.py``). Lengths are known here (tapekit is eager), so they are NumPy
arrays; what the methods return are tensors of the shape's ``dtype``, as in TF.
"""

from __future__ import annotations

import functools

import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._core.ops.array_ops import broadcast_to, gather_nd, reshape
from .._core.ops.creation import fill, ones, zeros
from ..ragged import RaggedTensor
from .._core.values.tensor import Tensor
from .._core.values.tensor import constant as _constant


def _host(value) -> np.ndarray:
    return np.asarray(value.numpy() if hasattr(value, "numpy") else value)


class RowPartition:
    """How one ragged axis cuts its values into rows: the ``row_splits`` (int64 unless asked)."""

    def __init__(self, row_splits: np.ndarray, uniform_row_length=None, internal=False):
        if not internal:
            raise ValueError("RowPartition constructor is private; use a factory method such as "
                             "RowPartition.from_row_lengths().")
        self._splits = row_splits
        self._uniform = uniform_row_length

    @classmethod
    def from_row_splits(cls, row_splits, validate=True, dtype=None, dtype_hint=None) -> RowPartition:
        splits = _host(row_splits).astype(dtypes.as_dtype(dtype or dtypes.int64).numpy_dtype)
        if validate and (splits.ndim != 1 or splits.size == 0 or splits[0] != 0 or (np.diff(splits) < 0).any()):
            raise ValueError(f"row_splits must be a non-empty vector starting at 0 that never decreases; got "
                             f"{splits.tolist()}."
                             + hint_line(_("row_splits[i] is where row i starts in the values.")))
        return cls(splits, internal=True)

    @classmethod
    def from_row_lengths(cls, row_lengths, validate=True, dtype=None, dtype_hint=None) -> RowPartition:
        lengths = _host(row_lengths).astype(np.int64).reshape(-1)
        if validate and (lengths < 0).any():
            raise ValueError(f"row_lengths must not be negative; got {lengths.tolist()}.")
        return cls.from_row_splits(np.concatenate([[0], np.cumsum(lengths)]), validate, dtype)

    @classmethod
    def from_uniform_row_length(cls, uniform_row_length, nvals=None, nrows=None, validate=True, dtype=None,
                                dtype_hint=None) -> RowPartition:
        length = int(_host(uniform_row_length))
        rows = int(nrows) if nrows is not None else (int(nvals) // length if length else 0)
        splits = (np.arange(rows + 1) * length).astype(dtypes.as_dtype(dtype or dtypes.int64).numpy_dtype)
        return cls(splits, uniform_row_length=length, internal=True)

    @property
    def dtype(self):
        return dtypes.as_dtype(self._splits.dtype)

    def _tensor(self, array) -> Tensor:
        return _constant(np.asarray(array, dtype=self._splits.dtype))

    def row_splits(self) -> Tensor:
        return self._tensor(self._splits)

    def row_lengths(self) -> Tensor:
        return self._tensor(np.diff(self._splits))

    def nrows(self) -> Tensor:
        return self._tensor(self._splits.size - 1)

    def nvals(self) -> Tensor:
        return self._tensor(self._splits[-1])

    def is_uniform(self) -> bool:
        """Whether the partition was built with one row length (``from_uniform_row_length``)."""
        return self._uniform is not None

    def uniform_row_length(self):
        return None if self._uniform is None else self._tensor(self._uniform)

    def __repr__(self) -> str:
        return f"tk.RowPartition(row_splits={self._splits})"


def _partition_of(rt: RaggedTensor, dtype) -> RowPartition:
    splits = _host(rt.row_splits).astype(dtype.numpy_dtype)
    uniform = rt.uniform_row_length
    return RowPartition(splits, None if uniform is None else int(uniform.numpy()), internal=True)


class DynamicRaggedShape:
    """A shape whose axes 1..``num_row_partitions`` may be ragged: row partitions and an inner shape."""

    def __init__(self, row_partitions, inner_shape, dtype=None, validate=True, static_inner_shape=None):
        self._partitions = tuple(row_partitions)
        dtype = dtypes.as_dtype(dtype) if dtype is not None else \
            (self._partitions[0].dtype if self._partitions else dtypes.int64)
        self._dtype = dtype
        self._inner = _host(inner_shape).astype(np.int64).reshape(-1)
        if validate and self._partitions and int(self._partitions[-1].nvals().numpy()) != self._inner[0]:
            raise ValueError(f"The last row partition has {int(self._partitions[-1].nvals().numpy())} values but "
                             f"inner_shape[0] is {self._inner[0]}."
                             + hint_line(_("inner_shape[0] must be the number of values of the last partition.")))

    @classmethod
    def from_lengths(cls, lengths, num_row_partitions=None, dtype=dtypes.int64) -> DynamicRaggedShape:
        """From a list of lengths: an int for a uniform axis, a tuple of row lengths for a ragged one."""
        lengths = list(lengths)
        ragged = [i for i, d in enumerate(lengths) if isinstance(d, (tuple, list))]
        if ragged and ragged[0] == 0:
            raise ValueError("The first length must be an int (the number of rows).")
        count = (ragged[-1] if ragged else 0) if num_row_partitions is None else int(num_row_partitions)
        partitions, nvals = [], int(lengths[0]) if lengths else 0
        for d in lengths[1:count + 1]:
            part = RowPartition.from_row_lengths(d, dtype=dtype) if isinstance(d, (tuple, list)) else \
                RowPartition.from_uniform_row_length(d, nrows=nvals, dtype=dtype)
            partitions.append(part)
            nvals = int(part.nvals().numpy())
        return cls(partitions, [nvals] + [int(d) for d in lengths[count + 1:]], dtype=dtype)

    @classmethod
    def from_tensor(cls, t, dtype=None) -> DynamicRaggedShape:
        if isinstance(t, RaggedTensor):
            return _shape_of(t, dtype or dtypes.int64)
        return cls([], list(t.shape), dtype=dtype)

    row_partitions = property(lambda self: self._partitions)
    num_row_partitions = property(lambda self: len(self._partitions))
    dtype = property(lambda self: self._dtype)

    @property
    def inner_shape(self) -> Tensor:
        return _constant(self._inner.astype(self._dtype.numpy_dtype))

    @property
    def rank(self) -> int:
        return len(self._partitions) + len(self._inner)

    def static_lengths(self) -> list:
        """Each axis's length: an int when uniform, a tuple of row lengths when ragged."""
        if not self._partitions:
            return [int(d) for d in self._inner]
        lengths = [int(self._partitions[0].nrows().numpy())]
        for p in self._partitions:
            lengths.append(p._uniform if p.is_uniform() else tuple(int(n) for n in p.row_lengths().numpy()))  # noqa: SLF001 - same module
        return lengths + [int(d) for d in self._inner[1:]]

    def is_uniform(self, axis: int) -> bool:
        return not isinstance(self.static_lengths()[axis], tuple)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._prefix(index)
        axis = int(index)
        if not -self.rank <= axis < self.rank:
            raise IndexError(f"Expected axis={axis} < rank={self.rank}")
        length = self.static_lengths()[axis % self.rank]
        if isinstance(length, tuple):
            raise ValueError(f"Index {axis % self.rank} is not uniform")
        return _constant(np.asarray(length, dtype=self._dtype.numpy_dtype))

    def _prefix(self, index: slice) -> DynamicRaggedShape:
        start, stop, step = index.indices(self.rank)
        lengths = self.static_lengths()
        if step != 1 or (start != 0 and any(isinstance(d, tuple) for d in lengths[:stop])):
            raise ValueError("All relevant dimensions must be uniform")
        if start != 0 or stop <= 1:
            return DynamicRaggedShape([], lengths[start:stop], dtype=self._dtype)
        kept = min(stop - 1, len(self._partitions))
        nvals = int(self._partitions[kept - 1].nvals().numpy()) if kept else lengths[0]
        inner = [nvals] + [int(d) for d in self._inner[1:stop - kept]]
        return DynamicRaggedShape(self._partitions[:kept], inner, dtype=self._dtype)

    def __repr__(self) -> str:
        lengths = ", ".join(str(d) if not isinstance(d, tuple) else
                            "(" + ", ".join(str(n) for n in d) + ")" for d in self.static_lengths())
        return f"<DynamicRaggedShape lengths=[{lengths}] num_row_partitions={self.num_row_partitions}>"

    __str__ = __repr__

    # ----- a RaggedTensor of this shape -----
    def _wrap(self, flat_values: Tensor):
        result = flat_values
        for p in reversed(self._partitions):
            uniform = p.uniform_row_length()
            result = RaggedTensor.from_uniform_row_length(result, uniform, nrows=p.nrows()) if uniform is not None \
                else RaggedTensor.from_row_splits(result, p.row_splits(), validate=False)
        return result

    def _coordinates(self) -> np.ndarray:
        """Each flat value's index along the axes up to the last ragged one (shape [nvals, partitions + 1])."""
        coords = np.arange(int(self._inner[0]))[:, None]
        for p in reversed(self._partitions):
            splits = p._splits  # noqa: SLF001 - same module
            rows = np.repeat(np.arange(splits.size - 1), np.diff(splits))
            outer = np.stack([rows, np.arange(splits[-1]) - splits[:-1][rows]], axis=1)
            coords = np.concatenate([outer[coords[:, 0]], coords[:, 1:]], axis=1)
        return coords.astype(np.int64)


def _shape_of(rt: RaggedTensor, dtype) -> DynamicRaggedShape:
    partitions, values = [], rt
    while isinstance(values, RaggedTensor):
        partitions.append(_partition_of(values, dtype))
        values = values.values
    return DynamicRaggedShape(partitions, list(values.shape), dtype=dtype)


def _broadcast(value: Tensor, shape: DynamicRaggedShape):
    """``value`` (dense) broadcast to the ragged ``shape``: a size-1 or equal axis per axis."""
    inner = [int(d) for d in shape.inner_shape.numpy()[1:]]
    flat = broadcast_to(value, list(value.shape[:max(0, value.ndim - len(inner))]) + inner) if inner else value
    lead = shape.num_row_partitions + 1
    head = [1] * (lead - (flat.ndim - len(inner))) + list(flat.shape[:flat.ndim - len(inner)])
    flat = reshape(flat, head + inner)
    coords = shape._coordinates()  # noqa: SLF001 - same module
    lengths = shape.static_lengths()
    for axis, size in enumerate(head):
        if size != 1 and (isinstance(lengths[axis], tuple) or lengths[axis] != size):
            raise ValueError(f"Cannot broadcast a tensor of shape {value.shape} to {shape!r}: axis {axis} has size "
                             f"{size}."
                             + hint_line(_("each axis of the tensor must be 1 or match the ragged shape's axis.")))
    index = np.where(np.asarray(head) == 1, 0, coords)
    return shape._wrap(gather_nd(flat, index))  # noqa: SLF001 - same module


# ---------- dispatch: tk functions that take a DynamicRaggedShape or return one ----------
def dispatch_shape(fn):
    @functools.wraps(fn)
    def wrapper(input, out_type=dtypes.int32, name=None):
        if isinstance(input, RaggedTensor):
            return _shape_of(input, dtypes.as_dtype(out_type))
        return fn(input, out_type, name)

    return wrapper


def dispatch_reshape(fn):
    @functools.wraps(fn)
    def wrapper(tensor, shape, name=None):
        if isinstance(tensor, RaggedTensor):   # its values in row-major order, as TF
            tensor = tensor.flat_values
        if isinstance(shape, DynamicRaggedShape):
            return shape._wrap(fn(tensor, shape.inner_shape))  # noqa: SLF001 - same module
        return fn(tensor, shape, name)

    return wrapper


def dispatch_broadcast_to(fn):
    @functools.wraps(fn)
    def wrapper(input, shape, name=None):
        if isinstance(shape, DynamicRaggedShape):
            value = input if isinstance(input, Tensor) else _constant(input)
            return _broadcast(value, shape)
        return fn(input, shape, name)

    return wrapper


def _of_shape(make, shape, *args):
    """``make(shape, ...)`` for a dense shape; for a DynamicRaggedShape, a RaggedTensor of that shape."""
    if isinstance(shape, DynamicRaggedShape):
        return shape._wrap(make(shape.inner_shape, *args))  # noqa: SLF001 - same module
    return make(shape, *args)


@functools.wraps(zeros)
def shape_zeros(shape, dtype=dtypes.float32, name=None):
    return _of_shape(zeros, shape, dtype, name)


@functools.wraps(ones)
def shape_ones(shape, dtype=dtypes.float32, name=None):
    return _of_shape(ones, shape, dtype, name)


@functools.wraps(fill)
def shape_fill(dims, value, name=None):
    return _of_shape(fill, dims, value, name)


__all__ = ["DynamicRaggedShape", "RowPartition"]
