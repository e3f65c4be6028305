"""The RaggedTensor class: its factories, structure, conversion to dense, indexing and printing.

A RaggedTensor is a ``values`` tensor (or a RaggedTensor, for more ragged axes) cut into rows by
an int64 ``row_splits`` vector: row ``i`` is ``values[row_splits[i]:row_splits[i + 1]]``. Every
operation is a tapekit op on ``flat_values``, so gradients flow to the tensors it was built from.
Its arithmetic operators are installed by ``elementwise.py``; the helpers at the end read the row
partition with NumPy.
"""

from __future__ import annotations

import builtins

import numpy as np

from .._base import dtypes
from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._core.ops.args import int_attr
from .._core.ops.array_ops import boolean_mask as dense_boolean_mask
from .._core.ops.array_ops import expand_dims, gather, pad, reshape, scatter_nd
from .._core.ops.array_ops import concat as dense_concat
from .._core.ops.math_ops import add, multiply, to_tensor
from .._base.shape import TensorShape
from .._core.values.tensor import Tensor, is_variable
from .._core.values.tensor import constant as _dense_constant


def as_value(value, dtype=None) -> Tensor:
    if isinstance(value, RaggedTensor):
        return value
    return to_tensor(value) if dtype is None else to_tensor(value, dtype)


