"""``tk.tile``, ``tk.reverse``, ``tk.map_fn``, ``tk.gather``, ``tk.stack``, ... on RaggedTensors, as in TF.

Each result is built by gathering the ragged tensor's values (or mapping its flat values), so
gradients flow back to the values through those ops' rules. ``tapekit/__init__.py`` binds the
wrapped functions (``RAGGED_VERSIONS`` names the simple ones).
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from .control_flow import map_fn
from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._base import dtypes
from .._core.ops.array_ops import (concat, expand_dims, gather, gather_nd, rank, reshape, reverse, size, split,
                                  squeeze, stack, tile)
from .._core.ops.args import int_attr
from .._core.ops.creation import one_hot, ones_like, zeros_like
from .._core.ops.math_ops import identity, where
from .._core.values.tensor import constant
from .. import ragged as ragged_module
from ..ragged import RaggedTensor, RaggedTensorSpec
from .ragged_shape import DynamicRaggedShape
from ..ragged.functions import concat as ragged_concat
from ..ragged.gather import gather as ragged_gather_any
from ..ragged.tensor import gather_rows
from ..ragged.elementwise import same_partition, splits_differ
from .._core.values.tensor import Tensor


def _row_spans(rt: RaggedTensor) -> list:
    splits = np.asarray(rt.row_splits.numpy())
    return [np.arange(a, b) for a, b in zip(splits[:-1], splits[1:])]


def _from_rows(rt: RaggedTensor, rows: list) -> RaggedTensor:
    """A RaggedTensor whose row ``i`` holds the values of ``rt`` at the indices ``rows[i]``."""
    index = np.concatenate(rows).astype(np.int64) if rows else np.zeros(0, np.int64)
    lengths = np.asarray([len(r) for r in rows], dtype=rt.row_splits_dtype.numpy_dtype)
    values = gather_rows(rt.values, index) if isinstance(rt.values, RaggedTensor) else gather(rt.values, index)
    return RaggedTensor.from_row_lengths(values, lengths)


def _needs_one_ragged_axis(rt: RaggedTensor, what: str) -> None:
    if rt.ragged_rank != 1:
        raise NotImplementedError(f"{what} of a RaggedTensor with {rt.ragged_rank} ragged axes is not in tapekit."
                                  + hint_line(_("use a RaggedTensor with one ragged axis, or .to_tensor() first.")))


def ragged_tile(rt: RaggedTensor, multiples) -> RaggedTensor:
    """Rows repeated ``multiples[0]`` times, each row's values ``multiples[1]`` times, inner axes tiled."""
    host = np.asarray(multiples.numpy() if isinstance(multiples, Tensor) else multiples)
    if host.dtype.kind not in "iu":
        raise TypeError(f"Argument `tensor` (name: multiples) must be of type integer. Received `tensor` = {host}"
                        + hint_line(_("give one whole repeat count per axis.")))
    reps = [int(m) for m in host.ravel()]
    if len(reps) != rt.ndim:
        raise IndexError(f"multiples has {len(reps)} entries; the ragged tensor of shape {rt.shape} needs {rt.ndim}."
                         + hint_line(_("give one repeat count per axis.")))
    if min(reps) < 0:
        raise InvalidArgumentError(f"Expected multiples >= 0, but got {reps} [Op:RaggedTile]"
                                   + hint_line(_("repeat counts cannot be negative.")), op="Tile")
    rows = [np.tile(span, reps[1]) for span in _row_spans(rt)] * reps[0]
    result = _from_rows(rt, rows)
    if any(m != 1 for m in reps[2:]):
        tile_values = ragged_tile if isinstance(result.values, RaggedTensor) else tile
        result = result.with_values(tile_values(result.values, [1] + reps[2:]))
    return result


def ragged_reverse(rt: RaggedTensor, axis) -> RaggedTensor:
    """The rows (axis 0), each row's values (axis 1) or an inner axis reversed."""
    axes = _axes_in_bounds(axis, rt.ndim)
    inner = [a - 1 for a in axes if a >= 2]
    reverse_values = ragged_reverse if isinstance(rt.values, RaggedTensor) else reverse
    result = rt.with_values(reverse_values(rt.values, inner)) if inner else rt
    if not {0, 1} & set(axes):
        return result
    rows = _row_spans(result)
    rows = [span[::-1] for span in rows] if 1 in axes else rows
    return _from_rows(result, rows[::-1] if 0 in axes else rows)


