"""Sorting and searching: ``top_k`` (TF's ``TopKV2``), ``sort``/``argsort`` built on it as TF
builds them, ``unique``/``unique_with_counts`` and ``searchsorted``.

Only ``TopKV2`` has a gradient (the upstream gradient scattered back to the picked positions);
``sort`` is differentiable through it. ``Unique`` has none in TF: differentiating through it
raises ``LookupError``. Ties keep the lower index first; NaN counts as the smallest value.
"""

from __future__ import annotations

import collections

import numpy as np

from ..._base import dtypes
from ...backend import device_obj, from_host, to_host
from ...errors import InvalidArgumentError, shape_text
from ..._base.i18n import _, hint_line
from ..record.registry import execute, execute_multi
from ..values.tensor import EagerTensor, convert_to_tensor, host_value
from .args import bool_attr, index_tensor, int_scalar, named_conversion
from .array_ops import transpose
from .math_ops import binary_inputs, negative, subtract, to_tensor

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])
Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])

_SORTABLE = "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128"


def _int_dtype(dtype, attr: str, op_type: str):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(f"Value for attr '{attr}' of {dtype.name} is not in the list of "
                                   f"allowed values: int32, int64 [Op:{op_type}] name: ", op=op_type)
    return dtype


# ---------- top_k ----------
def _descending_order(v: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest entries along the last axis: ties by index, NaN last."""
    if v.dtype.kind == "f":
        nan = np.isnan(v)
        key = np.where(nan, -np.inf, v)
        order = np.lexsort((-key, nan), axis=-1)   # stable: equal values keep index order
    else:  # reversed, sorted ascending (stable), reversed again: descending, ties by index
        n = v.shape[-1]
        order = n - 1 - np.argsort(v[..., ::-1], axis=-1, kind="stable")[..., ::-1]
    return order[..., :k]


def _top_k(x, k, index_dtype):
    host = to_host(x)
    order = _descending_order(host, k)
    values = np.take_along_axis(host, order, axis=-1)
    dev = device_obj(x)
    return from_host(values, dev), from_host(order.astype(index_dtype.numpy_dtype), dev)


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):
    """The ``k`` largest entries of the last axis and their indices, largest first.

    Returns ``TopKV2(values, indices)``. With ``sorted=False`` TF leaves the order unspecified;
    tapekit returns them largest first as well.
    """
    x = to_tensor(input)
    k = int_scalar(k, "k", "TopKV2", "Tk", rank0=True)
    bool_attr(sorted, "sorted")
    index_type = _int_dtype(index_type, "index_type", "TopKV2")
    if x.dtype.is_string or x.dtype.is_bool or x.dtype.is_complex:
        raise InvalidArgumentError(f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed values "
                                   "[Op:TopKV2] name: "
                                   + hint_line(_("top_k ranks real numbers.")), op="TopKV2")
    if x.ndim < 1:
        raise InvalidArgumentError(f"input must be >= 1-D, got shape {shape_text(x.shape)} [Op:TopKV2] name: "
                                   + hint_line(_("top_k works along the last axis of a vector or batch.")),
                                   op="TopKV2")
    if k < 0:
        raise InvalidArgumentError(f"Need k >= 0, got {k} [Op:TopKV2] name: ", op="TopKV2")
    if x.shape[-1] < k:
        raise InvalidArgumentError(
            f"input must have at least k columns. Had {x.shape[-1]}, needed {k} [Op:TopKV2] name: "
            + hint_line(_("k can be at most the size of the last axis ({size}).").format(size=x.shape[-1])),
            op="TopKV2")
    values, indices = execute_multi("TopKV2", _top_k, (x,), {"k": k, "index_dtype": index_type})
    return TopKV2(values, indices)


# ---------- sort / argsort (as TF: top_k on the last axis, negated for ascending) ----------
def _check_direction(direction):
    if not isinstance(direction, str) or direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. Received: "
                         f"direction={direction}")


def _ascending_key(x):
    """A key whose descending order is ``x``'s ascending order (top_k sorts descending)."""
    if x.dtype.is_unsigned:
        return subtract(x.dtype.max, x)
    if x.dtype.is_integer:
        return subtract(negative(x), 1)   # -x - 1: no overflow at the dtype's minimum
    return negative(x)


def _sort_axis(x, axis) -> int:
    """``axis`` as a non-negative int, checked against ``x``'s rank."""
    if isinstance(axis, (list, tuple)):
        raise ValueError(f"Argument `axis` must be a constant scalar. Received: axis={list(axis)}."
                         + hint_line(_("sort along one axis, such as axis=-1.")))
    axis = int_scalar(axis, "axis", "Sort")
    if not -x.ndim <= axis < x.ndim:
        raise InvalidArgumentError(
            f"slice index {axis} of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/"
            + hint_line(_("axis must be an axis of the input (shape {shape}).").format(shape=list(x.shape))),
            op="StridedSlice")
    return axis % x.ndim


def _sort_or_argsort(values, axis, direction, want_indices):
    _check_direction(direction)
    x = to_tensor(values)
    if x.dtype.is_string or x.dtype.is_bool:
        raise InvalidArgumentError(f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed values: "
                                   f"{_SORTABLE}"
                                   + hint_line(_("sort numbers; cast booleans with tk.cast(x, tk.int32).")), op="Neg")
    axis = _sort_axis(x, axis)
    perm = None
    if axis != x.ndim - 1:   # top_k sorts the last axis: swap ``axis`` there and back
        perm = list(range(x.ndim))
        perm[axis], perm[-1] = perm[-1], perm[axis]
        x = transpose(x, perm)
    ascending = direction == "ASCENDING"
    out_values, out_indices = top_k(_ascending_key(x) if ascending else x, x.shape[-1])
    if want_indices:
        out = out_indices
    else:   # the key is its own inverse: key(key(x)) == x
        out = _ascending_key(out_values) if ascending else out_values
    return out if perm is None else transpose(out, perm)


def sort(values, axis=-1, direction="ASCENDING", name=None):
    """The values sorted along ``axis`` ("ASCENDING" or "DESCENDING"); differentiable."""
    return _sort_or_argsort(values, axis, direction, want_indices=False)


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    """int32 indices that sort ``values`` along ``axis``; equal values keep their order."""
    return _sort_or_argsort(values, axis, direction, want_indices=True)


# ---------- unique ----------
def _unique(x, out_idx, with_counts):
    host = to_host(x)
    # first occurrences; 0.0 and -0.0 are one value, and every NaN is its own (NaN != NaN), as TF
    _, first, inverse, counts = np.unique(host, return_index=True, return_inverse=True,
                                          return_counts=True, equal_nan=False)
    order = np.argsort(first, kind="stable")           # unique values in order of appearance
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    dev = device_obj(x)
    y = from_host(host[first[order]], dev)
    idx = from_host(rank[inverse.reshape(-1)].astype(out_idx.numpy_dtype), dev)
    if with_counts:
        return y, idx, from_host(counts[order].astype(out_idx.numpy_dtype), dev)
    return y, idx


def _unique_inputs(x, out_idx, op_type):
    x = to_tensor(x)
    out_idx = _int_dtype(out_idx, "out_idx", op_type)
    if x.ndim != 1:
        raise InvalidArgumentError(f"unique expects a 1D vector. [Op:{op_type}] name: "
                                   + hint_line(_("flatten it first with tk.reshape(x, [-1]) (shape {shape}"
                                                 ").").format(shape=list(x.shape))),
                                   op=op_type)
    return x, out_idx


def unique(x, out_idx=dtypes.int32, name=None):
    """``Unique(y, idx)``: the distinct values in order of appearance, and where each input went."""
    x, out_idx = _unique_inputs(x, out_idx, "Unique")
    return Unique(*execute_multi("Unique", _unique, (x,), {"out_idx": out_idx, "with_counts": False}))


def unique_with_counts(x, out_idx=dtypes.int32, name=None):
    """``UniqueWithCounts(y, idx, count)``: ``unique`` plus how often each value occurs."""
    x, out_idx = _unique_inputs(x, out_idx, "UniqueWithCounts")
    return UniqueWithCounts(*execute_multi("UniqueWithCounts", _unique, (x,),
                                           {"out_idx": out_idx, "with_counts": True}))


# ---------- searchsorted ----------
def _searchsorted(seq, vals, side, out_type):
    s, v = to_host(seq), to_host(vals)
    rows_s, rows_v = s.reshape(-1, s.shape[-1]), v.reshape(-1, v.shape[-1])
    out = np.stack([np.searchsorted(a, b, side=side) for a, b in zip(rows_s, rows_v)]) \
        if rows_v.shape[0] else np.zeros(rows_v.shape, np.int64)
    return from_host(out.reshape(v.shape).astype(out_type.numpy_dtype), device_obj(vals))


def searchsorted(sorted_sequence, values, side="left", out_type=dtypes.int32, name=None):
    """Where each of ``values`` would go in ``sorted_sequence`` (innermost axis; leading axes match)."""
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: `side` = "
                         f"'{side}'.")
    seq, vals = binary_inputs("LowerBound", sorted_sequence, values)
    op_type = "LowerBound" if side == "left" else "UpperBound"
    out_type = _int_dtype(out_type, "out_type", op_type)
    if seq.ndim < 1 or vals.ndim < 1:
        raise InvalidArgumentError(
            "slice index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/"
            + hint_line(_("searchsorted needs a sorted sequence and values of rank >= 1 (wrap a scalar in "
                          "a list).")), op="StridedSlice")
    if seq.ndim != vals.ndim or tuple(seq.shape)[:-1] != tuple(vals.shape)[:-1]:
        raise InvalidArgumentError(
            f"Leading dim_size of both tensors must match. [Op:{op_type}] name: "
            + hint_line(_("sorted_sequence {seq_shape} and values {values_shape} must agree on every axis but the "
                          "last.").format(seq_shape=list(seq.shape), values_shape=list(vals.shape))), op=op_type)
    return execute(op_type, _searchsorted, (seq, vals), {"side": side, "out_type": out_type})


