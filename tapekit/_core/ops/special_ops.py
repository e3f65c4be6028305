"""Special functions: ``xlogy``/``xdivy``/``xlog1py`` (0 where x is 0), ``erfc`` and the gamma
family ``lgamma``, ``digamma`` and ``polygamma``, each with TF's gradient rule.

erfc and the gamma family are computed in float64 with NumPy (``math.lgamma`` for lgamma; recurrence plus
the asymptotic series for digamma and polygamma) and returned in the input's dtype. As in TF,
poles give inf (lgamma) or NaN (digamma), and polygamma's order ``a`` must be a non-negative
integer value (NaN otherwise).
"""

from __future__ import annotations

import math

import numpy as np

from ...backend import device_obj, from_host, ns, to_host
from ..record.registry import execute
from .array_ops import reshape
from .math_ops import binary_inputs, require_float, to_tensor
from .reduction import reduce_sum


def reduce_to_shape(grad, shape):
    """``grad`` summed over the axes that broadcasting added to an input of ``shape``."""
    shape = tuple(shape)
    gshape = tuple(grad.shape)
    if gshape == shape:
        return grad
    lead = len(gshape) - len(shape)
    axes = list(range(lead)) + [lead + i for i, d in enumerate(shape) if d == 1 and gshape[lead + i] != 1]
    return reshape(reduce_sum(grad, axis=axes) if axes else grad, list(shape))


def _float_binary(op_type, forward, x, y):
    x, y = binary_inputs(op_type, x, y)
    require_float(op_type, x)
    return execute(op_type, forward, (x, y))


# ---------- x * log(y), x / y, x * log1p(y): 0 wherever x == 0 ----------
def _xlogy(x, y):
    xp = ns(x)
    safe_y = xp.where(x == 0, xp.ones_like(y), y)
    return xp.where(x == 0, xp.zeros_like(x * y), x * xp.log(safe_y))


def _xdivy(x, y):
    xp = ns(x)
    safe_y = xp.where(x == 0, xp.ones_like(y), y)
    return xp.where(x == 0, xp.zeros_like(x * y), x / safe_y)


def _xlog1py(x, y):
    xp = ns(x)
    safe_y = xp.where(x == 0, xp.zeros_like(y), y)
    return xp.where(x == 0, xp.zeros_like(x * y), x * xp.log1p(safe_y))


def xlogy(x, y, name=None):
    """x * log(y), and 0 where x is 0 (even where y is 0)."""
    return _float_binary("Xlogy", _xlogy, x, y)


def xdivy(x, y, name=None):
    """x / y, and 0 where x is 0 (even where y is 0)."""
    return _float_binary("Xdivy", _xdivy, x, y)


def xlog1py(x, y, name=None):
    """x * log1p(y), and 0 where x is 0."""
    return _float_binary("Xlog1py", _xlog1py, x, y)


# ---------- erfc ----------
def _erfc_host(x):
    try:
        from scipy.special import erfc as host_erfc
    except ImportError:  # scipy is optional: the standard library, element by element
        host_erfc = np.frompyfunc(math.erfc, 1, 1)
    return np.asarray(host_erfc(x), dtype=np.float64)


def erfc(x, name=None):
    """1 - erf(x), accurate where erf(x) is close to 1."""
    x = to_tensor(x)
    require_float("Erfc", x)
    return execute("Erfc", _on_host(_erfc_host), (x,))


# ---------- the gamma family, on the host in float64 ----------
_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510,
              43867 / 798, -174611 / 330)
_SHIFT_LIMIT = 100_000  # recurrence steps; arguments below -1e5 give NaN


def _on_host(fn):
    """Run ``fn`` on the float64 host copy of ``x`` and return the input's dtype and device."""
    def forward(*arrays):
        originals = [to_host(a) for a in arrays]
        dtype = originals[-1].dtype  # a NumPy dtype, whatever the array library
        host = [np.asarray(a, dtype=np.float64) for a in originals]
        with np.errstate(all="ignore"):
            out = fn(*host)
        return from_host(np.asarray(out, dtype=dtype), device_obj(arrays[-1]))

    return forward