def ragged_map_fn(fn, rt: RaggedTensor, signature):
    """``fn`` on each row; the results joined as ragged rows (or stacked, for a dense signature)."""
    results = [fn(row) for row in rt]
    if signature is not None and not isinstance(signature, RaggedTensorSpec):
        return stack(results) if results else map_fn(fn, rt.to_tensor(), fn_output_signature=signature)
    if any(isinstance(r, RaggedTensor) or getattr(r, "ndim", 0) == 0 for r in results):
        raise ValueError("tk.map_fn over a RaggedTensor joins each result as a row: fn must return a Tensor of "
                         "rank 1 or more for each row."
                         + hint_line(_("pass fn_output_signature=tk.int32 (a dense dtype) to stack scalars.")))
    lengths = np.asarray([int(r.shape[0]) for r in results], dtype=np.int64)
    values = concat(results, 0) if results else rt.flat_values[:0]
    return RaggedTensor.from_row_lengths(values, lengths)


def _rank1(rt: RaggedTensor, what: str) -> RaggedTensor:
    _needs_one_ragged_axis(rt, what)
    return rt


def ragged_gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """``tk.gather`` where ``params`` or ``indices`` is a RaggedTensor (any axis, ``batch_dims``)."""
    return ragged_gather_any(params, indices, axis, batch_dims)


def ragged_gather_nd(params, indices, batch_dims=0, name=None):
    """Rows, inner rows or values of a RaggedTensor at ``[row, column, ...]`` indices (each column counted
    from its row's start). As TF's, a column past its row's end reads on into the next row."""
    if batch_dims != 0:
        raise NotImplementedError("tk.gather_nd of a RaggedTensor with batch_dims is not in tapekit."
                                  + hint_line(_("use .to_tensor() first.")))
    index = np.asarray(indices.numpy() if isinstance(indices, Tensor) else indices).astype(np.int64)
    depth, outer = index.shape[-1], index.shape[:-1]
    flat = index.reshape(-1, depth)
    if depth == 1:
        if index.ndim != 2:
            raise NotImplementedError("tk.gather_nd of a RaggedTensor takes indices of shape [n, depth]."
                                      + hint_line(_("use tk.gather(rt, rows) for rows.")))
        return ragged_gather(params, flat[:, 0])
    target, position, used = params, flat[:, 0], 1
    while used < depth and isinstance(target, RaggedTensor):   # one ragged axis per index column
        starts = np.asarray(gather(target.row_splits, position).numpy())
        target, position, used = target.values, starts + flat[:, used], used + 1
    if isinstance(target, RaggedTensor):   # the index stops at a ragged axis: whole inner rows
        if len(outer) != 1:
            raise NotImplementedError("tk.gather_nd of inner rows of a RaggedTensor takes indices of shape "
                                      "[n, depth]." + hint_line(_("use .to_tensor() first.")))
        return ragged_gather(target, position)
    picked = gather_nd(target, np.concatenate([position[:, None], flat[:, used:]], axis=1))
    return reshape(picked, list(outer) + list(picked.shape[1:]))


def ragged_stack(values, axis=0, name="stack"):
    """RaggedTensors (or tensors) stacked along a new axis: one row per input (0), each row of every
    input side by side (1), or value by value for inputs with the same rows (an axis past the ragged ones)."""
    parts = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(v) for v in values]
    position = int_attr(axis, "axis", "Pack") % (parts[0].ndim + 1)
    if position == 0:
        return RaggedTensor.from_row_lengths(ragged_concat(parts, 0), [int(p.nrows().numpy()) for p in parts])
    if position > parts[0].ragged_rank:
        inner = stack([p.flat_values for p in parts], position - parts[0].ragged_rank)
        return parts[0].with_flat_values(inner)
    if position != 1:
        raise NotImplementedError("tk.stack of RaggedTensors between two ragged axes is not in tapekit."
                                  + hint_line(_("stack along axis 0, 1 or past the ragged axes, or use "
                                                ".to_tensor() first.")))
    return ragged_concat([RaggedTensor.from_uniform_row_length(p, 1) for p in parts], 1)


def ragged_expand_dims(input, axis, name=None):
    """A new axis of size 1 at ``axis``: one row holding every row (0), each row in a row of its own
    (1), or a new axis inside the values."""
    position = int_attr(axis, "axis", "ExpandDims")
    if not -input.ndim - 1 <= position <= input.ndim:
        raise ValueError(f"axis={position} out of bounds: expected {-input.ndim - 1}<=axis<{input.ndim + 1}"
                         + hint_line(_("an axis counts from 0 up to the rank minus one (or from -rank).")))
    position %= input.ndim + 1
    if position == 0:
        return RaggedTensor.from_uniform_row_length(input, input.nrows(), nrows=1)
    if position == 1:
        return RaggedTensor.from_uniform_row_length(input, 1)
    values = input.values
    inner = ragged_expand_dims if isinstance(values, RaggedTensor) else expand_dims
    return input.with_values(inner(values, position - 1))


