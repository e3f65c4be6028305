"""Reductions (sum, mean, max, ...) over axes, with TF's ``axis`` and ``keepdims``."""

from __future__ import annotations

import math

import numpy as np

from ..._base import dtypes
from ...backend import astype, device_obj, dtype_kind, from_host, np_dtype, ns, to_host
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..record.registry import execute, gradient, none_gradient
from ..values.tensor import Tensor, convert_to_tensor, convert_with_default, host_value, is_variable
from . import half_reduce
from .args import bool_attr, int_array, named_conversion
from .array_ops import reshape
from .creation import zeros_like
from .math_ops import abs as abs_
from .math_ops import (
    add,
    check_dtype,
    exp,
    is_finite,
    kernel_name,
    log,
    sqrt,
    square,
    squared_difference,
    stop_gradient,
    subtract,
    to_tensor,
    where,
)


def _axis_values(axis, op_type: str) -> list:
    """``axis`` read as TF reads a reduction's axis argument: an int32/int64 tensor, flattened."""
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, (bool, np.bool_)):
        return [int(axis)]
    if type(axis) in (list, tuple) and all(type(a) is int and -2**31 <= a < 2**31 for a in axis):
        return list(axis)   # plain ints: what the int32 tensor below would hold
    t = named_conversion(convert_with_default, axis, "axis", op_type, dtype=dtypes.int32)
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'Tidx' of {kernel_name(t.dtype)} is not in the list of allowed values: int32, int64 [Op:"
            f"{op_type}] name: "
            + hint_line(_("axis is an integer or a list of integers, such as 0 or [0, 1].")))
    return [int(a) for a in host_value(t).reshape(-1)]


def normalize_axis(axis, ndim: int, op_type: str):
    """``axis`` as a sorted tuple of non-negative ints (None means every axis), checked as TF checks it."""
    if axis is None:
        return tuple(range(ndim))
    out = []
    for a in _axis_values(axis, op_type):
        if not -ndim <= a < ndim:
            raise InvalidArgumentError(
                f"Invalid reduction dimension ({a} for input with {ndim} dimension(s) [Op:{op_type}] name: "
                + hint_line(_("axis must lie in [-{ndim}, {ndim}) for this rank-{ndim} input.").format(ndim=ndim)))
        if a % ndim in out:
            raise InvalidArgumentError(
                f"Invalid reduction arguments: Axes contains duplicate dimension: {a % ndim} [Op:{op_type}]"
                + hint_line(_("list each axis once.")))
        out.append(a % ndim)
    return tuple(sorted(out))


def _check_input(op_type: str, x: Tensor) -> None:
    check_dtype(op_type, x)  # the dtype tables are with the other ops' in math_ops


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


def _half_reduce(x, axis, keepdims, np_name):
    """A float16 sum or product in TF's order of additions (see half_reduce.py)."""
    out = half_reduce.reduce(to_host(x), tuple(axis), np_name)
    if keepdims:
        out = out.reshape([1 if i in axis else d for i, d in enumerate(x.shape)])
    return from_host(np.asarray(out), device_obj(x))


def sum_arrays(x, axis: tuple, keepdims: bool = False):
    """The ``Sum`` op's kernel on a backend array (the reverse pass unbroadcasts with it)."""
    if type(x) is np.ndarray and x.dtype.char in "fdlLiI":   # the common case, direct
        return np.add.reduce(x, axis=axis, dtype=x.dtype, keepdims=keepdims)
    return _reduce_array(x, axis, keepdims, "sum", None)


