"""``tk.SparseTensor`` and ``tk.sparse``: a tensor stored as (indices, values, dense_shape)."""

from __future__ import annotations

import numpy as np

from . import backend
from ._base import dtypes
from .backend import device_obj, from_host, ns, to_host
from .errors import InvalidArgumentError, kernel_prefix, shape_text
from ._base.i18n import _, hint_line
from ._core.ops.array_ops import broadcast_to, gather_nd
from ._core.ops.checks import condition_text
from ._core.ops.linalg import matmul
from ._core.ops.math_ops import multiply, truediv
from ._core.ops.reduction import reduce_sum as dense_reduce_sum
from ._core.record.registry import execute, gradient
from ._base.shape import TensorShape
from ._core.values.tensor import EagerTensor, Tensor, convert_to_tensor


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

    # ----- sparse * dense, sparse / dense (TF's SparseDenseCwiseMul/Div): a SparseTensor at the same indices -----
    def _cwise(self, other, fn):
        if isinstance(other, SparseTensor):
            raise ValueError("tapekit, as TF, multiplies or divides a SparseTensor by a dense tensor only."
                            + hint_line(_("use tk.sparse.map_values on two SparseTensors with the same indices.")))
        dense = convert_to_tensor(other, dtype=self.dtype) if not isinstance(other, Tensor) else other
        if dense.ndim:
            dense = gather_nd(broadcast_to(dense, self.dense_shape), self.indices)
        return SparseTensor(self.indices, fn(self.values, dense), self.dense_shape)

    def __mul__(self, other):
        return self._cwise(other, multiply)

    def __truediv__(self, other):
        return self._cwise(other, truediv)

    def __repr__(self) -> str:
        return f"SparseTensor(indices={self.indices!s}, values={self.values!s}, dense_shape={self.dense_shape!s})"

    __str__ = __repr__


class SparseTensorSpec:
    """Describes a SparseTensor: its dense ``shape`` (None for unknown sizes) and the ``dtype`` of its values."""

    def __init__(self, shape=None, dtype=dtypes.float32):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)

    @classmethod
    def from_value(cls, value) -> SparseTensorSpec:
        return cls(value.shape, value.dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    value_type = property(lambda self: SparseTensor)

    def is_compatible_with(self, value) -> bool:
        return isinstance(value, (SparseTensor, SparseTensorSpec)) and value.dtype == self._dtype \
            and self._shape.is_compatible_with(value.shape)

    def __eq__(self, other) -> bool:
        return isinstance(other, SparseTensorSpec) and (self._shape, self._dtype) == (other.shape, other.dtype)

    __hash__ = None

    def __repr__(self) -> str:
        dims = self._shape.as_list() if self._shape.rank is not None else None
        return f"SparseTensorSpec(TensorShape({dims}), tk.{self._dtype.name})"


def _as_int64(t: Tensor) -> Tensor:
    return t if t.dtype is dtypes.int64 else EagerTensor(t.value.astype(np.int64), dtypes.int64)


def _to_dense(values, default, indices, shape):
    xp = ns(values)
    out = xp.asarray(xp.broadcast_to(default, shape), copy=True)
    if len(indices):
        where = device_obj(values)
        out = backend.scatter_update(out, tuple(from_host(col, where) for col in indices.T), values)
    return out


def to_dense(sp_input, default_value=None, validate_indices=True, name=None) -> Tensor:
    """The dense tensor: values at their indices, ``default_value`` (0) elsewhere."""
    idx = to_host(sp_input.indices.value)
    shape = tuple(int(d) for d in to_host(sp_input.dense_shape.value))
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
    idx = EagerTensor(from_host(np.asarray(op.attrs["indices"], dtype=np.int64)), dtypes.int64)
    return gather_nd(grad, idx), None


def from_dense(tensor, name=None) -> SparseTensor:
    """The non-zero elements of a dense tensor, as a SparseTensor."""
    t = convert_to_tensor(tensor)
    arr = to_host(t.value)
    idx = np.argwhere(arr != (b"" if t.dtype.is_string else 0)).astype(np.int64)
    values = EagerTensor(from_host(arr[tuple(idx.T)]), t.dtype)
    return SparseTensor(EagerTensor(from_host(idx), dtypes.int64), values,
                        EagerTensor(from_host(np.array(arr.shape, dtype=np.int64)), dtypes.int64))


def reorder(sp_input, name=None) -> SparseTensor:
    """The same sparse tensor with indices in row-major order."""
    idx = to_host(sp_input.indices.value)
    order = np.lexsort(idx.T[::-1]) if len(idx) else np.arange(0)
    values = EagerTensor(from_host(to_host(sp_input.values.value)[order]), sp_input.values.dtype)
    return SparseTensor(EagerTensor(from_host(idx[order]), dtypes.int64), values, sp_input.dense_shape)


SparseTensor.to_dense = to_dense


# ----- ops on sparse tensors (TF's tf.sparse), on the host: indices are bookkeeping, not math -----
def _host_parts(sp: SparseTensor) -> tuple:
    return to_host(sp.indices.value), to_host(sp.values.value), to_host(sp.dense_shape.value)


def _sparse_of(indices: np.ndarray, values: np.ndarray, shape, dtype) -> SparseTensor:
    """A SparseTensor in row-major order from host arrays."""
    indices = np.asarray(indices, dtype=np.int64).reshape(-1, len(shape))
    order = np.lexsort(indices.T[::-1]) if len(indices) else np.arange(0)
    return SparseTensor(EagerTensor(from_host(indices[order]), dtypes.int64),
                        EagerTensor(from_host(np.asarray(values)[order]), dtype),
                        EagerTensor(from_host(np.asarray(shape, dtype=np.int64)), dtypes.int64))


def _check_sparse(value, op: str, what: str = "sp_input") -> SparseTensor:
    if not isinstance(value, SparseTensor):
        raise TypeError(f"Input must be a SparseTensor. {op}'s {what} is a {type(value).__name__}."
                        + hint_line(_("make one with tk.sparse.from_dense(x) or tk.sparse.SparseTensor(indices, "
                                      "values, dense_shape).")))
    return value


def add(a, b, threshold=0, name=None):
    """The sum of two SparseTensors (sparse; values at a shared index add up), or of one and a Tensor (dense)."""
    if not isinstance(a, SparseTensor) and not isinstance(b, SparseTensor):
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?"
                        + hint_line(_("tk.sparse.add needs a tk.SparseTensor; add dense tensors with tk.add.")))
    if not isinstance(a, SparseTensor):
        a, b = b, a
    if not isinstance(b, SparseTensor):
        dense = b if isinstance(b, Tensor) else convert_to_tensor(b, dtype=a.dtype)
        _check_dense_add(a, dense)
        return to_dense(a) + dense
    (ia, va, sa), (ib, vb, sb) = _host_parts(a), _host_parts(b)
    _check_sparse_add(a, b, sa, sb)
    merged, shared = dict(zip(map(tuple, ia), va)), set()
    for index, value in zip(map(tuple, ib), vb):
        if index in merged:
            merged[index] = merged[index] + value
            shared.add(index)
        else:
            merged[index] = value
    # as TF's kernel, the threshold applies to the sums of shared positions only
    kept = [(i, v) for i, v in merged.items() if i not in shared or abs(v) >= threshold]
    return _sparse_of([i for i, _v in kept], np.array([v for _i, v in kept], dtype=va.dtype), sa, a.dtype)


