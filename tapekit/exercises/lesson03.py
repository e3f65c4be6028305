"""Exercises for lesson 03 (gradient tapes)."""

import numpy as np

from ._check import (Feedback, call_safely, correct, crashed, exercise, hint, kind_of, none_gradient_error, same_values,
                     shape_of, values_of)

# Exercise 1: y = x**3 - 4x at several points: (x, y, dy/dx)
_CUBIC_POINTS = [(2.0, 0.0, 8.0), (-1.0, 3.0, -1.0), (0.5, -1.875, -3.25)]

# Exercise 2: the parameters and data of the small regression problem
W_START = [[0.5], [-1.0]]
B_START = [0.25]
FEATURES = [[1.0, 2.0], [0.0, -1.0], [3.0, 1.0]]
TARGETS = [[1.0], [0.0], [2.0]]


def _regression_gradients():
    """dL/dw and dL/db of L = mean((x @ w + b - t)**2), computed by hand with NumPy."""
    x, t = np.array(FEATURES), np.array(TARGETS)
    w, b = np.array(W_START), np.array(B_START)
    error = x @ w + b - t
    scale = 2.0 / error.size
    return x.T @ (scale * error), (scale * error).sum(axis=0)


@exercise
def check_slope(slope) -> Feedback:
    """Exercise 1: ``slope(x)`` returns dy/dx of y = x**3 - 4*x for a scalar constant ``x``."""
    import tapekit as tk

    if not callable(slope):
        return hint("not_callable", "pass the function itself: check_slope(slope).")
    for point, value, derivative in _CUBIC_POINTS:
        result, exc = call_safely(slope, tk.constant(point))
        if none_gradient_error(exc):
            result, exc = None, None
        if exc is not None:
            return crashed(exc, f"slope(tk.constant({point}))")
        if result is None:
            return hint("none", "the gradient is None: x is a tk.constant, and a tape only follows constants "
                                "you pass to tape.watch(x) inside the with-block.")
        values = values_of(result)
        if values is None or values.size != 1:
            return hint("shape", f"return one number (a scalar tensor), got {kind_of(result)} "
                                 f"with shape {shape_of(result)}.")
        got = values.reshape(())
        if same_values(got, derivative):
            continue
        if same_values(got, value):
            return hint("value_not_gradient", "that is y itself; return tape.gradient(y, x) instead.")
        if same_values(got, 3 * point ** 2):
            return hint("lost_term", "the -4*x term is missing from the gradient: compute all of y inside the "
                                     "with-block, so the tape records every operation.")
        return hint("values", f"at x={point} you returned {got.item():g}; dy/dx = 3x² - 4 = {derivative:g}.")
    return correct("the tape recorded y and played it backward.")


@exercise
def check_regression_grads(grads) -> Feedback:
    """Exercise 2: the gradients of the regression loss as a dict ``{"w": dL/dw, "b": dL/db}``."""
    expected_w, expected_b = _regression_gradients()
    if grads is None:
        return hint("none", "`grads` is None: assign the result of tape.gradient(loss, params) to it.")
    if isinstance(grads, (list, tuple)):
        return hint("list", "you got a list: pass the dict `params` itself as sources, and tape.gradient "
                            "returns a dict with the same keys.")
    if not isinstance(grads, dict):
        return hint("not_dict", f"`grads` is a {kind_of(grads)}; pass the dict `params` as sources.")
    if set(grads) != {"w", "b"}:
        return hint("keys", f"the keys are {sorted(grads)}; expected 'w' and 'b', the keys of params.")
    if grads["w"] is None or grads["b"] is None:
        missing = [key for key in ("w", "b") if grads[key] is None]
        return hint("none", f"the gradient for {missing} is None: compute the loss from params['w'] and "
                            "params['b'] inside the with-block.")
    if shape_of(grads["w"]) == (1, 2) or shape_of(grads["b"]) == ():
        return hint("shape", "each gradient has the shape of its source: w is (2, 1) and b is (1,).")
    count = len(TARGETS)
    if same_values(grads["w"], count * expected_w) and same_values(grads["b"], count * expected_b):
        return hint("sum_not_mean", f"the gradients are {count} times too large: the loss averages the squared "
                                    "errors (tk.reduce_mean), it does not sum them.")
    if shape_of(grads["w"]) != (2, 1) or shape_of(grads["b"]) != (1,):
        return hint("shape", f"shapes {shape_of(grads['w'])} and {shape_of(grads['b'])}: expected (2, 1) and (1,).")
    if not (same_values(grads["w"], expected_w) and same_values(grads["b"], expected_b)):
        return hint("values", f"expected dL/dw = {expected_w.ravel().round(4).tolist()} and "
                              f"dL/db = {expected_b.round(4).tolist()}; check the loss: "
                              "mean((x @ w + b - t)**2).")
    return correct("the gradients come back in the structure of the sources.")


@exercise
def check_two_gradients(two_gradients) -> Feedback:
    """Exercise 3: ``two_gradients(x)`` returns (dy/dx, dz/dx) for y = x**2 and z = tk.exp(y), from one tape."""
    import tapekit as tk

    if not callable(two_gradients):
        return hint("not_callable", "pass the function itself: check_two_gradients(two_gradients).")
    for point in (1.5, -1.0):
        result, exc = call_safely(two_gradients, tk.Variable(point))
        if isinstance(exc, RuntimeError) and "non-persistent" in str(exc):
            return hint("not_persistent", "RuntimeError: a tape gives one set of gradients unless it is created "
                                          "with tk.GradientTape(persistent=True).")
        if none_gradient_error(exc):
            result, exc = (None, None), None
        if exc is not None:
            return crashed(exc, f"two_gradients(tk.Variable({point}))")
        if not isinstance(result, (list, tuple)) or len(result) != 2:
            return hint("pair", "return the two gradients as a pair: return dy_dx, dz_dx.")
        dy_dx, dz_dx = result
        if dy_dx is None or dz_dx is None:
            return hint("none", "a gradient is None: compute y and z inside the with-block and ask the tape "
                                "for the gradients with respect to x.")
        expected_y, expected_z = 2 * point, 2 * point * np.exp(point ** 2)
        if same_values(dy_dx, expected_z, rtol=1e-4) and same_values(dz_dx, expected_y, rtol=1e-4):
            return hint("swapped", "the two gradients are swapped: return dy/dx first, then dz/dx.")
        if same_values(dz_dx, np.exp(point ** 2), rtol=1e-4):
            return hint("dz_dy", "that is dz/dy, not dz/dx: the second gradient's source must be x.")
        if not same_values(dy_dx, expected_y, rtol=1e-4):
            return hint("values", f"at x={point} dy/dx should be 2x = {expected_y:g}.")
        if not same_values(dz_dx, expected_z, rtol=1e-4):
            return hint("values", f"at x={point} dz/dx should be 2x·exp(x²) = {expected_z:.4g}.")
    return correct("one persistent tape, two gradients.")
