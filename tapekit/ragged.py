"""``tk.ragged``: RaggedTensor, rows of different lengths (``tk.ragged.constant([[1, 2], [3]])``).

A RaggedTensor is a ``values`` tensor (or a RaggedTensor, for more ragged axes) cut into rows by
an int64 ``row_splits`` vector: row ``i`` is ``values[row_splits[i]:row_splits[i + 1]]``. It
prints, indexes, converts and does arithmetic as TF's does. Every operation is a tapekit op on
``flat_values``, so gradients flow to the tensors a RaggedTensor was built from. Element-wise
math, ``tk.cast`` and the reductions (``tk.reduce_sum(r, axis=1)``) accept ragged inputs through
the dispatch wrappers at the end of this module.
"""

from __future__ import annotations

import builtins
import functools
import inspect

import numpy as np

from ._base import dtypes
from .errors import InvalidArgumentError
from ._base.i18n import _, hint_line
from ._core.ops import math_ops, reduction, segment_ops
from ._core.ops.args import int_attr
from ._core.ops.checks import condition_text
from ._core.ops.array_ops import boolean_mask as dense_boolean_mask
from ._core.ops.array_ops import expand_dims, gather, gather_nd, pad, reshape, scatter_nd
from ._core.ops.array_ops import concat as dense_concat
from ._core.ops.math_ops import add, multiply, to_tensor
from ._base.shape import TensorShape
from ._core.values.tensor import Tensor, is_variable
from ._core.values.tensor import constant as _dense_constant


def _as_tensor(value, dtype=None) -> Tensor:
    if isinstance(value, RaggedTensor):
        return value
    return to_tensor(value) if dtype is None else to_tensor(value, dtype)


def _splits_tensor(value, what: str) -> Tensor:
    t = value if isinstance(value, Tensor) else _dense_constant(value, dtype=dtypes.int64) \
        if not is_variable(value) else to_tensor(value)
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(f"{what} must be int32 or int64, got {t.dtype.name}."
                                   + hint_line(_("pass integer row partitions.")), op="RaggedTensor")
    return t


def _invalid(factory: str, detail: str) -> InvalidArgumentError:
    text = f"Arguments to {factory} do not form a valid RaggedTensor" + (f":{detail}" if detail else "")
    return InvalidArgumentError(text
                                + hint_line(_("row_splits must start at 0, never decrease, and end at the "
                                              "number of values.")), op="RaggedTensor")


