"""Exercises for lesson 07 (higher-order gradients and Jacobians)."""

import numpy as np

from ._check import (Feedback, call_safely, correct, crashed, exercise, hint, kind_of, none_gradient_error, same_values,
                     shape_of, values_of)

# f(x), f'(x), f''(x), f'''(x) at a point, for the third-derivative check
_POLYNOMIALS = [
    # f(x) = x**4 at x = 1
    (lambda x: x ** 4, 1.0, (4.0, 12.0, 24.0)),
    # f(x) = 2 x**3 + x**2 at x = -1.5
    (lambda x: 2.0 * x ** 3 + x ** 2, -1.5, (10.5, -16.0, 12.0)),
    # f(x) = x**5 at x = 1.5
    (lambda x: x ** 5, 1.5, (25.3125, 67.5, 135.0)),
]

JACOBIAN_POINT = [1.0, 2.0, 3.0]


def jacobian_target(x):
    """The function of exercise 2: y = [x0 * x1, x1 + x2]."""
    import tapekit as tk

    return tk.stack([x[0] * x[1], x[1] + x[2]])


@exercise
def check_third_derivative(third_derivative) -> Feedback:
    """Exercise 1: ``third_derivative(f, x)`` returns f'''(x) for a scalar constant ``x``."""
    import tapekit as tk

    if not callable(third_derivative):
        return hint("not_callable", "pass the function itself: check_third_derivative(third_derivative).")
    for f, point, (first, second, third) in _POLYNOMIALS:
        result, exc = call_safely(third_derivative, f, tk.constant(point))
        if none_gradient_error(exc):
            result, exc = None, None
        if exc is not None:
            return crashed(exc, f"third_derivative(f, tk.constant({point}))")
        if result is None:
            return hint("none", "a gradient came out None: x is a constant, so every tape must tape.watch(x), and "
                                "each inner gradient must be computed inside the with-blocks of the outer tapes.")
        values = values_of(result)
        if values is None or values.size != 1:
            return hint("shape", f"return a single number, got {kind_of(result)} with shape {shape_of(result)}.")
        if same_values(values.reshape(()), second):
            return hint("order2", "that is the second derivative: a third derivative needs three nested tapes.")
        if same_values(values.reshape(()), first):
            return hint("order1", "that is the first derivative: nest three tapes and differentiate three times.")
        if not same_values(values.reshape(()), third):
            return hint("values", f"for the point x={point} you returned {values.reshape(()).item():g}, "
                                  f"the third derivative is {third:g}.")
    return correct("three nested tapes give the third derivative.")


@exercise
def check_jacobian(answer) -> Feedback:
    """Exercise 2: the Jacobian of ``jacobian_target`` at JACOBIAN_POINT, shape (2, 3)."""
    if answer is None:
        return hint("none", "the answer is None: watch x (it is a constant) before computing y on the tape.")
    x0, x1, _ = JACOBIAN_POINT
    expected = np.array([[x1, x0, 0.0], [0.0, 1.0, 1.0]])
    shape = shape_of(answer)
    if shape == (3,) and same_values(answer, expected.sum(axis=0)):
        return hint("summed", "shape (3,): tape.gradient sums over the elements of y. tape.jacobian keeps one row "
                              "per element of y.")
    if shape == (3, 2) and same_values(answer, expected.T):
        return hint("transposed", "the Jacobian is transposed: it has one row per element of the target y "
                                  "and one column per element of the source x, so shape (2, 3).")
    if shape != (2, 3):
        return hint("shape", f"the shape is {shape}; the Jacobian of 2 outputs w.r.t. 3 inputs is (2, 3).")
    if not same_values(answer, expected):
        return hint("values", f"got {values_of(answer).tolist()}; row i holds dy_i/dx_j for each j.")
    return correct("one row per output, one column per input.")


def _hvp_cases():
    """(f, x, v, gradient, Hessian) for f(x) = 0.5 * sum(x)**2 + sum(x**3): H = 1 + diag(6 x)."""
    import tapekit as tk

    def f(x):
        return 0.5 * tk.reduce_sum(x) ** 2 + tk.reduce_sum(x ** 3)

    cases = []
    for x, v in (([1.0, -2.0, 0.5], [1.0, 0.0, 2.0]), ([0.5, 1.5], [-1.0, 3.0])):
        x, v = np.array(x), np.array(v)
        grad = x.sum() + 3 * x ** 2
        hessian = np.ones((x.size, x.size)) + np.diag(6 * x)
        cases.append((f, x, v, grad, hessian))
    return cases


@exercise
def check_hvp(hvp) -> Feedback:
    """Exercise 3: ``hvp(f, x, v)`` returns the Hessian of ``f`` at ``x`` times ``v`` (a vector like ``x``)."""
    import tapekit as tk

    if not callable(hvp):
        return hint("not_callable", "pass the function itself: check_hvp(hvp).")
    for f, x, v, grad, hessian in _hvp_cases():
        result, exc = call_safely(hvp, f, tk.constant(x, dtype=tk.float32), tk.constant(v, dtype=tk.float32))
        if none_gradient_error(exc):
            result, exc = None, None
        if exc is not None:
            return crashed(exc, "hvp(f, x, v)")
        if result is None:
            return hint("none", "a gradient came out None: watch x on both tapes and take the inner gradient "
                                "inside the outer tape's with-block.")
        shape = shape_of(result)
        if shape == hessian.shape and same_values(result, hessian, rtol=1e-4):
            return hint("full_hessian", "that is the whole Hessian matrix; multiply it by v, or better, "
                                        "differentiate sum(gradient * v) so the matrix is never built.")
        if same_values(result, grad, rtol=1e-4):
            return hint("gradient", "that is the gradient of f; differentiate once more, "
                                    "the dot product of the gradient with v.")
        if same_values(result, np.diag(hessian) * v, rtol=1e-4):
            return hint("diagonal", "you multiplied v by the Hessian's diagonal only: reduce_sum(g * v) "
                                    "before the outer gradient couples all entries.")
        if shape != x.shape:
            return hint("shape", f"the result has shape {shape}; H @ v has the shape of x, {x.shape}.")
        if not same_values(result, hessian @ v, rtol=1e-4):
            return hint("values", f"got {values_of(result).tolist()}; expected H @ v = {(hessian @ v).tolist()}.")
    return correct("a Hessian-vector product without building the Hessian.")
