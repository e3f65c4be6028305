"""Reductions (sum, mean, max, ...) over axes, with TF's ``axis`` and ``keepdims``."""

from __future__ import annotations

import numpy as np

from .. import dtypes
from ..backend import ns
from ..errors import InvalidArgumentError
from ..registry import execute, gradient, no_gradient
from ..tensor import Tensor
from .math_ops import cast, divide, equal, multiply, to_tensor


def normalize_axis(axis, ndim: int, op_type: str):
    """``axis`` as a sorted tuple of non-negative ints (None means every axis)."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, Tensor):
        axis = np.asarray(axis._value).tolist()
    axes = [axis] if isinstance(axis, (int, np.integer)) else list(axis)
    out = []
    for a in axes:
        a = int(a)
        if not -ndim <= a < max(ndim, 1):
            raise InvalidArgumentError(
                f"Invalid reduction dimension ({a} for input with {ndim} dimension(s) "
                f"[Op:{op_type}] name: \n  Hint: axis must lie in [-{ndim}, {ndim}).", op=op_type)
        out.append(a % ndim if ndim else 0)
    return tuple(sorted(set(out)))


def _reducer(op_type, np_name, differentiable=True, result_dtype=None):
    def forward(x, axis, keepdims):
        xp = ns(x)
        out = getattr(xp, np_name)(x, axis=axis, keepdims=keepdims)
        return out.astype(x.dtype) if result_dtype is None and out.dtype != x.dtype else out

    def op(input_tensor, axis=None, keepdims=False, name=None):
        x = to_tensor(input_tensor)
        axes = normalize_axis(axis, x.ndim, op_type)
        return execute(op_type, forward, (x,), {"axis": axes, "keepdims": bool(keepdims)})

    if not differentiable:
        no_gradient(op_type)
    return op


reduce_sum = _reducer("Sum", "sum")
reduce_prod = _reducer("Prod", "prod")
reduce_max = _reducer("Max", "max")
reduce_min = _reducer("Min", "min")
_reduce_all = _reducer("All", "all", differentiable=False, result_dtype=dtypes.bool)
_reduce_any = _reducer("Any", "any", differentiable=False, result_dtype=dtypes.bool)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce_all(_bool_input(input_tensor, "All"), axis, keepdims)


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    return _reduce_any(_bool_input(input_tensor, "Any"), axis, keepdims)


def _bool_input(x, op_type):
    x = to_tensor(x)
    if not x.dtype.is_bool:
        raise InvalidArgumentError(f"{op_type} needs a bool input, got {x.dtype.name} "
                                   f"[Op:{op_type}] name: ", op=op_type)
    return x


def _mean_forward(x, axis, keepdims):
    xp = ns(x)
    if x.dtype.kind in "iu":
        n = int(np.prod([x.shape[a] for a in axis])) if axis else 1
        return (xp.sum(x, axis=axis, keepdims=keepdims) // max(n, 1)).astype(x.dtype)
    with np.errstate(invalid="ignore", divide="ignore"):
        return xp.mean(x, axis=axis, keepdims=keepdims).astype(x.dtype)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    """Mean over ``axis``; integer inputs give an integer mean (truncated), as TF."""
    x = to_tensor(input_tensor)
    axes = normalize_axis(axis, x.ndim, "Mean")
    return execute("Mean", _mean_forward, (x,), {"axis": axes, "keepdims": bool(keepdims)})


def _restore_dims(grad: Tensor, op) -> Tensor:
    """Reshape a reduced gradient so that it broadcasts against the op's input."""
    from .array_ops import reshape

    if op.attrs["keepdims"]:
        return grad
    in_shape = op.inputs[0].shape
    kept = [1 if i in op.attrs["axis"] else d for i, d in enumerate(in_shape)]
    return reshape(grad, kept)


def _broadcast_like(grad: Tensor, x) -> Tensor:
    from .array_ops import broadcast_to

    return broadcast_to(grad, tuple(x.shape))


@gradient("Sum")
def _sum_grad(op, grad):
    return _broadcast_like(_restore_dims(grad, op), op.inputs[0])


@gradient("Mean")
def _mean_grad(op, grad):
    x = op.inputs[0]
    n = 1
    for a in op.attrs["axis"]:
        n *= x.shape[a]
    g = _broadcast_like(_restore_dims(grad, op), x)
    return divide(g, cast(max(n, 1), g.dtype)) if n != 1 else g


def _extremum_grad(op, grad):
    """Spread the gradient evenly over tied extrema (1/k each, as TF)."""
    x = op.inputs[0]
    y = _restore_dims(op.outputs[0], op)
    hits = cast(equal(x, y), grad.dtype)
    count = reduce_sum(hits, axis=op.attrs["axis"], keepdims=True)
    return multiply(divide(hits, count), _restore_dims(grad, op))


gradient("Max")(_extremum_grad)
gradient("Min")(_extremum_grad)


@gradient("Prod")
def _prod_grad(op, grad):
    """d prod / dx_i = prod of the others (computed without dividing, so zeros work)."""
    x = op.inputs[0]
    axes = op.attrs["axis"]
    xv = x._value
    xp = ns(xv)
    g = _restore_dims(grad, op)
    others = _prod_of_others(xp, xv, axes)
    return multiply(_broadcast_like(g, x), Tensor(others, x.dtype))


def _prod_of_others(xp, x, axes):
    moved = np.moveaxis(np.asarray(x), axes, range(-len(axes), 0)) if axes else np.asarray(x)
    lead = moved.shape[:moved.ndim - len(axes)]
    flat = moved.reshape(lead + (-1,))
    left = np.cumprod(np.concatenate([np.ones(lead + (1,), x.dtype), flat[..., :-1]], -1), -1)
    right = np.cumprod(np.concatenate([np.ones(lead + (1,), x.dtype), flat[..., :0:-1]], -1),
                       -1)[..., ::-1]
    others = (left * right).reshape(moved.shape)
    return np.moveaxis(others, range(-len(axes), 0), axes) if axes else others


def _arg_reducer(op_type, np_name):
    def op(input, axis=None, output_type=dtypes.int64, name=None):  # noqa: A002
        x = to_tensor(input)
        ax = 0 if axis is None else int(axis)
        out_dt = dtypes.as_dtype(output_type)
        return execute(op_type, lambda v: getattr(ns(v), np_name)(v, axis=ax).astype(out_dt._np),
                       (x,))

    no_gradient(op_type)
    return op


argmax = _arg_reducer("ArgMax", "argmax")
argmin = _arg_reducer("ArgMin", "argmin")


def _cumsum_forward(x, axis, exclusive, reverse):
    xp = ns(x)
    if reverse:
        x = xp.flip(x, axis=axis)
    out = xp.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = out - x
    return xp.flip(out, axis=axis) if reverse else out


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    x = to_tensor(x)
    ax = int(axis) % max(x.ndim, 1)
    return execute("Cumsum", _cumsum_forward, (x,),
                   {"axis": ax, "exclusive": bool(exclusive), "reverse": bool(reverse)})


@gradient("Cumsum")
def _cumsum_grad(op, grad):
    a = op.attrs
    return cumsum(grad, a["axis"], exclusive=a["exclusive"], reverse=not a["reverse"])