class RaggedTensor:
    """Rows of different lengths: ``values`` (a Tensor or RaggedTensor) cut by ``row_splits``.

    Build one with ``tk.ragged.constant`` or a ``from_*`` factory (``from_row_splits``,
    ``from_row_lengths``, ``from_value_rowids``, ``from_tensor``, ...).
    """

    __hash__ = None  # == is element-wise, as in TF

    def __init__(self, values, row_splits, internal=False, uniform_row_length=None):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory "
                             "methods instead (e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_splits
        self._uniform_row_length = uniform_row_length   # an int when every row has this length

    # ----- factories -----
    @classmethod
    def _checked(cls, values, splits: Tensor, factory: str, validate: bool = True) -> RaggedTensor:
        values = _as_tensor(values)
        s = np.asarray(splits.numpy())
        if validate:
            if s.ndim != 1 or s.size == 0:
                raise _invalid(factory, "row_splits must be a non-empty vector")
            if s[0] != 0:
                raise _invalid(factory, "zero")
            if (np.diff(s) < 0).any() or s[-1] != _nvals(values):
                raise _invalid("_from_row_partition", "")
        return cls(values, splits, internal=True)

    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True) -> RaggedTensor:
        """Rows ``values[row_splits[i]:row_splits[i + 1]]``."""
        return cls._checked(values, _splits_tensor(row_splits, "row_splits"), "from_row_splits",
                            validate)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True,
                                name=None) -> RaggedTensor:
        """Rows of ``uniform_row_length`` values each (a new, uniform axis over ``values``' rows)."""
        length = int(_as_tensor(uniform_row_length).numpy())
        count = _nrows(values) if isinstance(values, RaggedTensor) else int(_as_tensor(values).shape[0])
        rows = (count // length if length else 0) if nrows is None else int(nrows)
        if length * rows != count:
            raise ValueError(f"uniform_row_length={length} does not divide the {count} rows of values"
                             + hint_line(_("values need nrows * uniform_row_length rows.")))
        splits = cls.from_row_splits(values, np.arange(rows + 1, dtype=np.int64) * length).row_splits
        return cls(_as_tensor(values), splits, internal=True, uniform_row_length=length)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True) -> RaggedTensor:
        """Consecutive rows of the given lengths."""
        lengths = _splits_tensor(row_lengths, "row_lengths")
        n = np.asarray(lengths.numpy())
        if validate and (n < 0).any():
            raise _invalid("_from_row_partition", "")
        splits = _dense_constant(np.concatenate([[0], np.cumsum(n)]).astype(lengths.dtype.numpy_dtype))
        return cls._checked(values, splits, "from_row_lengths", validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True) -> RaggedTensor:
        starts = _splits_tensor(row_starts, "row_starts")
        s = np.asarray(starts.numpy())
        splits = _dense_constant(np.concatenate([s, [_nvals(_as_tensor(values))]]).astype(s.dtype))
        return cls._checked(values, splits, "from_row_starts", validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True) -> RaggedTensor:
        limits = _splits_tensor(row_limits, "row_limits")
        s = np.asarray(limits.numpy())
        splits = _dense_constant(np.concatenate([[0], s]).astype(s.dtype))
        return cls._checked(values, splits, "from_row_limits", validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True) -> RaggedTensor:
        """Value ``k`` goes to row ``value_rowids[k]`` (sorted); ``nrows`` adds empty rows at the end."""
        ids = _splits_tensor(value_rowids, "value_rowids")
        r = np.asarray(ids.numpy())
        n = int(r.max()) + 1 if nrows is None and r.size else int(nrows or 0)
        if validate and ((np.diff(r) < 0).any() or (r.size and (r[0] < 0 or r[-1] >= n))):
            raise _invalid("from_value_rowids", "value_rowids must be sorted and in [0, nrows)")
        counts = np.bincount(r, minlength=n) if r.size else np.zeros(n, np.int64)
        splits = _dense_constant(np.concatenate([[0], np.cumsum(counts)]).astype(r.dtype))
        return cls._checked(values, splits, "from_value_rowids", validate)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        result = flat_values
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        result = flat_values
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                    row_splits_dtype=dtypes.int64) -> RaggedTensor:
        """Rows of a dense tensor, cut to ``lengths`` or with trailing ``padding`` removed."""
        t = _as_tensor(tensor)
        if ragged_rank != 1:
            raise NotImplementedError("tk.RaggedTensor.from_tensor supports ragged_rank=1 only.")
        if t.ndim < 2:
            raise ValueError(f"ragged_rank must be smaller than the rank of tensor: got shape {t.shape}")
        rows, width = t.shape[0], t.shape[1]
        if lengths is not None:
            n = np.asarray(_as_tensor(lengths).numpy()).reshape(-1)
        elif padding is not None:
            host = np.asarray(t.numpy())
            pad = np.asarray(_as_tensor(padding, t.dtype).numpy())
            is_pad = (host == pad).reshape(rows, width, -1).all(axis=-1)
            keep = ~is_pad[:, ::-1].cumprod(axis=1).astype(bool)[:, ::-1]
            n = keep.sum(axis=1)
        else:
            n = np.full(rows, width)
        mask = np.arange(width)[None, :] < n[:, None]
        values = dense_boolean_mask(t, mask) if t.shape.num_elements() else \
            _dense_constant(np.zeros((0,) + tuple(t.shape[2:]), t.dtype.numpy_dtype))
        splits = np.concatenate([[0], np.cumsum(n)]).astype(dtypes.as_dtype(row_splits_dtype).numpy_dtype)
        return cls(values, _dense_constant(splits), internal=True)

    # ----- structure -----
    @property
    def values(self):
        return self._values

    @property
    def flat_values(self) -> Tensor:
        v = self._values
        while isinstance(v, RaggedTensor):
            v = v.values
        return v

    @property
    def nested_row_splits(self) -> tuple:
        inner = self._values.nested_row_splits if isinstance(self._values, RaggedTensor) else ()
        return (self._row_splits,) + inner

    @property
    def row_splits(self) -> Tensor:
        return self._row_splits

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self):
        return self._row_splits.dtype

    @property
    def ragged_rank(self) -> int:
        return 1 + (self._values.ragged_rank if isinstance(self._values, RaggedTensor) else 0)

    @property
    def shape(self) -> TensorShape:
        return TensorShape([_nrows(self), self._uniform_row_length]) + self._values.shape[1:]

    @property
    def uniform_row_length(self):
        """The length of every row (a scalar tensor) when the rows are uniform by construction, else None."""
        if self._uniform_row_length is None:
            return None
        return _dense_constant(self._uniform_row_length, dtype=self.row_splits_dtype)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def nrows(self, out_type=None, name=None) -> Tensor:
        return _dense_constant(_nrows(self), dtype=out_type or self.row_splits_dtype)

    def row_lengths(self, axis=1, name=None):
        """The length of each row (int64); ``axis=2`` gives the inner rows' lengths (ragged)."""
        if axis == 1:
            return _dense_constant(np.diff(_splits(self)).astype(self.row_splits_dtype.numpy_dtype))
        if axis > 1 and isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        raise ValueError(f"axis={axis} is not a ragged axis of a tensor of shape {self.shape}")

    def row_starts(self, name=None) -> Tensor:
        return _dense_constant(_splits(self)[:-1])

    def row_limits(self, name=None) -> Tensor:
        return _dense_constant(_splits(self)[1:])

    def value_rowids(self, name=None) -> Tensor:
        """The row of each value: ``[0, 0, 0, 1, 3, 3]`` for rows of lengths 3, 1, 0, 2."""
        return _dense_constant(np.repeat(np.arange(_nrows(self)), np.diff(_splits(self)))
                               .astype(self.row_splits_dtype.numpy_dtype))

    def bounding_shape(self, axis=None, name=None, out_type=None) -> Tensor:
        """The shape of the smallest dense tensor that holds every row (int64)."""
        dims = [_nrows(self), int(np.diff(_splits(self)).max(initial=0))]
        inner = self._values.bounding_shape().numpy().tolist()[1:] \
            if isinstance(self._values, RaggedTensor) else list(self._values.shape[1:])
        if isinstance(self._values, RaggedTensor) and _nrows(self._values) == 0:
            inner = [0] * len(inner)
        dims += inner
        out = _dense_constant(np.asarray(dims, dtype=(out_type or self.row_splits_dtype).numpy_dtype))
        return out if axis is None else out[axis]

    def with_values(self, new_values) -> RaggedTensor:
        return RaggedTensor(_as_tensor(new_values), self._row_splits, internal=True,
                            uniform_row_length=self._uniform_row_length)

    def with_flat_values(self, new_values) -> RaggedTensor:
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def merge_dims(self, outer_axis, inner_axis):
        """Axes ``outer_axis`` to ``inner_axis`` (both included) merged into one, as TF's ``merge_dims``.

        The result is a Tensor when no ragged axis is left (``merge_dims(0, -1)`` flattens).
        """
        outer = _axis_in_bounds(int_attr(outer_axis, "outer_axis", "merge_dims"), self.ndim, "outer_axis")
        inner = _axis_in_bounds(int_attr(inner_axis, "inner_axis", "merge_dims"), self.ndim, "inner_axis")
        if outer > inner:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to inner_axis "
                             f"({inner_axis})." + hint_line(_("give the outer axis first.")))
        return _merge_dims(self, outer, inner)

    # ----- conversion -----
    def to_list(self) -> list:
        splits = _splits(self)
        inner = self._values.to_list() if isinstance(self._values, RaggedTensor) \
            else np.asarray(self._values.numpy()).tolist()
        return [inner[a:b] for a, b in zip(splits[:-1], splits[1:])]

    def numpy(self):
        """Rows as NumPy arrays: a regular array if every row has one length, else an object array."""
        values = self._values.numpy()
        splits = _splits(self)
        rows = [values[a:b] for a, b in zip(splits[:-1], splits[1:])]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        ragged = any(len(r) != len(rows[0]) for r in rows)
        if not ragged:
            return np.array(rows)
        out = np.empty(len(rows), dtype=object)
        for i, r in enumerate(rows):
            out[i] = r
        return out

    def to_tensor(self, default_value=None, name=None, shape=None) -> Tensor:
        """A dense tensor, short rows padded with ``default_value`` (0); differentiable in the values.

        ``shape`` crops or pads the result to that shape (None entries keep the bounding size).
        """
        flat = self.flat_values
        bounds = [int(d) for d in self.bounding_shape().numpy()]
        if shape is not None:
            wanted = list(shape.as_list() if hasattr(shape, "as_list") else shape)
            bounds = [b if w is None else int(w) for b, w in zip(bounds, wanted)]
        coords = _coordinates(self)                       # one row of indices per flat value
        inside = np.all(coords < np.asarray(bounds[:coords.shape[1]]), axis=1) if coords.size else \
            np.zeros(0, bool)
        keep = np.nonzero(inside)[0]
        if flat.dtype.is_string:
            return _strings_to_tensor(flat, default_value, bounds, coords[keep], keep)
        inner = [min(d, b) for d, b in zip(flat.shape[1:], bounds[coords.shape[1]:])]
        picked = gather(flat, keep) if keep.size != coords.shape[0] else flat
        if inner != list(flat.shape[1:]):
            picked = picked[(slice(None),) + tuple(slice(0, d) for d in inner)]
        dense = scatter_nd(coords[keep], picked, bounds[:coords.shape[1]] + inner)
        if inner != bounds[coords.shape[1]:]:
            dense = pad(dense, [[0, 0]] * coords.shape[1] + [[0, b - d] for d, b in
                                                             zip(inner, bounds[coords.shape[1]:])])
        if default_value is None:
            return dense
        filled = np.zeros(bounds[:coords.shape[1]], dtype=bool)
        filled[tuple(coords[keep].T)] = True
        fill = _dense_constant(~filled).numpy().astype(flat.dtype.numpy_dtype)
        fill = reshape(_dense_constant(fill), bounds[:coords.shape[1]] + [1] * len(inner))
        return add(dense, multiply(fill, _as_tensor(default_value, flat.dtype)))

    # ----- indexing -----
    def __getitem__(self, key):
        key = key if isinstance(key, tuple) else (key,)
        if not key:
            return self
        first, rest = key[0], key[1:]
        if first is Ellipsis:
            if len(rest) == 0:
                return self
            raise NotImplementedError("tapekit's RaggedTensor supports `...` only on its own.")
        if isinstance(first, (int, np.integer)) or (isinstance(first, Tensor) and first.ndim == 0):
            row = _row(self, int(first))
            return row[rest] if rest else row
        if isinstance(first, slice):
            rows = self._rows(first)
            return _map_rows(rows, rest) if rest else rows
        raise TypeError(f"Ragged tensors do not support indexing with {type(first).__name__}."
                        + hint_line(_("use integers and slices, or .to_tensor() first.")))

    def _rows(self, key: slice) -> RaggedTensor:
        start, stop, step = key.indices(_nrows(self))
        if step != 1:
            raise ValueError("Slicing the rows of a RaggedTensor with a step is not supported.")
        stop = max(stop, start)
        splits = _splits(self)
        a, b = int(splits[start]), int(splits[stop])
        new_splits = (splits[start:stop + 1] - a).astype(self.row_splits_dtype.numpy_dtype)
        return RaggedTensor(self._values[a:b], _dense_constant(new_splits), internal=True)

    def __iter__(self):
        return (_row(self, i) for i in builtins.range(_nrows(self)))

    # ----- element-wise arithmetic -----
    def _binary(self, other, fn, reverse=False):
        x, y = (other, self) if reverse else (self, other)
        return elementwise_binary(fn, x, y)

    def __add__(self, other):
        return self._binary(other, _op("add"))

    def __radd__(self, other):
        return self._binary(other, _op("add"), reverse=True)

    def __sub__(self, other):
        return self._binary(other, _op("subtract"))

    def __rsub__(self, other):
        return self._binary(other, _op("subtract"), reverse=True)

    def __mul__(self, other):
        return self._binary(other, _op("multiply"))

    def __rmul__(self, other):
        return self._binary(other, _op("multiply"), reverse=True)

    def __truediv__(self, other):
        return self._binary(other, _op("divide"))

    def __rtruediv__(self, other):
        return self._binary(other, _op("divide"), reverse=True)

    def __floordiv__(self, other):
        return self._binary(other, _op("floordiv"))

    def __mod__(self, other):
        return self._binary(other, _op("floormod"))

    def __pow__(self, other):
        return self._binary(other, _op("pow"))

    def __rpow__(self, other):
        return self._binary(other, _op("pow"), reverse=True)

    def __neg__(self):
        return self.with_flat_values(_op("negative")(self.flat_values))

    def __abs__(self):
        return self.with_flat_values(_op("abs")(self.flat_values))

    def __eq__(self, other):
        return self._binary(other, _op("equal"))

    def __ne__(self, other):
        return self._binary(other, _op("not_equal"))

    def __lt__(self, other):
        return self._binary(other, _op("less"))

    def __le__(self, other):
        return self._binary(other, _op("less_equal"))

    def __gt__(self, other):
        return self._binary(other, _op("greater"))

    def __ge__(self, other):
        return self._binary(other, _op("greater_equal"))

    def __and__(self, other):
        return self._binary(other, _op("logical_and"))

    def __or__(self, other):
        return self._binary(other, _op("logical_or"))

    def __xor__(self, other):
        return self._binary(other, _op("logical_xor"))

    def __invert__(self):
        return self.with_flat_values(_op("logical_not")(self.flat_values))

    # ----- printing -----
    def __repr__(self) -> str:
        with np.printoptions(formatter={"all": _format_item}):
            text = _format_item(self.numpy())
        return f"<tk.RaggedTensor {text}>"

    __str__ = __repr__