def _splits_tensor(value, what: str) -> Tensor:
    if isinstance(value, Tensor) or is_variable(value):
        t = to_tensor(value)
    else:
        host = np.asarray(value)
        t = _dense_constant(host, dtype=dtypes.int64 if host.dtype.kind in "iub" or not host.size else None)
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(f"{what} must have dtype int32 or int64"
                         + hint_line(_("pass integer row partitions.")))
    if t.ndim != 1:
        raise ValueError(f"Shape {tuple(t.shape)} must have rank 1" + hint_line(_("pass integer row partitions.")))
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
        values = as_value(values)
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
        length = int(as_value(uniform_row_length).numpy())
        count = nrows_of(values) if isinstance(values, RaggedTensor) else int(as_value(values).shape[0])
        rows = (count // length if length else 0) if nrows is None else int(nrows)
        if length * rows != count:
            raise ValueError(f"uniform_row_length={length} does not divide the {count} rows of values"
                             + hint_line(_("values need nrows * uniform_row_length rows.")))
        splits = cls.from_row_splits(values, np.arange(rows + 1, dtype=np.int64) * length).row_splits
        return cls(as_value(values), splits, internal=True, uniform_row_length=length)

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
        splits = _dense_constant(np.concatenate([s, [_nvals(as_value(values))]]).astype(s.dtype))
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
        t = as_value(tensor)
        if ragged_rank != 1:
            raise NotImplementedError("tk.RaggedTensor.from_tensor supports ragged_rank=1 only.")
        if t.ndim < 2:
            raise ValueError(f"ragged_rank must be smaller than the rank of tensor: got shape {t.shape}")
        rows, width = t.shape[0], t.shape[1]
        if lengths is not None:
            n = np.asarray(as_value(lengths).numpy()).reshape(-1)
        elif padding is not None:
            host = np.asarray(t.numpy())
            pad = np.asarray(as_value(padding, t.dtype).numpy())
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
        return TensorShape([nrows_of(self), self._uniform_row_length]) + self._values.shape[1:]

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
        return _dense_constant(nrows_of(self), dtype=out_type or self.row_splits_dtype)

    def row_lengths(self, axis=1, name=None):
        """The length of each row (int64); ``axis=2`` gives the inner rows' lengths (ragged)."""
        if axis == 0:   # the outer axis has one "row": its length is nrows
            return self.nrows()
        if axis == 1:
            return _dense_constant(np.diff(splits_of(self)).astype(self.row_splits_dtype.numpy_dtype))
        if axis > 1 and isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        raise ValueError(f"axis={axis} is not a ragged axis of a tensor of shape {self.shape}")

    def row_starts(self, name=None) -> Tensor:
        return _dense_constant(splits_of(self)[:-1])

    def row_limits(self, name=None) -> Tensor:
        return _dense_constant(splits_of(self)[1:])

    def value_rowids(self, name=None) -> Tensor:
        """The row of each value: ``[0, 0, 0, 1, 3, 3]`` for rows of lengths 3, 1, 0, 2."""
        return _dense_constant(np.repeat(np.arange(nrows_of(self)), np.diff(splits_of(self)))
                               .astype(self.row_splits_dtype.numpy_dtype))

    def bounding_shape(self, axis=None, name=None, out_type=None) -> Tensor:
        """The shape of the smallest dense tensor that holds every row (int64)."""
        dims = [nrows_of(self), int(np.diff(splits_of(self)).max(initial=0))]
        inner = self._values.bounding_shape().numpy().tolist()[1:] \
            if isinstance(self._values, RaggedTensor) else list(self._values.shape[1:])
        if isinstance(self._values, RaggedTensor) and nrows_of(self._values) == 0:
            inner = [0] * len(inner)
        dims += inner
        out = _dense_constant(np.asarray(dims, dtype=(out_type or self.row_splits_dtype).numpy_dtype))
        return out if axis is None else out[axis]

    def nested_row_lengths(self, name=None) -> tuple:
        """The row lengths of each ragged axis, outermost first."""
        inner = self._values.nested_row_lengths() if isinstance(self._values, RaggedTensor) else ()
        return (self.row_lengths(),) + inner

    def nested_value_rowids(self, name=None) -> tuple:
        """The row of each value, for each ragged axis (outermost first)."""
        inner = self._values.nested_value_rowids() if isinstance(self._values, RaggedTensor) else ()
        return (self.value_rowids(),) + inner

    def with_row_splits_dtype(self, dtype) -> RaggedTensor:
        """The same rows with int32 or int64 row partitions (every ragged axis)."""
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError(f"Argument `row_splits` dtype must be int32 or int64. Received {dtype!r}."
                             + hint_line(_("row partitions are int32 or int64.")))
        values = self._values.with_row_splits_dtype(dtype) if isinstance(self._values, RaggedTensor) \
            else self._values
        splits = _dense_constant(splits_of(self).astype(dtype.numpy_dtype))
        return RaggedTensor(values, splits, internal=True, uniform_row_length=self._uniform_row_length)

    def with_values(self, new_values) -> RaggedTensor:
        values = as_value(new_values)
        count, needed = _nvals(values), int(splits_of(self)[-1])
        if count != needed:
            raise ValueError(f"Shapes ({needed},) and ({count},) are incompatible"
                             + hint_line(_("the new values need one entry per value of the RaggedTensor.")))
        return RaggedTensor(values, self._row_splits, internal=True, uniform_row_length=self._uniform_row_length)

    def with_flat_values(self, new_values) -> RaggedTensor:
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def merge_dims(self, outer_axis, inner_axis):
        """Axes ``outer_axis`` to ``inner_axis`` (both included) merged into one, as TF's ``merge_dims``.

        The result is a Tensor when no ragged axis is left (``merge_dims(0, -1)`` flattens).
        """
        outer = axis_in_bounds(int_attr(outer_axis, "outer_axis", "merge_dims"), self.ndim, "outer_axis")
        inner = axis_in_bounds(int_attr(inner_axis, "inner_axis", "merge_dims"), self.ndim, "inner_axis")
        if outer > inner:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to inner_axis "
                             f"({inner_axis})." + hint_line(_("give the outer axis first.")))
        return _merge_dims(self, outer, inner)

    # ----- conversion -----
    def to_list(self) -> list:
        splits = splits_of(self)
        inner = self._values.to_list() if isinstance(self._values, RaggedTensor) \
            else np.asarray(self._values.numpy()).tolist()
        return [inner[a:b] for a, b in zip(splits[:-1], splits[1:])]

    def numpy(self):
        """Rows as NumPy arrays: a regular array if every row has one length, else an object array."""
        values = self._values.numpy()
        splits = splits_of(self)
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
        coords = coordinates(self)                       # one row of indices per flat value
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
        return add(dense, multiply(fill, as_value(default_value, flat.dtype)))

    # ----- indexing -----
    def __getitem__(self, key):
        key = _without_ellipsis(key if isinstance(key, tuple) else (key,), self.ndim)
        if not key:
            return self
        first, rest = key[0], key[1:]
        if first is None:                                # tk.newaxis: a new outer axis of one row
            inner = self[rest] if rest else self
            return RaggedTensor.from_uniform_row_length(inner, nrows_of(inner), nrows=1) \
                if isinstance(inner, RaggedTensor) else expand_dims(inner, 0)
        if isinstance(first, (int, np.integer)) or (isinstance(first, Tensor) and first.ndim == 0):
            row = _row(self, int(first))
            return row[rest] if rest else row
        if isinstance(first, slice):
            rows = self._rows(first)
            return _map_rows(rows, rest) if rest else rows
        raise TypeError(f"Ragged tensors do not support indexing with {type(first).__name__}."
                        + hint_line(_("use integers and slices, or .to_tensor() first.")))

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean."
                        + hint_line(_("reduce it first: tk.reduce_any(rt), tk.reduce_all(rt) or rt.nrows() > 0.")))

    def _rows(self, key: slice) -> RaggedTensor:
        start, stop, step = key.indices(nrows_of(self))
        if step != 1:
            return gather_rows(self, np.arange(start, stop, step))
        stop = max(stop, start)
        splits = splits_of(self)
        a, b = int(splits[start]), int(splits[stop])
        new_splits = (splits[start:stop + 1] - a).astype(self.row_splits_dtype.numpy_dtype)
        return RaggedTensor(self._values[a:b], _dense_constant(new_splits), internal=True)

    def __iter__(self):
        return (_row(self, i) for i in builtins.range(nrows_of(self)))

    # ----- printing -----
    def __repr__(self) -> str:
        with np.printoptions(formatter={"all": _format_item}):
            text = _format_item(self.numpy())
        return f"<tk.RaggedTensor {text}>"

    __str__ = __repr__


