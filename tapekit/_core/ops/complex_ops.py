"""Complex numbers: ``tk.complex``, ``tk.math.real`` / ``imag`` / ``angle``, and ``abs`` of one.

Gradients follow TF's convention: for a real loss L of a complex z = x + iy, the gradient is
dL/dx + i dL/dy (the conjugate of the Wirtinger derivative dL/dz, times 2). Every rule applies
``conj`` where TF's does, so that a holomorphic f gives ``conj(f'(z))`` times the upstream.
"""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...backend import ns
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from .creation import ones_like, zeros_like
from .math_ops import binary_inputs, complex_abs, conj, less, multiply, to_tensor, where

_REAL = {dtypes.complex64: dtypes.float32, dtypes.complex128: dtypes.float64}
_COMPLEX = {dtypes.float32: dtypes.complex64, dtypes.float64: dtypes.complex128}


def _real_part(v):
    return ns(v).real(v)


def _imag_part(v):
    return ns(v).imag(v)


def real(input, name=None):
    """The real part of a complex tensor (float32 or float64); a real tensor is returned as is."""
    x = to_tensor(input)
    if x.dtype.is_complex:
        return execute("Real", _real_part, (x,))
    if x.dtype.is_string or x.dtype.is_bool:
        raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x.dtype!r}")
    return x


def imag(input, name=None):
    """The imaginary part of a complex tensor; zeros for a real tensor."""
    x = to_tensor(input)
    if x.dtype.is_complex:
        return execute("Imag", _imag_part, (x,))
    return zeros_like(x)


def _make_complex(re, im):
    xp = ns(re)
    out_dtype = np.complex64 if re.dtype == np.float32 else np.complex128
    return xp.astype(re, out_dtype) + xp.astype(im, out_dtype) * xp.asarray(1j, dtype=out_dtype)


def complex(real, imag, name=None):  # noqa: A001 - TF's name
    """``real + i * imag`` from two float32 (complex64) or float64 (complex128) tensors."""
    re, im = to_tensor(real), to_tensor(imag)
    if re.dtype is not im.dtype or re.dtype not in _COMPLEX:
        raise TypeError(f"The `real` and `imag` components have incorrect types: {re.dtype.name} {im.dtype.name}. "
                        "They must be consistent, and one of [tk.float32, tk.float64]"
                        + hint_line(_("tk.cast both parts to tk.float32 (or both to tk.float64) first.")))
    re, im = binary_inputs("Complex", re, im)
    return execute("Complex", _make_complex, (re, im))


def _angle(v):
    return ns(v).atan2(ns(v).imag(v), ns(v).real(v))


def angle(input, name=None):
    """The argument of each complex number; for real numbers pi where negative, else 0."""
    x = to_tensor(input)
    if x.dtype.is_complex:
        return execute("Angle", _angle, (x,))
    return where(less(x, zeros_like(x)), multiply(np.pi, ones_like(x)), zeros_like(x))


__all__ = ["real", "imag", "complex", "angle", "complex_abs", "conj"]