def _dtype_error(op: str, number: int, want, got) -> InvalidArgumentError:
    names = [dtypes.KERNEL_NAMES.get(d.name, d.name) for d in (want, got)]
    return InvalidArgumentError(
        f"cannot compute {op} as input #{number}(zero-based) was expected to be a {names[0]} tensor but is a "
        f"{names[1]} tensor [Op:{op}] name: "
        + hint_line(_("both operands need one dtype, got {want} and {got}; convert one with tk.cast.").format(
            want=want.name, got=got.name)), op=op)


def _check_sparse_add(a: SparseTensor, b: SparseTensor, sa, sb) -> None:
    if b.dtype is not a.dtype:
        raise _dtype_error("SparseAdd", 4, a.dtype, b.dtype)
    if len(sa) != len(sb):
        what = f"Input indices must have the same dimension, got {len(sa)} and {len(sb)}"
    else:
        d = next((i for i in range(len(sa)) if sa[i] != sb[i]), None)
        if d is None:
            return
        what = f"Operands' shapes do not match: got {sa[d]} and {sb[d]} for dimension {d}"
    raise InvalidArgumentError(f"{kernel_prefix('SparseAdd')}{what} [Op:SparseAdd] name: "
                               + hint_line(_("both sparse tensors need the same dense_shape.")), op="SparseAdd")


