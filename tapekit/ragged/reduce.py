"""``tk.reduce_*`` of a RaggedTensor: along a ragged axis by segment ops on the flat values, along a
uniform inner axis by the dense reduction; variance, std, any/all and logsumexp built on those.
"""

from __future__ import annotations


import numpy as np

from .._base import dtypes
from .._base.i18n import _, hint_line
from .._core.ops import math_ops, reduction, segment_ops
from .._core.ops.array_ops import expand_dims, reshape
from .._core.values.tensor import Tensor
from .._core.values.tensor import constant as _dense_constant
from ..errors import InvalidArgumentError
from .elementwise import elementwise_binary, math_op
from .segments import join_rows
from .tensor import RaggedTensor, coordinates, nrows_of, splits_of


# ---------- reductions ----------
_REDUCERS = {"sum": "unsorted_segment_sum", "max": "unsorted_segment_max",
             "min": "unsorted_segment_min", "prod": "unsorted_segment_prod"}


def reduce(kind: str, r: RaggedTensor, axis=None, keepdims=False):
    """``tk.reduce_<kind>`` of a RaggedTensor (kind: sum, mean, max, min, prod, any, all, variance, std)."""
    if kind in _BUILT_ON_OTHERS:
        return _BUILT_ON_OTHERS[kind](kind, r, axis, keepdims)
    if kind == "mean" and r.dtype == dtypes.bool:   # TF's InvalidArgumentError: the dense Mean takes no bools
        return reduction.reduce_mean(r.flat_values)
    if kind == "mean" and not (r.dtype.is_floating or r.dtype.is_complex):   # TF: float64, whatever the axis
        r = r.with_flat_values(math_op("cast")(r.flat_values, dtypes.float64))
    ndim = r.ndim
    if axis is None:
        return getattr(reduction, f"reduce_{kind}")(r.flat_values, None, keepdims=False) \
            if not keepdims else _keep_all(kind, r)
    given = _axis_list(axis)
    for a in given:
        if not -ndim <= a < ndim:
            raise ValueError(f"axis={a} out of bounds: expected {-ndim}<=axis<{ndim}")
    axes = sorted({a % ndim for a in given})
    if len(axes) != len(given):
        raise InvalidArgumentError(f"Invalid reduction dimension: axis {given} names an axis twice "
                                   f"[Op:{kind.title()}]"
                                   + hint_line(_("name each axis once.")), op=kind.title())
    if len(axes) > 1:
        return _reduce_each(kind, r, axes, keepdims)
    return _reduce_axis(kind, r, axes[0], keepdims)


def _axis_list(axis) -> list:
    """``axis`` (an int, a list of them, or an integer tensor) as a list of ints; TF's TypeError else."""
    items = np.asarray(axis.numpy()).reshape(-1).tolist() if isinstance(axis, Tensor) else \
        list(axis) if isinstance(axis, (list, tuple)) else [axis]
    for item in items:
        if not isinstance(item, (int, np.integer)) or isinstance(item, bool):
            raise TypeError(f"axis must be an int; got {type(item).__name__}"
                            + hint_line(_("an axis counts from 0 up to the rank minus one (or from -rank).")))
    return [int(item) for item in items]


def _reduce_axis(kind: str, r: RaggedTensor, a: int, keepdims):
    """One axis ``a`` (already >= 0) of a RaggedTensor."""
    if a > r.ragged_rank:           # a uniform inner axis: reduce the values directly
        values = r.values
        inner = reduce(kind, values, a - 1, keepdims) if isinstance(values, RaggedTensor) else \
            getattr(reduction, f"reduce_{kind}")(values, a - 1, keepdims=keepdims)
        return r.with_values(inner)
    if a >= 2:                     # a ragged axis inside each row
        return r.with_values(reduce(kind, r.values, a - 1, keepdims))
    if r.ragged_rank > 1:
        return _reduce_rows(kind, r, a, keepdims)
    ids = r.value_rowids().numpy() if a == 1 else coordinates(r)[:, 1]
    segments = nrows_of(r) if a == 1 else int(np.diff(splits_of(r)).max(initial=0))
    out = _segment_reduce(kind, r.flat_values, ids, segments)
    return expand_dims(out, a) if keepdims else out


def _reduce_rows(kind: str, r: RaggedTensor, axis: int, keepdims):
    """Axis 0 or 1 of a RaggedTensor with more ragged axes: the rows (of each outer row, for axis 1)
    combined value by value; a row of the result is as long as the longest one it combines, as TF."""
    def combine(values, ids, count):
        return _segment_reduce(kind, values, ids, count)

    if axis == 0:
        joined = join_rows(combine, r, np.zeros(nrows_of(r), np.int64), 1)
        return joined if keepdims else joined[0]
    joined = join_rows(combine, r.values, np.asarray(r.value_rowids().numpy()), nrows_of(r))
    return RaggedTensor.from_uniform_row_length(joined, 1) if keepdims else joined


def _reduce_each(kind: str, r: RaggedTensor, axes: list, keepdims):
    """Several axes, the innermost first (a dense result goes on with the dense reduction); a mean is
    the sum over all of them divided by the count, as TF (not a mean of means)."""
    if kind == "mean":
        ones = r.with_flat_values(_dense_constant(np.ones(r.flat_values.shape, r.dtype.numpy_dtype)))
        total, count = _reduce_each("sum", r, axes, keepdims), _reduce_each("sum", ones, axes, keepdims)
        if isinstance(total, RaggedTensor):
            return total.with_flat_values(math_op("divide")(total.flat_values, count.flat_values))
        return math_op("divide")(total, count)
    result = r
    for a in reversed(axes):
        result = reduce(kind, result, a, keepdims) if isinstance(result, RaggedTensor) else \
            getattr(reduction, f"reduce_{kind}")(result, a, keepdims=keepdims)
    return result


def _any_or_all(kind: str, r: RaggedTensor, axis, keepdims):
    """Counts the True values (any) or the False ones (all)."""
    as_int = r.with_flat_values(math_op("cast")(r.flat_values if kind == "any" else
                                            math_op("logical_not")(r.flat_values), dtypes.int32))
    total = reduce("sum", as_int, axis, keepdims)
    test = (lambda t: math_op("greater")(t, 0)) if kind == "any" else (lambda t: math_op("equal")(t, 0))
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
            total = math_op("cast")(total, dtypes.float64)
        counts = _dense_constant(counts.reshape((-1,) + (1,) * (values.ndim - 1)))
        return math_op("divide")(total, counts)
    return getattr(segment_ops, _REDUCERS[kind])(values, ids, segments)


def _keep_all(kind, r):
    total = getattr(reduction, f"reduce_{kind}")(r.flat_values, None)
    return reshape(total, [1] * r.ndim)