def axis_in_bounds(axis, ndim: int, what: str) -> int:
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
    splits = _merged_boundaries(value.values, inner - 1, splits_of(value))
    return RaggedTensor.from_row_splits(_merge_dims(value.values, 0, inner - 1),
                                        splits.astype(value.row_splits_dtype.numpy_dtype))


def _merged_boundaries(values, inner: int, bounds: np.ndarray) -> np.ndarray:
    """Where the row ``bounds`` of ``values`` fall once its axes ``0..inner`` are merged."""
    if inner == 0:
        return bounds
    if isinstance(values, RaggedTensor):
        return _merged_boundaries(values.values, inner - 1, splits_of(values)[bounds])
    return bounds * int(np.prod(list(values.shape)[1:inner + 1]))


def splits_of(rt) -> np.ndarray:
    return np.asarray(rt.row_splits.numpy())


def nrows_of(rt) -> int:
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


def coordinates(rt) -> np.ndarray:
    """For each flat value, its index along every ragged axis (shape [_nvals, ragged_rank + 1])."""
    splits = splits_of(rt)
    rows = np.repeat(np.arange(nrows_of(rt)), np.diff(splits))
    cols = np.arange(splits[-1]) - splits[:-1][rows] if splits[-1] else np.zeros(0, np.int64)
    if isinstance(rt.values, RaggedTensor):
        inner = coordinates(rt.values)
        return np.concatenate([rows[inner[:, 0]][:, None], cols[inner[:, 0]][:, None],
                               inner[:, 1:]], axis=1)
    return np.stack([rows, cols], axis=1).astype(np.int64)


def _row(rt, i: int):
    n = nrows_of(rt)
    if not -n <= i < n:
        raise IndexError(f"Row key {i} out of bounds")
    splits = splits_of(rt)
    a, b = int(splits[i % n]), int(splits[i % n + 1])
    return rt.values[a:b]


def _without_ellipsis(key: tuple, ndim: int) -> tuple:
    """``key`` with its ``...`` replaced by as many ``:`` as the axes it stands for."""
    if Ellipsis not in key:
        return key
    at = key.index(Ellipsis)
    named = sum(1 for k in key if k is not None and k is not Ellipsis)
    return key[:at] + (slice(None),) * max(ndim - named, 0) + key[at + 1:]


def _map_rows(rt, rest: tuple):
    """Apply ``rest`` (indexing the inner axes) to every row."""
    inner, more = rest[0], rest[1:]
    if isinstance(inner, (int, np.integer)):
        raise ValueError("Cannot index into an inner ragged dimension.")
    if inner is None:                                    # tk.newaxis: each row in a row of its own
        return _map_rows(RaggedTensor.from_uniform_row_length(rt, 1), (slice(None),) + more) if more else \
            RaggedTensor.from_uniform_row_length(rt, 1)
    if inner == slice(None):
        values = rt.values[(slice(None),) + more] if more and not \
            isinstance(rt.values, RaggedTensor) else \
            (_map_rows(rt.values, more) if more else rt.values)
        return rt.with_values(values)
    if not isinstance(inner, slice) or inner.step not in (None, 1):
        raise ValueError("tapekit's RaggedTensor supports `r[:, a:b]` (step 1) along its ragged axis.")
    splits = splits_of(rt)
    picked, lengths = [], []
    for a, b in zip(splits[:-1], splits[1:]):
        lo, hi, _ = inner.indices(int(b - a))
        idx = np.arange(a + lo, a + max(hi, lo))
        picked.append(idx)
        lengths.append(idx.size)
    index = np.concatenate(picked) if picked else np.zeros(0, np.int64)
    values = gather(rt.values, index) if not isinstance(rt.values, RaggedTensor) \
        else gather_rows(rt.values, index)
    result = RaggedTensor.from_row_lengths(values, np.asarray(lengths, dtype=np.int64))
    return _map_rows(result, (slice(None),) + more) if more else result


def _format_item(x) -> str:
    """numpy-style text with ", " between elements (``[]`` kept for empty inner axes), as TF."""
    if isinstance(x, np.ndarray):
        return np.array2string(x, separator=", ") if x.size else repr(x.tolist())
    return str(x)


def _nvals(values) -> int:
    return nrows_of(values) if isinstance(values, RaggedTensor) else int(values.shape[0]) \
        if values.ndim else 1


def gather_rows(r: RaggedTensor, index: np.ndarray) -> RaggedTensor:
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
        splits.extend((splits_of(p)[1:] + splits[-1]).tolist())
    values = dense_concat([p.values for p in parts], 0)
    return RaggedTensor.from_row_splits(values, np.asarray(splits, np.int64))

