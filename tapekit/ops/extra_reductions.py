"""Reductions beyond ``reduction.py``: ``count_nonzero`` (composed as TF composes it) and
``reduce_euclidean_norm`` (TF's ``EuclideanNorm`` op, with its gradient x / norm).
"""

from __future__ import annotations

import numpy as np

from .. import dtypes
from ..backend import ns
from ..errors import InvalidArgumentError
from ..registry import execute, gradient
from .math_ops import cast, divide, multiply, not_equal, to_tensor
from .reduction import normalize_axis, reduce_sum


def count_nonzero(input, axis=None, keepdims=None, dtype=dtypes.int64, name=None):  # noqa: A002
    """How many entries are not zero (not ``""`` for strings, not False for bools), as int64."""
    x = to_tensor(input)
    zero = "" if x.dtype.is_string else False if x.dtype.is_bool else 0
    nonzero = cast(not_equal(x, zero), dtypes.int64)
    return cast(reduce_sum(nonzero, axis=axis, keepdims=bool(keepdims)), dtype)


def _euclidean_norm(x, axis, keepdims):
    xp = ns(x)
    if x.dtype.kind in "iu":
        wide = xp.astype(x, np.float64)
        return xp.astype(xp.trunc(xp.sqrt(xp.sum(wide * wide, axis=axis, keepdims=keepdims))), x.dtype)
    return xp.astype(xp.sqrt(xp.sum(x * xp.conj(x) if x.dtype.kind == "c" else x * x, axis=axis,
                                    keepdims=keepdims)), x.dtype)


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """sqrt(sum(x ** 2)) over ``axis`` (every axis by default)."""
    x = to_tensor(input_tensor)
    if x.dtype.is_bool or x.dtype.is_string:
        raise InvalidArgumentError(f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed "
                                   "values [Op:EuclideanNorm] name: \n  Hint: take the norm of a numeric "
                                   "tensor.", op="EuclideanNorm")
    axes = normalize_axis(axis, x.ndim, "EuclideanNorm")
    return execute("EuclideanNorm", _euclidean_norm, (x,), {"axis": axes, "keepdims": bool(keepdims)})


@gradient("EuclideanNorm")
def _euclidean_norm_grad(op, grad):
    """x / norm * grad (NaN where the norm is 0, as TF)."""
    from .array_ops import reshape

    x, norm = op.inputs[0], op.outputs[0]
    if not op.attrs["keepdims"]:
        kept = [1 if i in op.attrs["axis"] else d for i, d in enumerate(x.shape)]
        norm, grad = reshape(norm, kept), reshape(grad, kept)
    return multiply(divide(x, norm), grad)