def _check_dense_add(sp: SparseTensor, dense: Tensor) -> None:
    """TF's SparseTensorDenseAdd: one dtype and the very same shape (no broadcasting)."""
    if dense.dtype is not sp.dtype:
        raise _dtype_error("SparseTensorDenseAdd", 3, sp.dtype, dense.dtype)
    shape, other = list(sp.shape), list(dense.shape)
    if len(shape) != len(other):
        what = f"Two operands have different ranks; received: {len(shape)} and {len(other)}"
    else:
        d = next((i for i in range(len(shape)) if shape[i] != other[i]), None)
        if d is None:
            return
        what = (f"Dimension {d} does not equal (no broadcasting is supported): sparse side {shape[d]} vs dense "
                f"side {other[d]}")
    raise InvalidArgumentError(f"{kernel_prefix('SparseTensorDenseAdd')}{what} [Op:SparseTensorDenseAdd] name: "
                               + hint_line(_("the dense tensor needs the sparse tensor's dense_shape {shape}.")
                                           .format(shape=shape)), op="SparseTensorDenseAdd")


def _check_sparse_dense_matmul(sp: SparseTensor, dense: Tensor, adjoint_a: bool, adjoint_b: bool) -> None:
    """TF's SparseTensorDenseMatMul checks: one dtype, two matrices whose inner dimensions agree."""
    op = "SparseTensorDenseMatMul"
    if dense.dtype is not sp.dtype:
        raise _dtype_error(op, 3, sp.dtype, dense.dtype)
    a, b = list(sp.shape), list(dense.shape)
    if len(a) != 2:
        what = "Tensor 'a_shape' must have 2 elements"
    elif len(b) != 2:
        what = "Tensor 'b' is not a matrix"
    elif a[0 if adjoint_a else 1] != b[1 if adjoint_b else 0]:
        what = (f"Cannot multiply A and B because inner dimension does not match: {a[0 if adjoint_a else 1]} vs. "
                f"{b[1 if adjoint_b else 0]}.  Did you forget a transpose?  Dimensions of A: [{a[0]}, {a[1]}).  "
                f"Dimensions of B: {shape_text(b)}")
    else:
        return
    raise InvalidArgumentError(f"{kernel_prefix(op)}{what} [Op:{op}] name: "
                               + hint_line(_("sparse_dense_matmul multiplies two matrices whose inner dimensions "
                                             "agree (see adjoint_a / adjoint_b).")), op=op)


def concat(axis, sp_inputs, expand_nonconcat_dims=False, concat_dim=None, name=None) -> SparseTensor:
    """The sparse tensors side by side along ``axis`` (the other dimensions must agree)."""
    inputs = [_check_sparse(sp, "tf.sparse.concat") for sp in sp_inputs]
    parts = [_host_parts(sp) for sp in inputs]
    rank = len(parts[0][2])
    axis = int(axis) % rank
    shapes = np.array([p[2] for p in parts])
    if expand_nonconcat_dims:
        shapes[:, [d for d in range(rank) if d != axis]] = shapes.max(axis=0)[[d for d in range(rank) if d != axis]]
    elif any((np.delete(s, axis) != np.delete(shapes[0], axis)).any() for s in shapes):
        raise InvalidArgumentError("Input shapes must match: expected " + str(list(shapes[0])) + " for dimensions other"
                                   f" than {axis}, got {[list(s) for s in shapes]} [Op:SparseConcat] name: "
                                   + hint_line(_("pass expand_nonconcat_dims=True to pad the other dimensions.")),
                                   op="SparseConcat")
    offsets = np.concatenate([[0], np.cumsum(shapes[:, axis])[:-1]])
    indices = [p[0] + np.eye(rank, dtype=np.int64)[axis] * off for p, off in zip(parts, offsets)]
    shape = shapes[0].copy()
    shape[axis] = shapes[:, axis].sum()
    if expand_nonconcat_dims:
        shape = np.where(np.arange(rank) == axis, shape, shapes.max(axis=0))
    return _sparse_of(np.concatenate(indices), np.concatenate([p[1] for p in parts]), shape, inputs[0].dtype)


def slice(sp_input, start, size, name=None) -> SparseTensor:  # noqa: A001 - TF's name
    """The entries inside the box from ``start`` of ``size`` (cut at the tensor's edge), moved to the origin."""
    indices, values, shape = _host_parts(_check_sparse(sp_input, "tf.sparse.slice"))
    start = np.asarray(to_host(start.value) if isinstance(start, Tensor) else start, dtype=np.int64)
    size = np.asarray(to_host(size.value) if isinstance(size, Tensor) else size, dtype=np.int64)
    end = np.minimum(start + size, shape)
    inside = np.all((indices >= start) & (indices < end), axis=1) if len(indices) else np.zeros(0, bool)
    return _sparse_of(indices[inside] - start, values[inside], np.maximum(end - start, 0), sp_input.dtype)


