"""``tk.tile``, ``tk.reverse`` and ``tk.map_fn`` on a RaggedTensor, as TF dispatches them.

Each result is built by gathering the ragged tensor's values, so gradients flow back to the
values through ``gather``'s rule. ``tapekit/__init__.py`` binds the wrapped functions.
"""

from __future__ import annotations

import functools

import numpy as np

from .control_flow import map_fn
from .errors import InvalidArgumentError
from .i18n import _, hint_line
from .ops.array_ops import concat, gather, reverse, stack, tile
from .ragged import RaggedTensor, RaggedTensorSpec
from .tensor import Tensor


def _row_spans(rt: RaggedTensor) -> list:
    splits = np.asarray(rt.row_splits.numpy())
    return [np.arange(a, b) for a, b in zip(splits[:-1], splits[1:])]


def _from_rows(rt: RaggedTensor, rows: list) -> RaggedTensor:
    """A RaggedTensor whose row ``i`` holds the values of ``rt`` at the indices ``rows[i]``."""
    index = np.concatenate(rows).astype(np.int64) if rows else np.zeros(0, np.int64)
    lengths = np.asarray([len(r) for r in rows], dtype=rt.row_splits_dtype.numpy_dtype)
    return RaggedTensor.from_row_lengths(gather(rt.values, index), lengths)


def _needs_one_ragged_axis(rt: RaggedTensor, what: str) -> None:
    if rt.ragged_rank != 1:
        raise NotImplementedError(f"{what} of a RaggedTensor with {rt.ragged_rank} ragged axes is not in tapekit."
                                  + hint_line(_("use a RaggedTensor with one ragged axis, or .to_tensor() first.")))


def ragged_tile(rt: RaggedTensor, multiples) -> RaggedTensor:
    """Rows repeated ``multiples[0]`` times, each row's values ``multiples[1]`` times, inner axes tiled."""
    _needs_one_ragged_axis(rt, "tk.tile")
    reps = [int(m) for m in np.asarray(multiples.numpy() if isinstance(multiples, Tensor) else multiples).ravel()]
    if len(reps) != rt.ndim:
        raise IndexError(f"multiples has {len(reps)} entries; the ragged tensor of shape {rt.shape} needs {rt.ndim}."
                         + hint_line(_("give one repeat count per axis.")))
    if min(reps) < 0:
        raise InvalidArgumentError(f"Expected multiples >= 0, but got {reps} [Op:RaggedTile]"
                                   + hint_line(_("repeat counts cannot be negative.")), op="Tile")
    rows = [np.tile(span, reps[1]) for span in _row_spans(rt)] * reps[0]
    result = _from_rows(rt, rows)
    if any(m != 1 for m in reps[2:]):
        result = result.with_values(tile(result.values, [1] + reps[2:]))
    return result


def ragged_reverse(rt: RaggedTensor, axis) -> RaggedTensor:
    """The rows (axis 0), each row's values (axis 1) or an inner axis reversed."""
    axes = [int(a) % rt.ndim for a in np.asarray(axis.numpy() if isinstance(axis, Tensor) else axis).ravel()]
    inner = [a - 1 for a in axes if a >= 2]
    reverse_values = ragged_reverse if isinstance(rt.values, RaggedTensor) else reverse
    result = rt.with_values(reverse_values(rt.values, inner)) if inner else rt
    if not {0, 1} & set(axes):
        return result
    _needs_one_ragged_axis(rt, "tk.reverse along axis 0 or 1")
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
