"""Helpers shared by the test modules: tape gradients to first and second order, finite differences.

``from helpers import grads`` works from every test folder: pyproject.toml's pytest ``pythonpath``
puts ``tests/`` on ``sys.path``. Fixtures (``rng``, the tape-leak check) are in ``tests/conftest.py``.
"""

from __future__ import annotations

import numpy as np

import tapekit as tk

# TF's message when a non-persistent tape is asked for gradients a second time
NON_PERSISTENT = ("A non-persistent GradientTape can only be used to compute one set of gradients "
                  "(or jacobians)")


def val(t):
    """A tensor's value as a NumPy array."""
    return np.asarray(t.numpy())


def grads(f, *xs, dtype=None):
    """(value, [gradient per input]) of f at the given values, every input watched."""
    xs = [tk.constant(x, dtype) for x in xs]
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(xs)
        y = f(*xs)
    return y, [tape.gradient(y, x) for x in xs]


def second(f, x, dtype=None):
    """(first, second) derivative of f at x via nested tapes."""
    x = tk.constant(x, dtype)
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        d1 = inner.gradient(y, x)
    return d1, outer.gradient(d1, x)


def one_output(out, dtype=tk.float64):
    """One tensor for a multi-output op (split, unstack, moments): all outputs flattened, joined."""
    if isinstance(out, (list, tuple)):
        return tk.concat([tk.reshape(o, [-1]) for o in out], 0) if out else tk.zeros([0], dtype)
    return out


def first_derivative(f, weights):
    """xs -> the gradient of sum(weights * f(*xs)) in every x, flattened and joined.

    Written with a tape, so that an outer tape differentiates it: checking it against finite
    differences checks the gradient of the gradient (autograd's ``check_grads(order=2)``).
    """
    def first(*xs):
        with tk.GradientTape() as tape:
            tape.watch(list(xs))
            y = one_output(f(*xs))
            total = tk.reduce_sum(y * tk.constant(weights, dtype=y.dtype))
        gs = tape.gradient(total, list(xs), unconnected_gradients="zero")
        return tk.concat([tk.reshape(tk.convert_to_tensor(g), [-1]) for g in gs], 0)

    return first


def numeric_gradient(f, x, eps=1e-6):
    """Central differences of a scalar NumPy function ``f`` at the array ``x`` (same shape as x)."""
    x = np.array(x, dtype=np.float64)
    out = np.zeros_like(x)
    for k in range(x.size):
        up, down = x.copy(), x.copy()
        up.flat[k] += eps
        down.flat[k] -= eps
        out.flat[k] = (float(f(up)) - float(f(down))) / (2 * eps)
    return out
