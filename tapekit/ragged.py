"""``tk.ragged``: RaggedTensor, rows of different lengths (``tk.ragged.constant([[1, 2], [3]])``).

A teaching-sized version: values are held as a flat tensor plus one row-splits vector per
ragged dimension; it prints, converts and indexes as TF does, but ops do not accept it.
"""

from __future__ import annotations

import numpy as np

from . import dtypes
from .backend import from_host
from .shape import TensorShape
from .tensor import Tensor, constant


def _depth(value) -> int:
    depth = 0
    while isinstance(value, (list, tuple)):
        if not value:
            return depth + 1
        depth += 1
        value = value[0]
    return depth


class RaggedTensor:
    """Rows of different lengths: ``values`` (a Tensor or RaggedTensor) cut by ``row_splits``."""

    def __init__(self, values, row_splits):
        self._values = values
        self._row_splits = row_splits

    # ----- structure -----
    @property
    def values(self):
        return self._values

    @property
    def flat_values(self) -> Tensor:
        v = self._values
        while isinstance(v, RaggedTensor):
            v = v._values
        return v

    @property
    def row_splits(self) -> Tensor:
        return self._row_splits

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def ragged_rank(self) -> int:
        return 1 + (self._values.ragged_rank if isinstance(self._values, RaggedTensor) else 0)

    @property
    def shape(self) -> TensorShape:
        inner = self._values.shape
        return TensorShape([self._nrows(), None]) + inner[1:]

    def _nrows(self) -> int:
        return int(self._row_splits.numpy().shape[0]) - 1

    def nrows(self, out_type=None, name=None) -> Tensor:
        return constant(self._nrows(), dtype=out_type or dtypes.int64)

    def row_lengths(self, axis=1, name=None) -> Tensor:
        return constant(np.diff(self._row_splits.numpy()), dtype=dtypes.int64)

    def to_list(self) -> list:
        splits = self._row_splits.numpy()
        inner = self._values.to_list() if isinstance(self._values, RaggedTensor) else self._values.numpy().tolist()
        return [inner[a:b] for a, b in zip(splits[:-1], splits[1:])]

    def numpy(self):
        rows = self.to_list()
        out = np.empty(len(rows), dtype=object)
        for i, r in enumerate(rows):
            out[i] = np.array(r, dtype=self.dtype._np)
        return out

    def to_tensor(self, default_value=None, name=None, shape=None) -> Tensor:
        """A dense tensor, short rows padded with ``default_value`` (0)."""
        rows = self.to_list()
        dims = list(_max_shape(rows))
        fill = 0 if default_value is None else default_value
        arr = np.full(dims, fill, dtype=self.dtype._np)
        _fill(arr, rows, ())
        return Tensor(from_host(arr), self.dtype)

    def __getitem__(self, key):
        if isinstance(key, (int, np.integer)):
            n = self._nrows()
            if not -n <= key < n:
                raise IndexError(f"row index {key} out of range for {n} rows")
            splits = self._row_splits.numpy()
            a, b = int(splits[key % n]), int(splits[key % n + 1])
            return self._values[a:b]
        raise TypeError("tapekit's RaggedTensor supports integer row indexing only.\n  Hint: use "
                        ".to_tensor() or .to_list() for other selections.")

    def __len__(self):
        return self._nrows()

    def __iter__(self):
        return (self[i] for i in range(self._nrows()))

    def __repr__(self) -> str:
        return f"<tk.RaggedTensor {self.to_list()!r}>"

    __str__ = __repr__


def _max_shape(rows):
    if not isinstance(rows, list):
        return ()
    inner = [_max_shape(r) for r in rows]
    depth = max((len(s) for s in inner), default=0)
    best = [max((s[i] for s in inner if len(s) > i), default=0) for i in range(depth)]
    return (len(rows), *best)


def _fill(arr, rows, prefix):
    for i, r in enumerate(rows):
        if isinstance(r, list):
            _fill(arr, r, prefix + (i,))
        else:
            arr[prefix + (i,)] = r


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None,  # noqa: F811
             row_splits_dtype=dtypes.int64):
    """A RaggedTensor from a nested list whose rows may differ in length (a flat list gives a Tensor)."""
    from .tensor import constant as dense

    depth = _depth(pylist)
    if depth <= 1:
        return dense(pylist, dtype=dtype)
    ragged_rank = depth - 1 if ragged_rank is None else int(ragged_rank)
    return _build(pylist, ragged_rank, dtype, dtypes.as_dtype(row_splits_dtype))


def _build(rows, ragged_rank, dtype, splits_dtype):
    from .tensor import constant as dense

    splits = [0]
    flat = []
    for r in rows:
        flat.extend(r)
        splits.append(len(flat))
    if ragged_rank > 1:
        values = _build(flat, ragged_rank - 1, dtype, splits_dtype)
    else:
        values = dense(flat, dtype=dtype) if flat else dense(np.zeros((0,)), dtype=dtype or dtypes.float32)
    return RaggedTensor(values, dense(splits, dtype=splits_dtype))


__all__ = ["RaggedTensor", "constant"]