# ---------- ordering checks ----------
def in_top_k(targets, predictions, k, name=None):
    """Whether each target's prediction is among the ``k`` largest of its row (ties count as in)."""
    preds = named_conversion(convert_to_tensor, predictions, "predictions", "InTopKV2", dtype=dtypes.float32)
    t = host_value(index_tensor(targets, "InTopKV2", "targets")).astype(np.int64)
    k = int_scalar(k, "k", "InTopKV2", "T", rank0=True)
    p = np.asarray(host_value(preds), dtype=np.float64)
    if p.ndim != 2 or t.shape != (p.shape[0],):
        raise InvalidArgumentError(f"predictions must be 2-dimensional and targets 1-dimensional with one "
                                   f"entry per row: got {list(p.shape)} and {list(t.shape)} [Op:InTopKV2] "
                                   "name: ", op="InTopKV2")
    rows = np.arange(p.shape[0])
    valid = (t >= 0) & (t < p.shape[1])
    target = np.where(valid, p[rows, np.clip(t, 0, max(p.shape[1] - 1, 0))], np.nan) if p.shape[1] else \
        np.full(p.shape[0], np.nan)
    above = (p > target[:, None]).sum(axis=1)
    result = valid & np.isfinite(target) & (above < int(k))
    return EagerTensor(from_host(np.asarray(result)), dtypes.bool)


def invert_permutation(x, name=None):
    """The inverse permutation: ``y[x[i]] = i``."""
    t = to_tensor(x)
    p = host_value(t)
    if p.ndim != 1 or sorted(p.tolist()) != list(range(p.size)):
        raise InvalidArgumentError(f"{p.tolist()} is not a permutation of 0..{p.size - 1} "
                                   "[Op:InvertPermutation] name: ", op="InvertPermutation")
    inverse = np.empty_like(p)
    inverse[p] = np.arange(p.size, dtype=p.dtype)
    return EagerTensor(from_host(inverse), t.dtype)


def _monotone(x, strict: bool):
    v = np.asarray(host_value(to_tensor(x))).reshape(-1)
    d = np.diff(v)
    return EagerTensor(from_host(np.asarray(bool(np.all(d > 0) if strict else np.all(d >= 0)))), dtypes.bool)


def is_non_decreasing(x, name=None):
    """True if each entry (in row-major order) is at least the one before it."""
    return _monotone(x, strict=False)


def is_strictly_increasing(x, name=None):
    """True if each entry (in row-major order) is greater than the one before it."""
    return _monotone(x, strict=True)