def _axis_in_bounds(axis, ndim: int, what: str) -> int:
    if not -ndim <= int(axis) < ndim:
        raise ValueError(f"{what}={axis} out of bounds: expected {-ndim}<={what}<{ndim}"
                         + hint_line(_("an axis counts from 0 up to the rank minus one (or from -rank).")))
    return int(axis) % ndim


def _merge_dims(value, outer: int, inner: int):
    """``value`` (a RaggedTensor or Tensor) with axes ``outer..inner`` merged (both already >= 0)."""
    if outer == inner:
        return value
    if not isinstance(value, RaggedTensor):
        dims = list(value.shape)
        merged = int(np.prod(dims[outer:inner + 1]))
        return reshape(value, dims[:outer] + [merged] + dims[inner + 1:])
    if outer == 0:   # the rows of every row, one after another: the values, merged further
        return _merge_dims(value.values, 0, inner - 1)
    if outer > 1:
        return value.with_values(_merge_dims(value.values, outer - 1, inner - 1))
    splits = _merged_boundaries(value.values, inner - 1, _splits(value))
    return RaggedTensor.from_row_splits(_merge_dims(value.values, 0, inner - 1),
                                        splits.astype(value.row_splits_dtype.numpy_dtype))


def _merged_boundaries(values, inner: int, bounds: np.ndarray) -> np.ndarray:
    """Where the row ``bounds`` of ``values`` fall once its axes ``0..inner`` are merged."""
    if inner == 0:
        return bounds
    if isinstance(values, RaggedTensor):
        return _merged_boundaries(values.values, inner - 1, _splits(values)[bounds])
    return bounds * int(np.prod(list(values.shape)[1:inner + 1]))