def map_values(op, *args, **kwargs) -> SparseTensor:
    """``op`` applied to the values of the SparseTensor arguments (which must share their indices)."""
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        raise ValueError("No SparseTensor in argument list of map_values"
                         + hint_line(_("pass at least one tk.SparseTensor.")))
    for other in sparse[1:]:
        _check_same_layout(sparse[0], other)
    values = op(*[a.values if isinstance(a, SparseTensor) else a for a in args],
                **{k: v.values if isinstance(v, SparseTensor) else v for k, v in kwargs.items()})
    return SparseTensor(sparse[0].indices, values, sparse[0].dense_shape)


def _check_same_layout(a: SparseTensor, b: SparseTensor) -> None:
    """TF's map_values asserts: equal dense shapes, then equal indices."""
    for what, x, y in (("shapes", a.dense_shape, b.dense_shape), ("indices", a.indices, b.indices)):
        x, y = to_host(x.value), to_host(y.value)
        if x.ndim == 1 and x.shape != y.shape:
            raise InvalidArgumentError(f"{kernel_prefix('Equal')}Incompatible shapes: {shape_text(x.shape)} vs. "
                                       f"{shape_text(y.shape)} [Op:Equal] name: "
                                       + hint_line(_("map_values needs sparse tensors with the same indices.")),
                                       op="Equal")
        held = x == y if x.shape == y.shape else np.zeros((), bool)
        if not np.all(held):
            raise InvalidArgumentError(condition_text("==", x, y, held, message=f"Mismatched {what}!")
                                       + hint_line(_("map_values needs sparse tensors with the same indices.")),
                                       op="AssertEqual")


def transpose(sp_input, perm=None, name=None) -> SparseTensor:
    """The sparse tensor with its dimensions permuted (reversed by default)."""
    indices, values, shape = _host_parts(_check_sparse(sp_input, "tf.sparse.transpose"))
    perm = list(range(len(shape)))[::-1] if perm is None else [int(p) for p in perm]
    return _sparse_of(indices[:, perm], values, shape[perm], sp_input.dtype)


def _reduce(sp_input, axis, keepdims, numpy_reduce, empty):
    """Reduce the stored values only (TF's sparse reductions ignore the implicit zeros)."""
    indices, values, shape = _host_parts(sp_input)
    axes = tuple(range(len(shape))) if axis is None else tuple(int(a) % len(shape) for a in np.atleast_1d(axis))
    dense = np.full(tuple(shape), empty, dtype=values.dtype)
    seen = np.zeros(tuple(shape), dtype=bool)
    if len(indices):
        dense[tuple(indices.T)] = values
        seen[tuple(indices.T)] = True
    out = numpy_reduce(np.where(seen, dense, empty), axis=axes, keepdims=bool(keepdims))
    out = np.where(seen.any(axis=axes, keepdims=bool(keepdims)), out, 0)  # TF: 0 where nothing is stored
    return EagerTensor(from_host(np.asarray(out, dtype=values.dtype)), sp_input.dtype)


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """The largest stored value (along ``axis``); implicit zeros do not count, as in TF."""
    sp = _check_sparse(sp_input, "tf.sparse.reduce_max")
    lowest = -np.inf if sp.dtype.is_floating else np.iinfo(sp.dtype.numpy_dtype).min
    out = _reduce(sp, axis, keepdims, np.max, lowest)
    return from_dense(out) if output_is_sparse else out


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """The sum of the stored values (along ``axis``)."""
    dense = to_dense(_check_sparse(sp_input, "tf.sparse.reduce_sum"))
    out = dense_reduce_sum(dense, axis=axis, keepdims=bool(keepdims))
    return from_dense(out) if output_is_sparse else out


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None) -> Tensor:
    """``sp_a @ b`` for a 2-D SparseTensor and a dense matrix (or the other way round); gradients flow to
    the sparse values and to ``b``."""
    if isinstance(b, SparseTensor) and not isinstance(sp_a, SparseTensor):   # dense @ sparse, as TF: (b^T a^T)^T
        dense = sp_a if isinstance(sp_a, Tensor) else convert_to_tensor(sp_a)
        _check_sparse_dense_matmul(b, dense, not adjoint_b, not adjoint_a)
        return matmul(dense, to_dense(b), adjoint_a=adjoint_a, adjoint_b=adjoint_b)
    sp_a = _check_sparse(sp_a, "tf.sparse.sparse_dense_matmul", "sp_a")
    dense = b if isinstance(b, Tensor) else convert_to_tensor(b)
    _check_sparse_dense_matmul(sp_a, dense, adjoint_a, adjoint_b)
    return matmul(to_dense(sp_a), dense, adjoint_a=adjoint_a, adjoint_b=adjoint_b)

__all__ = ["SparseTensor", "add", "concat", "from_dense", "map_values", "reduce_max", "reduce_sum", "reorder",
           "slice", "sparse_dense_matmul", "to_dense", "transpose"]
