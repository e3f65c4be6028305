"""``tk.SparseTensor`` and ``tk.sparse``: a tensor stored as (indices, values, dense_shape)."""

from __future__ import annotations

import numpy as np

from . import backend, dtypes
from .backend import device_obj, from_host, ns, to_host
from .errors import InvalidArgumentError
from .i18n import _, hint_line
from .ops.array_ops import gather_nd
from .registry import execute, gradient
from .shape import TensorShape
from .tensor import Tensor, convert_to_tensor


class SparseTensor:
    """Non-zero ``values`` at ``indices`` (int64, one row per value) in a tensor of ``dense_shape``."""

    def __init__(self, indices, values, dense_shape):
        self.indices = convert_to_tensor(indices, dtype=dtypes.int64) if not isinstance(indices, Tensor) \
            else _as_int64(indices)
        self.values = values if isinstance(values, Tensor) else convert_to_tensor(values)
        self.dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int64) \
            if not isinstance(dense_shape, Tensor) else _as_int64(dense_shape)
        n_idx = self.indices.shape[0] if self.indices.ndim else None
        n_val = self.values.shape[0] if self.values.ndim else None
        if self.indices.ndim != 2 or n_val is None or n_idx != n_val:
            raise ValueError(f"Dimensions {n_idx} and {n_val} are not compatible"
                             + hint_line(_("indices needs one row per value.")))
        if self.indices.shape[1] != self.dense_shape.shape[0]:
            raise ValueError(f"Dimensions {self.indices.shape[1]} and {self.dense_shape.shape[0]} are not compatible"
                             + hint_line(_("each index row needs one entry per dimension of dense_shape.")))

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape([int(d) for d in self.dense_shape.numpy()])

    @property
    def ndim(self) -> int:
        return int(self.dense_shape.shape[0])

    def get_shape(self) -> TensorShape:
        return self.shape

    def __repr__(self) -> str:
        return f"SparseTensor(indices={self.indices!s}, values={self.values!s}, dense_shape={self.dense_shape!s})"

    __str__ = __repr__


def _as_int64(t: Tensor) -> Tensor:
    return t if t.dtype is dtypes.int64 else Tensor(t._value.astype(np.int64), dtypes.int64)


def _to_dense(values, default, indices, shape):
    xp = ns(values)
    out = xp.asarray(xp.broadcast_to(default, shape), copy=True)
    if len(indices):
        where = device_obj(values)
        out = backend.scatter_update(out, tuple(from_host(col, where) for col in indices.T), values)
    return out


def to_dense(sp_input, default_value=None, validate_indices=True, name=None) -> Tensor:
    """The dense tensor: values at their indices, ``default_value`` (0) elsewhere."""
    idx = to_host(sp_input.indices._value)
    shape = tuple(int(d) for d in to_host(sp_input.dense_shape._value))
    for i, row in enumerate(idx):
        if np.any(row < 0) or np.any(row >= np.array(shape)):
            raise InvalidArgumentError(
                f"indices[{i}] = [{','.join(map(str, row))}] is out of bounds: need 0 <= index < "
                f"[{','.join(map(str, shape))}] [Op:SparseToDense] name: ", op="SparseToDense")
        if validate_indices and i and tuple(row) <= tuple(idx[i - 1]):
            raise InvalidArgumentError(
                f"indices[{i}] = [{','.join(map(str, row))}] is out of order. Many sparse ops require sorted "
                "indices.\n    Use `tk.sparse.reorder` to create a correctly ordered copy.\n\n [Op:SparseToDense] "
                "name: ", op="SparseToDense")
    values = sp_input.values
    default = convert_to_tensor(0 if default_value is None else default_value, dtype=values.dtype)
    return execute("SparseToDense", lambda v, d, indices, shape: _to_dense(v, d, indices, shape),
                   (values, default), {"indices": idx, "shape": shape})


@gradient("SparseToDense")
def _to_dense_grad(op, grad):
    idx = Tensor(from_host(np.asarray(op.attrs["indices"], dtype=np.int64)), dtypes.int64)
    return gather_nd(grad, idx), None


def from_dense(tensor, name=None) -> SparseTensor:
    """The non-zero elements of a dense tensor, as a SparseTensor."""
    t = convert_to_tensor(tensor)
    arr = to_host(t._value)
    idx = np.argwhere(arr != (b"" if t.dtype.is_string else 0)).astype(np.int64)
    values = Tensor(from_host(arr[tuple(idx.T)]), t.dtype)
    return SparseTensor(Tensor(from_host(idx), dtypes.int64), values,
                        Tensor(from_host(np.array(arr.shape, dtype=np.int64)), dtypes.int64))


def reorder(sp_input, name=None) -> SparseTensor:
    """The same sparse tensor with indices in row-major order."""
    idx = to_host(sp_input.indices._value)
    order = np.lexsort(idx.T[::-1]) if len(idx) else np.arange(0)
    values = Tensor(from_host(to_host(sp_input.values._value)[order]), sp_input.values.dtype)
    return SparseTensor(Tensor(from_host(idx[order]), dtypes.int64), values, sp_input.dense_shape)


SparseTensor.to_dense = to_dense

from .unsupported import sparse_dense_matmul  # noqa: E402  (out of scope: raises NotImplementedError)

__all__ = ["SparseTensor", "from_dense", "reorder", "sparse_dense_matmul", "to_dense"]