def _splits(rt) -> np.ndarray:
    return np.asarray(rt.row_splits.numpy())


def _nrows(rt) -> int:
    return int(rt.row_splits.shape[0]) - 1


def _strings_to_tensor(flat: Tensor, default_value, bounds: list, coords: np.ndarray, keep: np.ndarray) -> Tensor:
    """``to_tensor`` of strings (no gradient to keep): a NumPy array filled with ``default_value`` ('')."""
    default = b"" if default_value is None else default_value
    default = default.encode("utf-8") if isinstance(default, str) else default
    values = np.asarray(flat.numpy(), dtype=object)[keep]
    inner = [min(d, b) for d, b in zip(values.shape[1:], bounds[coords.shape[1]:])]
    out = np.full(bounds, default, dtype=object)
    out[tuple(coords.T) + tuple(builtins.slice(0, d) for d in inner)] = \
        values[(builtins.slice(None),) + tuple(builtins.slice(0, d) for d in inner)]
    return _dense_constant(out, dtype=dtypes.string)


def _coordinates(rt) -> np.ndarray:
    """For each flat value, its index along every ragged axis (shape [nvals, ragged_rank + 1])."""
    splits = _splits(rt)
    rows = np.repeat(np.arange(_nrows(rt)), np.diff(splits))
    cols = np.arange(splits[-1]) - splits[:-1][rows] if splits[-1] else np.zeros(0, np.int64)
    if isinstance(rt.values, RaggedTensor):
        inner = _coordinates(rt.values)
        return np.concatenate([rows[inner[:, 0]][:, None], cols[inner[:, 0]][:, None],
                               inner[:, 1:]], axis=1)
    return np.stack([rows, cols], axis=1).astype(np.int64)


def _row(rt, i: int):
    n = _nrows(rt)
    if not -n <= i < n:
        raise IndexError(f"Row key {i} out of bounds")
    splits = _splits(rt)
    a, b = int(splits[i % n]), int(splits[i % n + 1])
    return rt.values[a:b]


def _map_rows(rt, rest: tuple):
    """Apply ``rest`` (indexing the inner axes) to every row."""
    inner, more = rest[0], rest[1:]
    if isinstance(inner, (int, np.integer)):
        raise ValueError("Cannot index into an inner ragged dimension.")
    if inner == slice(None):
        values = rt.values[(slice(None),) + more] if more and not \
            isinstance(rt.values, RaggedTensor) else \
            (_map_rows(rt.values, more) if more else rt.values)
        return rt.with_values(values)
    if not isinstance(inner, slice) or inner.step not in (None, 1):
        raise ValueError("tapekit's RaggedTensor supports `r[:, a:b]` (step 1) along its ragged axis.")
    splits = _splits(rt)
    picked, lengths = [], []
    for a, b in zip(splits[:-1], splits[1:]):
        lo, hi, _ = inner.indices(int(b - a))
        idx = np.arange(a + lo, a + max(hi, lo))
        picked.append(idx)
        lengths.append(idx.size)
    index = np.concatenate(picked) if picked else np.zeros(0, np.int64)
    values = gather(rt.values, index) if not isinstance(rt.values, RaggedTensor) \
        else _gather_rows(rt.values, index)
    result = RaggedTensor.from_row_lengths(values, np.asarray(lengths, dtype=np.int64))
    return _map_rows(result, (slice(None),) + more) if more else result


def _format_item(x) -> str:
    """numpy-style text with ", " between elements (``[]`` kept for empty inner axes), as TF."""
    if isinstance(x, np.ndarray):
        return np.array2string(x, separator=", ") if x.size else repr(x.tolist())
    return str(x)


def _nvals(values) -> int:
    return _nrows(values) if isinstance(values, RaggedTensor) else int(values.shape[0]) \
        if values.ndim else 1


def _gather_rows(r: RaggedTensor, index: np.ndarray) -> RaggedTensor:
    """The rows of ``r`` at ``index`` (in that order), as a new RaggedTensor."""
    parts = [_row(r, int(i)) for i in index]
    if not parts:
        return r[0:0]
    lengths = [_nvals(p) for p in parts]
    values = dense_concat(parts, 0) if not isinstance(parts[0], RaggedTensor) else \
        _concat_rows(parts)
    return RaggedTensor.from_row_lengths(values, np.asarray(lengths, np.int64))


def _concat_rows(parts):
    splits = [0]
    for p in parts:
        splits.extend((_splits(p)[1:] + splits[-1]).tolist())
    values = dense_concat([p.values for p in parts], 0)
    return RaggedTensor.from_row_splits(values, np.asarray(splits, np.int64))


def _op(name):
    return getattr(math_ops, name)


def _same_partition(x: RaggedTensor, y: RaggedTensor) -> bool:
    if x.ragged_rank != y.ragged_rank:
        return False
    return all(np.array_equal(a.numpy(), b.numpy()) for a, b in zip(x.nested_row_splits, y.nested_row_splits))