def _is_pole(x):
    return (x <= 0) & (x == np.floor(x))


def _lgamma_host(x):
    out = np.full(x.shape, np.inf)
    ok = ~_is_pole(x) & ~np.isinf(x)
    if ok.any():
        out[ok] = np.frompyfunc(math.lgamma, 1, 1)(x[ok]).astype(np.float64)
    out[np.isnan(x)] = np.nan
    return out


def _polygamma_positive(n: int, x):
    """psi^(n)(x) for x > 0 (n = 0: digamma): shift x up, then the asymptotic series."""
    x = np.array(x, dtype=np.float64)
    total = np.zeros_like(x)
    sign_fact = (-1.0) ** (n + 1) * math.factorial(n)
    limit = 20.0 + n
    while True:
        low = x < limit
        if not low.any():
            break
        total[low] += -1.0 / x[low] if n == 0 else sign_fact / x[low] ** (n + 1)
        x = np.where(low, x + 1, x)
    if n == 0:
        series = np.log(x) - 0.5 / x
        for k, b in enumerate(_BERNOULLI, start=1):
            series -= b / (2 * k * x ** (2 * k))
        return total + series
    series = math.factorial(n - 1) / x ** n + math.factorial(n) / (2 * x ** (n + 1))
    for k, b in enumerate(_BERNOULLI, start=1):
        series += b * math.factorial(2 * k + n - 1) / (math.factorial(2 * k) * x ** (2 * k + n))
    return total + (-1.0) ** (n + 1) * series


def _digamma_host(x):
    out = np.full(x.shape, np.nan)
    pos = x > 0
    out[pos] = _polygamma_positive(0, x[pos])
    neg = (x <= 0) & ~_is_pole(x) & np.isfinite(x)      # reflection: psi(1 - x) - pi / tan(pi x)
    out[neg] = _polygamma_positive(0, 1 - x[neg]) - np.pi / np.tan(np.pi * x[neg])
    return out


def _polygamma_host(a, x):
    a, x = np.broadcast_arrays(a, x)
    out = np.full(a.shape, np.nan)
    for n in np.unique(a[np.isfinite(a) & (a >= 0) & (a == np.floor(a))]).astype(int):
        sel = a == n
        xs = x[sel]
        if n == 0:
            out[sel] = _digamma_host(xs)
            continue
        vals = np.full(xs.shape, np.nan)
        pole = _is_pole(xs)
        vals[pole & (n % 2 == 1)] = np.inf
        shift = (xs <= 0) & ~pole & (xs > -_SHIFT_LIMIT)   # psi^(n)(x) = psi^(n)(x + k) + sum
        fact = (-1.0) ** (n + 1) * math.factorial(n)
        moved = xs[shift].copy()
        extra = np.zeros_like(moved)
        while (moved <= 0).any():
            low = moved <= 0
            extra[low] += fact / moved[low] ** (n + 1)
            moved = np.where(low, moved + 1, moved)
        vals[shift] = _polygamma_positive(n, moved) + extra
        vals[xs > 0] = _polygamma_positive(n, xs[xs > 0])
        out[sel] = vals
    return out


def lgamma(x, name=None):
    """log |Gamma(x)|; inf at 0 and the negative integers."""
    x = to_tensor(x)
    require_float("Lgamma", x)
    return execute("Lgamma", _on_host(_lgamma_host), (x,))


def digamma(x, name=None):
    """psi(x) = d/dx lgamma(x); NaN at 0 and the negative integers."""
    x = to_tensor(x)
    require_float("Digamma", x)
    return execute("Digamma", _on_host(_digamma_host), (x,))


def polygamma(a, x, name=None):
    """psi^(a)(x), the a-th derivative of digamma (a a non-negative integer value)."""
    a, x = binary_inputs("Polygamma", a, x)
    require_float("Polygamma", a)
    return execute("Polygamma", _on_host(_polygamma_host), (a, x))


