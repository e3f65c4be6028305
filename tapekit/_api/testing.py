"""Numerical gradient checks: ``tk.test.compute_gradient`` (as TF's) and ``check_gradients``."""

from __future__ import annotations

import numpy as np

from .._core.autodiff.tape import GradientTape
from .._core.values.tensor import Tensor, convert_to_tensor


def _as_input(x) -> Tensor:
    return x if isinstance(x, Tensor) else convert_to_tensor(x)


def _theoretical(f, xs):
    """Jacobians from the tape, one row per output element: shape (out.size, x.size) each.

    As TF's, one reverse pass per output element (its one-hot as the output gradient); sparse
    gradients (IndexedSlices) are made dense.
    """
    with GradientTape(persistent=True) as tape:
        for x in xs:
            tape.watch(x)
        y = f(*xs)
    y_size = int(np.prod(y.shape))
    rows = [[] for _ in xs]
    for k in range(y_size):
        seed = np.zeros(y_size, dtype=y.dtype.numpy_dtype)
        seed[k] = 1
        grads = tape.gradient(y, list(xs), output_gradients=convert_to_tensor(seed.reshape(tuple(y.shape))),
                              unconnected_gradients="zero")
        for row, g in zip(rows, grads):
            row.append(np.asarray(convert_to_tensor(g).numpy(), dtype=np.float64).reshape(-1))
    return [np.stack(row) if row else np.zeros((0, int(np.prod(x.shape)))) for row, x in zip(rows, xs)]


def _numerical(f, xs, delta):
    """Central-difference Jacobians, same layout as ``_theoretical``."""
    base = [np.array(x.numpy(), copy=True) for x in xs]
    out = []
    for i, x in enumerate(base):
        cols = []
        for k in range(x.size):
            plus, minus = x.copy().reshape(-1), x.copy().reshape(-1)
            plus[k] += delta
            minus[k] -= delta
            args_p = [convert_to_tensor(plus.reshape(x.shape)) if j == i else convert_to_tensor(b)
                      for j, b in enumerate(base)]
            args_m = [convert_to_tensor(minus.reshape(x.shape)) if j == i else convert_to_tensor(b)
                      for j, b in enumerate(base)]
            yp = np.asarray(f(*args_p).numpy(), dtype=np.float64).reshape(-1)
            ym = np.asarray(f(*args_m).numpy(), dtype=np.float64).reshape(-1)
            cols.append((yp - ym) / (2 * delta))
        y_size = int(np.prod(np.shape(f(*[convert_to_tensor(b) for b in base]).numpy())))
        out.append(np.stack(cols, axis=1) if cols else np.zeros((y_size, 0)))
    return out


def compute_gradient(f, x, delta=None):
    """(theoretical, numerical) Jacobians of ``f`` at the list of inputs ``x``, like TF's.

    Each is a tuple with one 2-D array per input, of shape (size of y, size of that input).
    """
    xs = [_as_input(v) for v in x]
    if delta is None:
        delta = 1e-3 if any(v.dtype.name in ("float32", "float16") for v in xs) else 1e-6
    return tuple(_theoretical(f, xs)), tuple(_numerical(f, xs, delta))


def max_error(grad1, grad2) -> float:
    """The largest absolute difference between two lists of Jacobians."""
    return max((float(np.max(np.abs(a - b))) if a.size else 0.0
                for a, b in zip(grad1, grad2)), default=0.0)


def check_gradients(f, *args, atol=None, rtol=None, delta=None) -> None:
    """Assert that tapekit's gradient of ``f`` matches finite differences at ``args``.

    float64 inputs are compared tightly; float32 ones with tolerances fitted to their precision.
    Raises AssertionError naming the input and the worst element.
    """
    xs = [_as_input(a) for a in args]
    low_precision = any(v.dtype.name in ("float32", "float16") for v in xs)
    atol = atol if atol is not None else (2e-2 if low_precision else 1e-6)
    rtol = rtol if rtol is not None else (2e-2 if low_precision else 1e-5)
    if low_precision:
        # finite differences in float32 are too noisy: differentiate numerically in float64
        wide = [convert_to_tensor(np.asarray(v.numpy(), dtype=np.float64)) for v in xs]
        theo, _ = compute_gradient(f, xs, delta)
        _, num = compute_gradient(f, wide, delta or 1e-6)
    else:
        theo, num = compute_gradient(f, xs, delta)
    for i, (a, b) in enumerate(zip(theo, num)):
        if not np.allclose(a, b, atol=atol, rtol=rtol, equal_nan=True):
            k = np.unravel_index(np.argmax(np.abs(a - b)), a.shape)
            raise AssertionError(
                f"gradient of input {i} (shape {tuple(xs[i].shape)}, {xs[i].dtype.name}) differs "
                f"from finite differences: worst at (output, input)={k}: tape {a[k]!r} vs "
                f"numerical {b[k]!r}\ntape:\n{a}\nnumerical:\n{b}")