def elementwise_binary(fn, x, y):
    """``fn`` applied to the values of a RaggedTensor and a scalar, tensor or matching RaggedTensor."""
    if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
        if not _same_partition(x, y):
            raise _splits_differ(x.nested_row_splits, y.nested_row_splits)
        _check_inner_dims(x.flat_values, y.flat_values)
        return x.with_flat_values(fn(x.flat_values, y.flat_values))
    ragged, dense, ragged_first = (x, y, True) if isinstance(x, RaggedTensor) else (y, x, False)
    flat = ragged.flat_values
    if is_variable(dense):
        dense = to_tensor(dense)
    elif not isinstance(dense, Tensor):
        try:  # the ragged operand's dtype if the value fits it, else its own (then fn raises)
            dense = _as_tensor(dense, flat.dtype)
        except (TypeError, ValueError):
            dense = _as_tensor(dense)
    if dense.ndim > flat.ndim - 1:
        dense = _dense_against_flat(dense, ragged)
    out = fn(flat, dense) if ragged_first else fn(dense, flat)
    return ragged.with_flat_values(out)


def _dense_against_flat(dense: Tensor, ragged: RaggedTensor) -> Tensor:
    """A dense operand that reaches the ragged axes, as a tensor that broadcasts against the flat values."""
    flat = ragged.flat_values
    if ragged.ragged_rank == 1 and dense.ndim == ragged.ndim:
        if dense.shape[0] == _nrows(ragged) and dense.shape[1] != 1:   # TF compares the rows' splits
            uniform = [np.arange(dense.shape[0] + 1, dtype=np.int64) * dense.shape[1]]
            raise _splits_differ(uniform, ragged.nested_row_splits)
        if dense.shape[1] != 1 or dense.shape[0] not in (1, _nrows(ragged)):
            raise InvalidArgumentError(
                f"Unable to broadcast a tensor of shape {dense.shape} against a ragged tensor of shape "
                f"{ragged.shape}."
                + hint_line(_("a dense operand needs shape [nrows, 1, ...] or a shape that broadcasts "
                              "against one element.")), op="RaggedBroadcast")
        rows = reshape(dense, [dense.shape[0]] + list(dense.shape[2:]))
        ids = ragged.value_rowids().numpy() if dense.shape[0] != 1 else np.zeros(int(flat.shape[0]), np.int64)
        return gather(rows, ids)
    if _ragged_dims_are_one(dense, ragged):
        return reshape(dense, list(dense.shape[dense.ndim - (flat.ndim - 1):]))
    raise InvalidArgumentError(
        f"Unable to broadcast a tensor of shape {dense.shape} against a ragged tensor of shape {ragged.shape}."
        + hint_line(_("combine a RaggedTensor with a scalar, a tensor shaped like its inner axes, or a "
                      "RaggedTensor with the same rows.")), op="RaggedBroadcast")


def _splits_differ(x_splits, y_splits) -> InvalidArgumentError:
    """TF's error for operands whose rows differ: its ``assert_equal`` text on the first differing splits."""
    for a, b in zip(x_splits, y_splits):
        a, b = np.asarray(_as_tensor(a).numpy()), np.asarray(_as_tensor(b).numpy())
        if a.shape == b.shape and not np.array_equal(a, b):
            return InvalidArgumentError(None, None, condition_text("==", a, b, a == b)
                                        + hint_line(_("both ragged operands need the same row lengths.")))
    return InvalidArgumentError(None, None, "Condition x == y did not hold."
                                + hint_line(_("both ragged operands need the same row lengths.")))


def _check_inner_dims(x_flat: Tensor, y_flat: Tensor) -> None:
    """Uniform inner axes of different sizes: TF compares them as splits too (``[0, 2, 4, ...]``)."""
    for axis, (a, b) in enumerate(zip(x_flat.shape[1:], y_flat.shape[1:]), start=1):
        if a != b and 1 not in (a, b):
            count = int(np.prod(x_flat.shape[:axis]))
            raise _splits_differ([np.arange(count + 1, dtype=np.int64) * a],
                                 [np.arange(count + 1, dtype=np.int64) * b])


def _ragged_dims_are_one(dense: Tensor, ragged: RaggedTensor) -> bool:
    """Whether ``dense`` stops short of the batch axis and has size 1 on every ragged axis it reaches."""
    inner = ragged.flat_values.ndim - 1
    reach = dense.ndim - inner      # how many of the ragged axes (1..ragged_rank) dense aligns with
    return dense.ndim < ragged.ndim and all(d == 1 for d in list(dense.shape)[:reach])


# ---------- reductions ----------
_REDUCERS = {"sum": "unsorted_segment_sum", "max": "unsorted_segment_max",
             "min": "unsorted_segment_min", "prod": "unsorted_segment_prod"}


def reduce(kind: str, r: RaggedTensor, axis=None, keepdims=False):
    """``tk.reduce_<kind>`` of a RaggedTensor (kind: sum, mean, max, min, prod, any, all, variance, std)."""
    if kind in _BUILT_ON_OTHERS:
        return _BUILT_ON_OTHERS[kind](kind, r, axis, keepdims)
    if kind == "mean" and not (r.dtype.is_floating or r.dtype.is_complex):   # TF: float64, whatever the axis
        r = r.with_flat_values(_op("cast")(r.flat_values, dtypes.float64))
    ndim = r.ndim
    if axis is None:
        return getattr(reduction, f"reduce_{kind}")(r.flat_values, None, keepdims=False) \
            if not keepdims else _keep_all(kind, r)
    axes = sorted({int(a) % ndim for a in (axis if isinstance(axis, (list, tuple)) else [axis])})
    for a in [int(a) for a in (axis if isinstance(axis, (list, tuple)) else [axis])]:
        if not -ndim <= a < ndim:
            raise ValueError(f"axis={a} out of bounds: expected {-ndim}<=axis<{ndim}")
    if len(axes) > 1:
        return _reduce_each(kind, r, axes, keepdims)
    return _reduce_axis(kind, r, axes[0], keepdims)


def _reduce_axis(kind: str, r: RaggedTensor, a: int, keepdims):
    """One axis ``a`` (already >= 0) of a RaggedTensor."""
    if a > r.ragged_rank:           # a uniform inner axis: reduce the values directly
        values = r.values
        inner = reduce(kind, values, a - 1, keepdims) if isinstance(values, RaggedTensor) else \
            getattr(reduction, f"reduce_{kind}")(values, a - 1, keepdims=keepdims)
        return r.with_values(inner)
    if a >= 2:                     # a ragged axis inside each row
        return r.with_values(reduce(kind, r.values, a - 1, keepdims))
    if r.ragged_rank == 2 and not keepdims:
        return _reduce_across_rows(kind, r, a)
    if r.ragged_rank != 1:
        raise NotImplementedError("Reducing axis 0 or 1 of a RaggedTensor with more than one ragged axis is not "
                                  "supported in tapekit."
                                  + hint_line(_("reduce the inner axes first.")))
    ids = r.value_rowids().numpy() if a == 1 else _coordinates(r)[:, 1]
    segments = _nrows(r) if a == 1 else int(np.diff(_splits(r)).max(initial=0))
    out = _segment_reduce(kind, r.flat_values, ids, segments)
    return expand_dims(out, a) if keepdims else out


