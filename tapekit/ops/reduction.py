"""Reductions (sum, mean, max, ...) over axes, with TF's ``axis`` and ``keepdims``."""

from __future__ import annotations

import numpy as np

from .. import dtypes
from ..backend import astype, device_obj, dtype_kind, from_host, np_dtype, ns, to_host
from ..errors import InvalidArgumentError
from ..registry import execute, gradient, no_gradient
from ..tensor import Tensor
from .math_ops import cast, divide, equal, multiply, to_tensor


def normalize_axis(axis, ndim: int, op_type: str):
    """``axis`` as a sorted tuple of non-negative ints (None means every axis)."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, Tensor):
        axis = to_host(axis._value).tolist()
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


def _empty_extremum(x, axis, keepdims, np_name):
    """max/min over an empty axis: TF gives the identity (-inf / +inf, or the dtype's limits)."""
    host_dtype = np_dtype(x)
    info = np.finfo(host_dtype) if host_dtype.kind == "f" else np.iinfo(host_dtype)
    if host_dtype.kind == "f":
        start = -np.inf if np_name == "max" else np.inf
    else:
        start = info.min if np_name == "max" else info.max
    out = getattr(np, np_name)(to_host(x), axis=axis, keepdims=keepdims, initial=start)
    return from_host(np.asarray(out), device_obj(x))


def _reducer(op_type, np_name, differentiable=True, result_dtype=None):
    def forward(x, axis, keepdims):
        xp = ns(x)
        if x.size == 0 and np_name in ("max", "min"):
            return _empty_extremum(x, axis, keepdims, np_name)
        if np_name in ("sum", "prod"):
            out = getattr(xp, np_name)(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
        else:
            out = getattr(xp, np_name)(x, axis=axis, keepdims=keepdims)
        return out if result_dtype is not None or out.dtype == x.dtype else xp.astype(out, x.dtype)

    def op(input_tensor, axis=None, keepdims=False, name=None):
        x = to_tensor(input_tensor)
        if result_dtype is None and (x._dtype.is_bool or x._dtype.is_string):
            raise InvalidArgumentError(
                f"Value for attr 'T' of {x._dtype.name} is not in the list of allowed values for "
                f"{op_type} [Op:{op_type}] name: \n  Hint: reduce a numeric tensor; for bools use "
                "tk.reduce_any / tk.reduce_all, or tk.cast(x, tk.int32) to count.", op=op_type)
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
    if dtype_kind(x) in "iu":  # integer mean truncates toward zero, as TF
        n = max(int(np.prod([x.shape[a] for a in axis])) if axis else 1, 1)
        total = xp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
        return xp.astype(xp.sign(total) * (xp.abs(total) // n), x.dtype)
    n = int(np.prod([x.shape[a] for a in axis])) if axis else 1
    with np.errstate(invalid="ignore", divide="ignore"):
        out = xp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype) / xp.asarray(n, dtype=x.dtype)
    return out if out.dtype == x.dtype else xp.astype(out, x.dtype)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    """Mean over ``axis``; integer inputs give an integer mean (truncated), as TF."""
    x = to_tensor(input_tensor)
    if x._dtype.is_bool or x._dtype.is_string:
        raise InvalidArgumentError(
            f"Value for attr 'T' of {x._dtype.name} is not in the list of allowed values for Mean "
            "[Op:Mean] name: \n  Hint: tk.cast(x, tk.float32) first.", op="Mean")
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


@gradient("Sum", reads="nothing")
def _sum_grad(op, grad):
    return _broadcast_like(_restore_dims(grad, op), op.inputs[0])


@gradient("Mean", reads="nothing")
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
    """d prod / dx_i = product of the others: exclusive cumprods from both sides (no division).

    As TF: the reduced axes are moved last and flattened, so one cumprod covers them all.
    """
    from .array_ops import reshape, transpose

    x = op.inputs[0]
    axes = op.attrs["axis"]
    shape = tuple(x.shape)
    kept = [i for i in range(len(shape)) if i not in axes]
    perm = kept + list(axes)
    moved_shape = [shape[i] for i in perm]
    lead = moved_shape[:len(kept)]
    flat = reshape(transpose(x, perm), lead + [-1])
    others = multiply(cumprod(flat, axis=-1, exclusive=True),
                      cumprod(flat, axis=-1, exclusive=True, reverse=True))
    others = transpose(reshape(others, moved_shape), list(np.argsort(perm)))
    return multiply(_broadcast_like(_restore_dims(grad, op), x), others)


def _arg_reducer(op_type, np_name):
    def op(input, axis=None, output_type=dtypes.int64, name=None):  # noqa: A002
        x = to_tensor(input)
        ax = 0 if axis is None else int(axis)
        out_dt = dtypes.as_dtype(output_type)
        return execute(op_type, lambda v: astype(getattr(ns(v), np_name)(v, axis=ax), out_dt),
                       (x,))

    no_gradient(op_type)
    return op


argmax = _arg_reducer("ArgMax", "argmax")
argmin = _arg_reducer("ArgMin", "argmin")


def _cumsum_forward(x, axis, exclusive, reverse):
    """As TF's scan: sums start from 0 (so -0 never comes out, and an exclusive sum's first
    element is 0 even next to an inf, where ``cumsum - x`` would give nan)."""
    xp = ns(x)
    if reverse:
        x = xp.flip(x, axis=axis)
    if exclusive and x.shape[axis]:
        x = _shift_exclusive(xp, x, axis, 0)
    out = xp.cumulative_sum(x, axis=axis, dtype=x.dtype) if hasattr(xp, "cumulative_sum") \
        else xp.cumsum(x, axis=axis, dtype=x.dtype)
    if dtype_kind(out) in "fc":
        out = out + xp.zeros_like(out)
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


def _shift_exclusive(xp, x, axis, fill):
    """``x`` shifted one step along ``axis`` (toward higher indices), ``fill`` entering first."""
    head = [slice(None)] * x.ndim
    head[axis] = slice(0, 1)
    body = [slice(None)] * x.ndim
    body[axis] = slice(0, x.shape[axis] - 1)
    first = xp.full_like(x[tuple(head)], fill)
    return xp.concat([first, x[tuple(body)]], axis=axis)


def _cumprod_forward(x, axis, exclusive, reverse):
    xp = ns(x)
    if reverse:
        x = xp.flip(x, axis=axis)
    if exclusive and x.shape[axis]:
        x = _shift_exclusive(xp, x, axis, 1)
    out = xp.cumulative_prod(x, axis=axis, dtype=x.dtype) if hasattr(xp, "cumulative_prod") \
        else xp.cumprod(x, axis=axis, dtype=x.dtype)
    return xp.flip(out, axis=axis) if reverse else out


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    """Running product along ``axis``; ``exclusive`` leaves each element out, ``reverse`` runs backwards."""
    x = to_tensor(x)
    ax = int(axis) % max(x.ndim, 1)
    return execute("Cumprod", _cumprod_forward, (x,),
                   {"axis": ax, "exclusive": bool(exclusive), "reverse": bool(reverse)})


@gradient("Cumprod")
def _cumprod_grad(op, grad):
    """As TF: cumsum(y * grad) run the other way, divided by x (0 where x is 0, via divide_no_nan)."""
    from .math_ops import divide_no_nan

    a = op.attrs
    x, y = op.inputs[0], op.outputs[0]
    summed = cumsum(multiply(y, grad), a["axis"], exclusive=a["exclusive"], reverse=not a["reverse"])
    return divide_no_nan(summed, x)


# ---------- composite reductions (their gradients come from the ops they are built of) ----------
def _require_real(x: Tensor) -> Tensor:
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Input must be either real or complex. Received integer type {x.dtype}."
                        "\n  Hint: tk.cast(x, tk.float32) first.")
    return x


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """Population variance: mean of squared deviations from the mean (divides by N)."""
    from .math_ops import squared_difference

    x = _require_real(to_tensor(input_tensor))
    mean = reduce_mean(x, axis=axis, keepdims=True)
    return reduce_mean(squared_difference(x, mean), axis=axis, keepdims=keepdims)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """Population standard deviation: sqrt of ``reduce_variance``."""
    from .math_ops import sqrt

    return sqrt(reduce_variance(input_tensor, axis=axis, keepdims=keepdims))


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """log(sum(exp(x))) without overflow: the max is taken out first (and held constant)."""
    from .array_ops import reshape
    from .math_ops import add, exp, is_finite, log, stop_gradient, subtract, where
    from .creation import zeros_like

    x = to_tensor(input_tensor)
    if not x.dtype.is_floating:
        raise InvalidArgumentError(
            f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed values: bfloat16, "
            "half, float, double [Op:IsFinite] name: \n  Hint: tk.cast(x, tk.float32) first.",
            op="IsFinite")
    raw_max = reduce_max(x, axis=axis, keepdims=True)
    shift = stop_gradient(where(is_finite(raw_max), raw_max, zeros_like(raw_max)))
    out = add(log(reduce_sum(exp(subtract(x, shift)), axis=axis, keepdims=True)), shift)
    if keepdims:
        return out
    axes = normalize_axis(axis, x.ndim, "Max")
    return reshape(out, [d for i, d in enumerate(x.shape) if i not in axes])