def ragged_boolean_mask(data, mask, name=None):
    """``tk.ragged.boolean_mask``: the rows of ``data`` where the vector ``mask`` is True, or each value
    where a ragged ``mask`` is (``tk.boolean_mask`` itself, as TF's, takes no RaggedTensor)."""
    if isinstance(mask, RaggedTensor):
        keep = np.asarray(mask.flat_values.numpy(), dtype=bool)
        lengths = [int(np.sum(keep[r])) for r in _row_spans(mask)]
        return RaggedTensor.from_row_lengths(gather(data.flat_values, np.nonzero(keep)[0]), lengths)
    keep = np.asarray(mask.numpy() if isinstance(mask, Tensor) else mask, dtype=bool).reshape(-1)
    rows = int(data.nrows().numpy()) if isinstance(data, RaggedTensor) else int(data.shape[0])
    if keep.size != rows:
        raise ValueError(f"Shapes ({rows},) and ({keep.size},) are incompatible"
                         + hint_line(_("give one mask value per row.")))
    return ragged_gather(data, np.nonzero(keep)[0])


def _axes_in_bounds(axis, ndim: int) -> list:
    axes = np.asarray(axis.numpy() if isinstance(axis, Tensor) else axis).reshape(-1)
    if axes.dtype.kind not in "iu":
        raise TypeError("Axis must be a list or tuple of integers."
                        + hint_line(_("an axis counts from 0 up to the rank minus one (or from -rank).")))
    axes = [int(a) for a in axes]
    for i, a in enumerate(axes):
        if not -ndim <= a < ndim:
            raise ValueError(f"axis[{i}]={a} out of bounds: expected {-ndim}<=axis[{i}]<{ndim}"
                             + hint_line(_("an axis counts from 0 up to the rank minus one (or from -rank).")))
    return sorted({a % ndim for a in axes}, reverse=True)


def ragged_squeeze(input, axis=None, name=None):
    """Axes of size 1 removed: the outer axis (one row), a ragged axis whose rows all have one value,
    or an inner uniform axis. A Tensor when no ragged axis is left."""
    if axis is None:
        raise ValueError("Ragged.squeeze must have an axis argument."
                         + hint_line(_("name the axes to remove: tk.squeeze(rt, axis=...).")))
    result = input
    for a in _axes_in_bounds(axis, input.ndim):   # from the innermost: the others keep their numbers
        result = _squeeze_axis(result, a)
    return result


def _squeeze_axis(value, axis: int):
    if not isinstance(value, RaggedTensor):
        return squeeze(value, [axis])
    if axis >= 2:
        return value.with_values(_squeeze_axis(value.values, axis - 1))
    lengths = np.asarray(value.row_lengths().numpy()) if axis == 1 else np.asarray([int(value.nrows().numpy())])
    if (lengths != 1).any():
        raise InvalidArgumentError(
            "Expected 'tk.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
            f"b'the given axis (axis = {axis}) is not squeezable!'"
            + hint_line(_("only an axis whose length is 1 in every row can be squeezed.")), op="RaggedSqueeze")
    return value.values