def _reduce_across_rows(kind: str, r: RaggedTensor, axis: int) -> RaggedTensor:
    """Axis 0 or 1 of a RaggedTensor with two ragged axes: the values that share their other two
    indices (outer, column) reduced together; output row ``o`` is as long as its longest input row."""
    coords = _coordinates(r)
    outer, column = (coords[:, 1], coords[:, 2]) if axis == 0 else (coords[:, 0], coords[:, 2])
    count = int(np.diff(_splits(r)).max(initial=0)) if axis == 0 else _nrows(r)
    lengths = np.zeros(count, np.int64)
    np.maximum.at(lengths, outer, column + 1)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    out = _segment_reduce(kind, r.flat_values, starts[outer] + column, int(lengths.sum()))
    return RaggedTensor.from_row_lengths(out, lengths)


def _reduce_each(kind: str, r: RaggedTensor, axes: list, keepdims):
    """Several axes, the innermost first (a dense result goes on with the dense reduction); a mean is
    the sum over all of them divided by the count, as TF (not a mean of means)."""
    if kind == "mean":
        ones = r.with_flat_values(_dense_constant(np.ones(r.flat_values.shape, r.dtype.numpy_dtype)))
        total, count = _reduce_each("sum", r, axes, keepdims), _reduce_each("sum", ones, axes, keepdims)
        if isinstance(total, RaggedTensor):
            return total.with_flat_values(_op("divide")(total.flat_values, count.flat_values))
        return _op("divide")(total, count)
    result = r
    for a in reversed(axes):
        result = reduce(kind, result, a, keepdims) if isinstance(result, RaggedTensor) else \
            getattr(reduction, f"reduce_{kind}")(result, a, keepdims=keepdims)
    return result


def _any_or_all(kind: str, r: RaggedTensor, axis, keepdims):
    """Counts the True values (any) or the False ones (all)."""
    as_int = r.with_flat_values(_op("cast")(r.flat_values if kind == "any" else
                                            _op("logical_not")(r.flat_values), dtypes.int32))
    total = reduce("sum", as_int, axis, keepdims)
    test = (lambda t: _op("greater")(t, 0)) if kind == "any" else (lambda t: _op("equal")(t, 0))
    return total.with_flat_values(test(total.flat_values)) if isinstance(total, RaggedTensor) else test(total)


def _spread(kind: str, r: RaggedTensor, axis, keepdims):
    """TF's ragged variance: the mean of the squares less the square of the mean (std: its root)."""
    mean_of_squares = reduce("mean", r.with_flat_values(math_ops.square(r.flat_values)), axis, keepdims)
    mean = reduce("mean", r, axis, keepdims)
    finish = math_ops.sqrt if kind == "std" else math_ops.identity
    if isinstance(mean, RaggedTensor):
        return mean.with_flat_values(finish(math_ops.subtract(mean_of_squares.flat_values,
                                                              math_ops.square(mean.flat_values))))
    return finish(math_ops.subtract(mean_of_squares, math_ops.square(mean)))


def _logsumexp(kind: str, r: RaggedTensor, axis, keepdims):
    """TF's reduce_logsumexp: log(sum(exp(x - max))) + max, the max held constant (and 0 where infinite)."""
    if axis is None:
        return reduction.reduce_logsumexp(r.flat_values, None, keepdims=False) if not keepdims \
            else _keep_all(kind, r)
    raw_max = reduce("max", r, axis, keepdims=True)
    if isinstance(raw_max, RaggedTensor):
        raise ValueError("tk.reduce_logsumexp of a RaggedTensor reduces all of it, or the rows of a 2-D one: "
                         "as in TF, a maximum kept ragged cannot be subtracted from it."
                                  + hint_line(_("reduce along the last axis, or use .to_tensor() first.")))
    zero = _dense_constant(np.zeros((), raw_max.dtype.numpy_dtype))
    shift = math_ops.stop_gradient(math_ops.where(math_ops.is_finite(raw_max), raw_max, zero))
    shifted = elementwise_binary(math_ops.subtract, r, shift)
    total = reduce("sum", shifted.with_flat_values(math_ops.exp(shifted.flat_values)), axis, keepdims)
    return math_ops.add(math_ops.log(total), shift if keepdims else reshape(shift, list(total.shape)))


_BUILT_ON_OTHERS = {"variance": _spread, "std": _spread, "any": _any_or_all, "all": _any_or_all,
                    "logsumexp": _logsumexp}


def _segment_reduce(kind, values, ids, segments):
    if kind == "mean":
        total = segment_ops.unsorted_segment_sum(values, ids, segments)
        counts = np.bincount(ids, minlength=segments).astype(values.dtype.numpy_dtype if
                                                             values.dtype.is_floating else np.float64)
        if not values.dtype.is_floating:
            total = _op("cast")(total, dtypes.float64)
        counts = _dense_constant(counts.reshape((-1,) + (1,) * (values.ndim - 1)))
        return _op("divide")(total, counts)
    return getattr(segment_ops, _REDUCERS[kind])(values, ids, segments)


def _keep_all(kind, r):
    total = getattr(reduction, f"reduce_{kind}")(r.flat_values, None)
    return reshape(total, [1] * r.ndim)


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


# ---------- tk.ragged functions ----------
def _depth(value) -> int:
    depth = 0
    while isinstance(value, (list, tuple)):
        if not value:
            return depth + 1
        depth += 1
        value = value[0]
    return depth