def _reduce_array(x, axis, keepdims, np_name, result_dtype):
    xp = ns(x)
    if x.size == 0 and np_name in ("max", "min"):
        return _empty_extremum(x, axis, keepdims, np_name)
    if np_name in ("sum", "prod") and np_dtype(x) == np.float16:
        return _half_reduce(x, axis, keepdims, np_name)
    if np_name in ("sum", "prod"):
        out = getattr(xp, np_name)(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    else:
        out = getattr(xp, np_name)(x, axis=axis, keepdims=keepdims)
    return out if result_dtype is not None or out.dtype == x.dtype else xp.astype(out, x.dtype)


def _reducer(op_type, np_name, differentiable=True, result_dtype=None):
    ufunc = {"sum": np.add, "prod": np.multiply}.get(np_name)

    def forward(x, axis, keepdims):
        if ufunc is not None and type(x) is np.ndarray and x.dtype.char in "fdlLiI":   # the common case, direct
            return ufunc.reduce(x, axis=axis, dtype=x.dtype, keepdims=keepdims)
        return _reduce_array(x, axis, keepdims, np_name, result_dtype)

    def op(input_tensor, axis=None, keepdims=False, name=None):
        x = to_tensor(input_tensor)
        if result_dtype is None:
            _check_input(op_type, x)
        axes = normalize_axis(axis, x.ndim, op_type)
        return execute(op_type, forward, (x,), {"axis": axes, "keepdims": bool(keepdims)})

    if not differentiable:
        gradient(op_type)(none_gradient)   # as TF: a rule that returns None, not NotDifferentiable
    return op


reduce_sum = _reducer("Sum", "sum")
reduce_prod = _reducer("Prod", "prod")
reduce_max = _reducer("Max", "max")
reduce_min = _reducer("Min", "min")
_reduce_all = _reducer("All", "all", differentiable=False, result_dtype=dtypes.bool)
_reduce_any = _reducer("Any", "any", differentiable=False, result_dtype=dtypes.bool)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    """True where every element along ``axis`` is True (bool input only, as TF)."""
    return _reduce_all(_bool_input(input_tensor, "All"), axis, keepdims)


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    """True where some element along ``axis`` is True (bool input only, as TF)."""
    return _reduce_any(_bool_input(input_tensor, "Any"), axis, keepdims)


def _bool_input(x, op_type):
    is_tensor = isinstance(x, Tensor) or is_variable(x)
    x = to_tensor(x) if is_tensor else convert_to_tensor(x, dtype=dtypes.bool)
    if not x.dtype.is_bool:
        raise InvalidArgumentError(
            f"cannot compute {op_type} as input #0(zero-based) was expected to be a bool tensor but is a "
            f"{kernel_name(x.dtype)} tensor [Op:{op_type}] name: "
            + hint_line(_("compare first (e.g. x > 0), or tk.cast(x, tk.bool).")))
    return x


def _mean_forward(x, axis, keepdims):
    if type(x) is np.ndarray and x.dtype.char in "fd":   # float32/float64 on NumPy: the common case, direct
        n = math.prod(x.shape[a] for a in axis)
        return np.add.reduce(x, axis=axis, dtype=x.dtype, keepdims=keepdims) / np.asarray(n, dtype=x.dtype)
    xp = ns(x)
    if np_dtype(x) == np.float16:  # TF: the float16 sum, divided by the count as a float16
        n = int(np.prod([x.shape[a] for a in axis])) if axis else 1
        total = to_host(_half_reduce(x, axis, keepdims, "sum"))
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            out = (total.astype(np.float32) / np.float32(np.float16(n))).astype(np.float16)
        return from_host(np.asarray(out), device_obj(x))
    if dtype_kind(x) in "iu":  # integer mean truncates toward zero, as TF
        n = max(int(np.prod([x.shape[a] for a in axis])) if axis else 1, 1)
        total = xp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
        return xp.astype(xp.sign(total) * (xp.abs(total) // n), x.dtype)
    n = math.prod(x.shape[a] for a in axis)   # 0/0 is nan, silently (ops/__init__.py: no errstate)
    out = xp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype) / xp.asarray(n, dtype=x.dtype)
    return out if out.dtype == x.dtype else xp.astype(out, x.dtype)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    """Mean over ``axis``; integer inputs give an integer mean (truncated), as TF."""
    x = to_tensor(input_tensor)
    _check_input("Mean", x)
    axes = normalize_axis(axis, x.ndim, "Mean")
    return execute("Mean", _mean_forward, (x,), {"axis": axes, "keepdims": bool(keepdims)})


def _arg_forward(v, axis, out_dtype, np_name):
    """Index of the largest (smallest) value along ``axis``, the first one on ties. As TF's kernel,
    NaN never wins: it counts as -inf for argmax (+inf for argmin), so an all-NaN row gives 0."""
    xp = ns(v)
    if dtype_kind(v) in "fc":
        fill = -xp.inf if np_name == "argmax" else xp.inf
        v = xp.where(xp.isnan(v), xp.asarray(fill, dtype=v.dtype), v)
    return astype(getattr(xp, np_name)(v, axis=axis), out_dtype)


def _arg_reducer(op_type, np_name):
    def op(input, axis=None, output_type=dtypes.int64, name=None):
        x = to_tensor(input)
        _check_input(op_type, x)
        out_dt = named_conversion(dtypes.as_dtype, output_type, "output_type", op_type)
        allowed = ("int16", "uint16", "int32", "int64") if op_type == "ArgMax" else ("int32", "int64")   # TF's
        if out_dt.name not in allowed:
            raise InvalidArgumentError(
                f"Value for attr 'output_type' of {kernel_name(out_dt)} is not in the list of allowed values: "
                f"{', '.join(allowed)} [Op:{op_type}] name: "
                + hint_line(_("output_type is the dtype of the indices: tk.int32 or tk.int64.")))
        ax = _arg_axis(axis, x.ndim, op_type)
        if x._value.shape[ax] == 0:
            raise InvalidArgumentError(
                f"Reduction axis {ax} is empty in shape {_brackets(x._value.shape)} [Op:{op_type}] name: "
                + hint_line(_("there is no largest element of an empty axis.")))
        return execute(op_type, _arg_forward, (x,), {"axis": ax, "out_dtype": out_dt, "np_name": np_name})

    gradient(op_type)(none_gradient)   # as TF: a rule that returns None, not NotDifferentiable
    return op


def _argmin_dimension(axis) -> int:
    """ArgMin's axis, read as TF 2.21 reads it: as an integer tensor that must be a scalar."""
    values = int_array(axis, "axis", "ArgMin")
    if values.ndim:
        raise InvalidArgumentError(f"dim must be a scalar, but received tensor of shape: {_brackets(values.shape)} "
                                   "[Op:ArgMin] name: " + hint_line(_("argmin takes one axis, such as axis=1.")),
                                   op="ArgMin")
    return int(values)


def _arg_axis(axis, ndim: int, op_type: str) -> int:
    if axis is None:
        axis = 0
    elif op_type == "ArgMin":   # TF's argmin converts the axis; argmax checks its type in Python first
        axis = _argmin_dimension(axis)
    elif isinstance(axis, Tensor) or is_variable(axis):
        t = to_tensor(axis)
        if not t.dtype.is_integer or t.ndim != 0:
            raise TypeError("axis must be int or Tensor with integer datatype")
        axis = int(host_value(t))
    elif not isinstance(axis, (int, np.integer)):
        raise TypeError("axis must be int or Tensor with integer datatype"
                        + hint_line(_("argmax takes one axis, such as axis=1.")))
    axis = int(axis)
    if not -max(ndim, 1) <= axis < ndim:
        low = -ndim if ndim else 0
        raise InvalidArgumentError(
            f"Expected dimension in the range [{low}, {ndim}), but got {axis} [Op:{op_type}] name: "
            + hint_line(_("this input has rank {ndim}.").format(ndim=ndim)))
    return axis % ndim


def _brackets(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


argmax = _arg_reducer("ArgMax", "argmax")
argmin = _arg_reducer("ArgMin", "argmin")


def _cumsum_forward(x, axis, exclusive, reverse):
    """As TF's scan: sums start from 0 (so -0 never comes out, and an exclusive sum's first
    element is 0 even next to an inf, where ``cumsum - x`` would give nan)."""
    xp = ns(x)
    if reverse:
        x = xp.flip(x, axis=axis)
    if exclusive and x.shape[axis]:
        x = _shift_exclusive(xp, x, axis, 0)  # sums of the values before each one, as TF (not sum - x)
    out = xp.cumulative_sum(x, axis=axis, dtype=x.dtype) if hasattr(xp, "cumulative_sum") \
        else xp.cumsum(x, axis=axis, dtype=x.dtype)
    if dtype_kind(out) in "fc":
        out = out + xp.zeros_like(out)
    return xp.flip(out, axis=axis) if reverse else out


def _scan_axis(axis, x: Tensor, op_type: str) -> int:
    ax = _axis_values(axis, op_type)
    shape = list(np.shape(ax)) if isinstance(axis, (list, tuple)) else list(getattr(axis, "shape", []))
    if shape or len(ax) != 1:   # (0,) too: TF's scan axis is a scalar
        raise InvalidArgumentError(f"ScanOp: axis must be a scalar, not {_brackets(shape)} [Op:{op_type}] name: "
                                   + hint_line(_("{op} runs along one axis, such as axis=0.").format(op=op_type)))
    a = ax[0]
    if not -x.ndim <= a < x.ndim:
        raise InvalidArgumentError(
            f"ScanOp: Expected scan axis in the range [{-x.ndim}, {x.ndim}), but got {a} [Op:{op_type}] name: "
            + hint_line(_("this input has rank {ndim}.").format(ndim=x.ndim)))
    return a % x.ndim


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    """Running sum along ``axis``; ``exclusive`` leaves each element out, ``reverse`` runs backwards."""
    x = to_tensor(x)
    _check_input("Cumsum", x)
    ax = _scan_axis(axis, x, "Cumsum")
    return execute("Cumsum", _cumsum_forward, (x,),
                   {"axis": ax, "exclusive": bool_attr(exclusive, "exclusive"),
                    "reverse": bool_attr(reverse, "reverse")})


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
    _check_input("Cumprod", x)
    ax = _scan_axis(axis, x, "Cumprod")
    return execute("Cumprod", _cumprod_forward, (x,),
                   {"axis": ax, "exclusive": bool_attr(exclusive, "exclusive"),
                    "reverse": bool_attr(reverse, "reverse")})


# ---------- composite reductions (their gradients come from the ops they are built of) ----------
def _require_real(x: Tensor) -> Tensor:
    check_dtype("Mean", x)   # bools and strings: Mean's InvalidArgumentError, as in TF
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Input must be either real or complex. Received integer type {x.dtype}."
                        + hint_line(_("tk.cast(x, tk.float32) first.")))
    return x


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """Population variance: mean of squared deviations from the mean (divides by N)."""
    x = _require_real(to_tensor(input_tensor))
    mean = reduce_mean(x, axis=axis, keepdims=True)
    if x.dtype.is_complex:   # TF: the mean of |x - mean|^2, a real tensor
        return reduce_mean(square(abs_(subtract(x, mean))), axis=axis, keepdims=keepdims)
    return reduce_mean(squared_difference(x, mean), axis=axis, keepdims=keepdims)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    """Population standard deviation: sqrt of ``reduce_variance``."""
    return sqrt(reduce_variance(input_tensor, axis=axis, keepdims=keepdims))


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """log(sum(exp(x))) without overflow: the max is taken out first (and held constant)."""
    x = to_tensor(input_tensor)
    if not x.dtype.is_floating:
        raise InvalidArgumentError(
            f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed values: bfloat16, half, float, "
            "double [Op:IsFinite] name: "
            + hint_line(_("tk.cast(x, tk.float32) first.")),
            op="IsFinite")
    raw_max = reduce_max(x, axis=axis, keepdims=True)
    shift = stop_gradient(where(is_finite(raw_max), raw_max, zeros_like(raw_max)))
    out = add(log(reduce_sum(exp(subtract(x, shift)), axis=axis, keepdims=True)), shift)
    if keepdims:
        return out
    axes = normalize_axis(axis, x.ndim, "Max")
    return reshape(out, [d for i, d in enumerate(x.shape) if i not in axes])