def ragged_split(value, num_or_size_splits, axis=0, num=None, name="split") -> list:
    """The rows (axis 0) or an inner uniform axis cut into pieces; a ragged axis cannot be split."""
    axis = _axes_in_bounds(int_attr(axis, "axis", "Split"), value.ndim)[0]
    if 1 <= axis <= value.ragged_rank:
        shape = DynamicRaggedShape.from_tensor(value)
        raise ValueError(f"Cannot split a ragged dimension. Got `value` with shape {shape} and `axis` {axis}."
                         + hint_line(_("split the rows (axis 0) or a uniform inner axis.")))
    if axis > value.ragged_rank:
        pieces = split(value.flat_values, num_or_size_splits, axis - value.ragged_rank, num)
        return [value.with_flat_values(p) for p in pieces]
    nrows = int(value.nrows().numpy())
    sizes = np.asarray(num_or_size_splits.numpy() if isinstance(num_or_size_splits, Tensor)
                       else num_or_size_splits).reshape(-1)
    if sizes.dtype.kind not in "iu":
        raise TypeError("`num_or_size_splits` must be an `int` or 1-D list or `Tensor` of integers."
                        + hint_line(_("give the size of each piece (no -1 for a RaggedTensor).")))
    if sizes.size == 1 and np.ndim(num_or_size_splits) == 0:
        sizes = np.full(int(sizes[0]), nrows // max(int(sizes[0]), 1))
    if (sizes < 0).any():
        raise InvalidArgumentError("`num_or_size_splits` must be non-negative.."
                                   + hint_line(_("give the size of each piece (no -1 for a RaggedTensor).")),
                                   op="RaggedSplit")
    if int(sizes.sum()) != nrows:
        raise InvalidArgumentError(
            "Cannot exactly split the `axis` dimension of `value` with the given `num_or_size_split`.\n"
            f"Condition x == y did not hold.\nFirst 1 elements of x:\n[{nrows}]\nFirst 1 elements of y:\n"
            f"[{int(sizes.sum())}]" + hint_line(_("the pieces' sizes must add up to the number of rows.")),
            op="RaggedSplit")
    bounds = np.concatenate([[0], np.cumsum(sizes)])
    return [value[int(a):int(b)] for a, b in zip(bounds[:-1], bounds[1:])]


def _values_of(value):
    return value.flat_values if isinstance(value, RaggedTensor) else value


def ragged_where(condition, x=None, y=None, name=None):
    """``where(condition, x, y)`` value by value, for operands with the same rows."""
    if x is None and y is None:   # the coordinates of the True values: padding with False adds none
        return where(condition.to_tensor())
    ragged = [v for v in (condition, x, y) if isinstance(v, RaggedTensor)]
    template = ragged[0]
    for other in ragged[1:]:
        if not same_partition(template, other):
            raise splits_differ(template.nested_row_splits, other.nested_row_splits)
    return template.with_flat_values(where(_values_of(condition), _values_of(x), _values_of(y)))


def _size(input, out_type=dtypes.int32, name=None):
    return constant(np.asarray(int(np.prod(input.flat_values.shape)), dtype=dtypes.as_dtype(out_type).numpy_dtype))


def _rank(input, name=None):
    return constant(np.int32(input.ndim))


def _flat(fn):
    """``fn`` on the flat values, the rows kept (ones_like, identity, one_hot, ...)."""
    return lambda rt, *args, **kwargs: rt.with_flat_values(fn(rt.flat_values, *args, **kwargs))


# the public function -> its version for a RaggedTensor first argument
RAGGED_VERSIONS = {gather: ragged_gather, expand_dims: ragged_expand_dims, squeeze: ragged_squeeze,
                   split: ragged_split, gather_nd: ragged_gather_nd,
                   ones_like: _flat(ones_like), zeros_like: _flat(zeros_like), identity: _flat(identity),
                   one_hot: _flat(one_hot), size: _size, rank: _rank}


# the arguments, besides the first, that send a call to the ragged version when one is a RaggedTensor
_ALSO_RAGGED = {gather: "indices"}


def dispatch_first(fn):
    """``fn`` that hands a RaggedTensor first argument (or ``indices``, for gather) to ``RAGGED_VERSIONS[fn]``."""
    ragged_fn = RAGGED_VERSIONS[fn]
    names = list(inspect.signature(fn).parameters)
    checked = [names[0]] + ([_ALSO_RAGGED[fn]] if fn in _ALSO_RAGGED else [])
    positions = [names.index(name) for name in checked]

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        values = [args[i] if i < len(args) else kwargs.get(name) for i, name in zip(positions, checked)]
        return (ragged_fn if any(isinstance(v, RaggedTensor) for v in values) else fn)(*args, **kwargs)

    return wrapper


def dispatch_where(fn):
    @functools.wraps(fn)
    def wrapper(condition, x=None, y=None, name=None):
        if any(isinstance(v, RaggedTensor) for v in (condition, x, y)):
            return ragged_where(condition, x, y)
        return fn(condition, x, y, name)

    return wrapper


def dispatch_list(fn, ragged_fn):
    """``tk.stack``: a list holding a RaggedTensor goes to ``ragged_fn``."""
    @functools.wraps(fn)
    def wrapper(values, *args, **kwargs):
        if isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values):
            return ragged_fn(values, *args, **kwargs)
        return fn(values, *args, **kwargs)

    return wrapper


def dispatch_tile(fn):
    @functools.wraps(fn)
    def wrapper(input, multiples, name=None):
        return ragged_tile(input, multiples) if isinstance(input, RaggedTensor) else fn(input, multiples, name)

    return wrapper


def dispatch_reverse(fn):
    @functools.wraps(fn)
    def wrapper(tensor, axis, name=None):
        return ragged_reverse(tensor, axis) if isinstance(tensor, RaggedTensor) else fn(tensor, axis, name)

    return wrapper


def dispatch_map_fn(dense_map_fn):
    @functools.wraps(dense_map_fn)
    def wrapper(fn, elems, *args, **kwargs):
        if isinstance(elems, RaggedTensor):
            signature = kwargs.get("fn_output_signature", kwargs.get("dtype"))
            return ragged_map_fn(fn, elems, signature)
        return dense_map_fn(fn, elems, *args, **kwargs)

    return wrapper


def install() -> None:
    """``tk.ragged.boolean_mask`` and ``tk.ragged.stack``: ``ragged`` cannot import this module (it sits above)."""
    ragged_module.boolean_mask = ragged_boolean_mask
    ragged_module.stack = ragged_stack


install()