def _scalar_depths(value, depth=0) -> set:
    """The nesting depths at which ``value`` holds scalars (TF needs exactly one)."""
    if not isinstance(value, (list, tuple)):
        return {depth}
    return set().union(*(_scalar_depths(item, depth + 1) for item in value)) if value else set()


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None,
             row_splits_dtype=dtypes.int64):
    """A RaggedTensor from a nested list whose rows may differ in length (a flat list gives a Tensor)."""
    depth = _depth(pylist)
    if len(_scalar_depths(pylist)) > 1:
        raise ValueError("all scalar values must have the same nesting depth"
                         + hint_line(_("every innermost value needs the same number of brackets around it.")))
    if depth <= 1:
        return _dense_constant(pylist, dtype=dtype)
    ragged_rank = depth - 1 if ragged_rank is None else int(ragged_rank)
    if ragged_rank == 0:
        return _dense_constant(pylist, dtype=dtype)
    return _build(pylist, ragged_rank, dtype, dtypes.as_dtype(row_splits_dtype))


def _build(rows, ragged_rank, dtype, splits_dtype):
    splits = [0]
    flat = []
    for r in rows:
        flat.extend(r)
        splits.append(len(flat))
    if ragged_rank > 1:
        values = _build(flat, ragged_rank - 1, dtype, splits_dtype)
    else:
        values = _dense_constant(flat, dtype=dtype) if flat else \
            _dense_constant(np.zeros((0,)), dtype=dtype or dtypes.float32)
    return RaggedTensor(values, _dense_constant(splits, dtype=splits_dtype), internal=True)


def map_flat_values(op, *args, **kwargs):
    """``op`` applied to the flat values of the RaggedTensor arguments (rows kept)."""
    ragged = [a for a in list(args) + list(kwargs.values()) if isinstance(a, RaggedTensor)]
    if not ragged:
        return op(*args, **kwargs)
    for other in ragged[1:]:
        if not _same_partition(ragged[0], other):
            raise ValueError("map_flat_values requires all ragged inputs to have the same row partition.")
    unwrap = (lambda a: a.flat_values if isinstance(a, RaggedTensor) else a)
    out = op(*[unwrap(a) for a in args], **{k: unwrap(v) for k, v in kwargs.items()})
    return ragged[0].with_flat_values(out)


def range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=dtypes.int64):  # noqa: A001
    """Row ``i`` is ``tk.range(starts[i], limits[i], deltas[i])``."""
    if limits is None:
        starts, limits = 0, starts
    s, lim, d = np.broadcast_arrays(*(np.asarray(_as_tensor(v).numpy()) for v in (starts, limits, deltas)))
    rows = [np.arange(a, b, c) for a, b, c in zip(s.reshape(-1), lim.reshape(-1), d.reshape(-1))]
    dtype = dtypes.as_dtype(dtype) if dtype is not None else _as_tensor(starts).dtype
    values = np.concatenate(rows).astype(dtype.numpy_dtype) if rows else np.zeros(0, dtype.numpy_dtype)
    splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(
        dtypes.as_dtype(row_splits_dtype).numpy_dtype)
    return RaggedTensor(_dense_constant(values), _dense_constant(splits), internal=True)


def concat(values, axis: int) -> RaggedTensor:
    """Ragged ``tk.concat``: axis 0 appends rows, axis 1 joins each row with the matching rows, a deeper
    axis joins inside rows that match (the same row partitions down to it)."""
    parts = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(_as_tensor(v)) for v in values]
    ndim = parts[0].ndim
    axis = int(axis) % ndim if -ndim <= int(axis) < ndim else None
    if axis is None or any(p.ragged_rank != parts[0].ragged_rank for p in parts):
        raise NotImplementedError("tapekit concatenates RaggedTensors of one ragged rank along one of their axes."
                                  + hint_line(_("use .to_tensor() for other cases.")))
    if axis == 0:
        offsets, splits = 0, [np.zeros(1, np.int64)]
        for p in parts:
            splits.append(_splits(p)[1:] + offsets)
            offsets += int(_splits(p)[-1])
        return RaggedTensor.from_row_splits(_joined_values(parts), np.concatenate(splits))
    if axis >= 2:
        for p in parts[1:]:
            if not np.array_equal(_splits(p), _splits(parts[0])):
                raise _splits_differ(parts[0].nested_row_splits, p.nested_row_splits)
        inner = concat([p.values for p in parts], axis - 1) if isinstance(parts[0].values, RaggedTensor) \
            else dense_concat([p.values for p in parts], axis - 1)
        return parts[0].with_values(inner)
    return _concat_along_rows(parts)


def _joined_values(parts: list):
    return concat([p.values for p in parts], 0) if isinstance(parts[0].values, RaggedTensor) \
        else dense_concat([p.values for p in parts], 0)


def _concat_along_rows(parts: list) -> RaggedTensor:
    """Axis 1: row i is row i of each part, one after another."""
    nrows = _nrows(parts[0])
    if any(_nrows(p) != nrows for p in parts):
        raise InvalidArgumentError("Input tensors at index 0 (=x) and 1 (=y) have incompatible shapes."
                                   + hint_line(_("joining rows along axis 1 needs the same number of rows.")),
                                   op="RaggedConcat")
    starts = np.cumsum([0] + [int(_splits(p)[-1]) for p in parts])  # each part's offset in the joined values
    pieces, lengths = [], np.zeros(nrows, np.int64)
    for i in builtins.range(nrows):
        for k, p in enumerate(parts):
            a, b = _splits(p)[i], _splits(p)[i + 1]
            pieces.append(np.arange(starts[k] + a, starts[k] + b))
            lengths[i] += b - a
    index = np.concatenate(pieces) if pieces else np.zeros(0, np.int64)
    joined = _joined_values(parts)
    picked = _gather_rows(joined, index) if isinstance(joined, RaggedTensor) else gather(joined, index)
    return RaggedTensor.from_row_lengths(picked, lengths)


# ---------- dispatch: public tk functions that also accept RaggedTensors ----------
def dispatch_unary(fn):
    """``fn(x, ...)`` that maps over the flat values when ``x`` is a RaggedTensor."""
    if list(inspect.signature(fn).parameters) == ["x", "name"]:   # most ops: no *args/**kwargs to pack
        @functools.wraps(fn)
        def wrapper(x, name=None):
            if isinstance(x, RaggedTensor):
                return x.with_flat_values(fn(x.flat_values, name))
            return fn(x, name)

        return wrapper

    @functools.wraps(fn)
    def wrapper(x, *args, **kwargs):   # the general form
        if isinstance(x, RaggedTensor):
            return x.with_flat_values(fn(x.flat_values, *args, **kwargs))
        return fn(x, *args, **kwargs)

    return wrapper


def dispatch_binary(fn):
    """``fn(x, y, ...)`` that works element-wise when either operand is a RaggedTensor."""
    if list(inspect.signature(fn).parameters) == ["x", "y", "name"]:   # most ops: no *args/**kwargs to pack
        @functools.wraps(fn)
        def wrapper(x, y, name=None):
            if isinstance(x, RaggedTensor) or isinstance(y, RaggedTensor):
                return elementwise_binary(lambda a, b: fn(a, b, name), x, y)
            return fn(x, y, name)

        return wrapper

    @functools.wraps(fn)
    def wrapper(x, y, *args, **kwargs):   # the general form
        if isinstance(x, RaggedTensor) or isinstance(y, RaggedTensor):
            return elementwise_binary(lambda a, b: fn(a, b, *args, **kwargs), x, y)
        return fn(x, y, *args, **kwargs)

    return wrapper


def dispatch_reduce(fn, kind: str):
    """``tk.reduce_<kind>`` that also reduces RaggedTensors (along ragged or uniform axes)."""
    @functools.wraps(fn)
    def wrapper(input_tensor, axis=None, keepdims=False, name=None):
        if isinstance(input_tensor, RaggedTensor):
            return reduce(kind, input_tensor, axis, keepdims)
        return fn(input_tensor, axis=axis, keepdims=keepdims, name=name)

    return wrapper


def dispatch_concat(fn):
    """``tk.concat`` that joins RaggedTensors too (see ``concat``)."""
    @functools.wraps(fn)
    def wrapper(values, axis, name="concat"):
        if isinstance(values, RaggedTensor):   # a lone tensor is a list of one, as in TF
            return concat([values], axis)
        if isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values):
            return concat(values, axis)
        return fn(values, axis, name=name)

    return wrapper


def dispatch_softmax(fn):
    """``tk.nn.softmax`` that also normalizes each row of a RaggedTensor (its last axis), as TF."""
    @functools.wraps(fn)
    def wrapper(logits, axis=None, name=None):
        if isinstance(logits, RaggedTensor):
            return _ragged_softmax(fn, logits, -1 if axis is None else int_attr(axis, "axis", "Softmax"))
        return fn(logits, axis, name)

    return wrapper


def _ragged_softmax(fn, logits: RaggedTensor, axis) -> RaggedTensor:
    axis = _axis_in_bounds(axis, logits.ndim, "axis")
    if axis > logits.ragged_rank or not logits.dtype.is_floating:   # a uniform inner axis: the dense op
        return logits.with_flat_values(fn(logits.flat_values, max(axis - logits.ragged_rank, 0)))
    if axis != logits.ndim - 1:
        raise InvalidArgumentError(f"tk.nn.softmax of a RaggedTensor along its axis {axis} is not supported: "
                                   "its rows have different lengths."
                                   + hint_line(_("normalize along the last axis (axis=-1).")), op="Softmax")
    rows = logits
    while isinstance(rows.values, RaggedTensor):
        rows = rows.values
    ids, count, x = rows.value_rowids(), _nrows(rows), rows.values
    shift = gather(math_ops.stop_gradient(segment_ops.unsorted_segment_max(x, ids, count)), ids)
    e = math_ops.exp(math_ops.subtract(x, shift))
    return logits.with_flat_values(math_ops.divide(e, gather(segment_ops.unsorted_segment_sum(e, ids, count), ids)))


def dispatch_add_n(fn):
    """``tk.add_n`` that adds RaggedTensors with the same rows value by value."""
    @functools.wraps(fn)
    def wrapper(inputs, name=None):
        if isinstance(inputs, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in inputs):
            template = next(v for v in inputs if isinstance(v, RaggedTensor))
            return template.with_flat_values(fn([v.flat_values if isinstance(v, RaggedTensor) else v
                                                 for v in inputs]))
        return fn(inputs, name)

    return wrapper


def dispatch_cumsum(fn):
    """``tk.cumsum`` along any axis of a RaggedTensor: on the zero-padded tensor, whose padding adds nothing."""
    @functools.wraps(fn)
    def wrapper(x, axis=0, exclusive=False, reverse=False, name=None):
        if isinstance(x, RaggedTensor):
            padded = fn(x.to_tensor(), axis, exclusive, reverse)
            return x.with_flat_values(gather_nd(padded, _coordinates(x)))
        return fn(x, axis, exclusive, reverse, name)

    return wrapper


def dispatch_moments(fn):
    """``tk.nn.moments`` of a RaggedTensor: TF's mean, then the mean squared difference from it."""
    @functools.wraps(fn)
    def wrapper(x, axes, shift=None, keepdims=False, name=None):
        if not isinstance(x, RaggedTensor):
            return fn(x, axes, shift, keepdims, name)
        mean = reduce("mean", x, axes, keepdims=True)
        if isinstance(mean, RaggedTensor):   # an inner axis: the same rows, values of size 1 there
            centred = x.with_flat_values(math_ops.squared_difference(
                x.flat_values, math_ops.stop_gradient(mean.flat_values)))
        else:
            centred = elementwise_binary(math_ops.squared_difference, x, math_ops.stop_gradient(mean))
        return reduce("mean", x, axes, keepdims), reduce("mean", centred, axes, keepdims)

    return wrapper


def dispatch_logistic_loss(fn):
    """``tk.nn.sigmoid_cross_entropy_with_logits`` value by value for RaggedTensors with the same rows."""
    @functools.wraps(fn)
    def wrapper(labels=None, logits=None, name=None):
        if not isinstance(labels, RaggedTensor) and not isinstance(logits, RaggedTensor):
            return fn(labels=labels, logits=logits, name=name)
        if not (isinstance(labels, RaggedTensor) and isinstance(logits, RaggedTensor)):
            shapes = [tuple(v.flat_values.shape) if isinstance(v, RaggedTensor) else tuple(np.shape(v))
                      for v in (logits, labels)]
            raise ValueError(f"`logits` and `labels` must have the same shape, received ({shapes[0]} vs "
                             f"{shapes[1]})." + hint_line(_("give labels with the logits' rows.")))
        return elementwise_binary(lambda z, x: fn(labels=z, logits=x), labels, logits)

    return wrapper


__all__ = ["RaggedTensor", "constant", "map_flat_values", "range"]
