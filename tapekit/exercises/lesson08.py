"""Exercises for lesson 08 (inside the tape)."""

import numpy as np

import tapekit as tk

from ._check import Feedback, call_safely, correct, crashed, exercise, hint, none_gradient_error, same_values, values_of

_CLIP_X = np.array([0.5, -2.0, 3.0, 0.0], dtype=np.float32)
_CLIP_UPSTREAM = np.array([4.0, -0.5, -3.0, 1.0], dtype=np.float32)


@exercise
def check_clip_gradient(clip_gradient) -> Feedback:
    """Exercise 1: ``clip_gradient(x)`` returns x unchanged; its gradient is the upstream gradient clipped to
    [-1, 1]."""
    if not callable(clip_gradient):
        return hint("not_callable", "pass the function itself: check_clip_gradient(clip_gradient).")
    x = tk.constant(_CLIP_X)
    with tk.GradientTape() as tape:
        tape.watch(x)
        result, exc = call_safely(clip_gradient, x)
        if exc is None and result is not None and not isinstance(result, tuple):
            total, exc = call_safely(lambda: tk.reduce_sum(result * _CLIP_UPSTREAM))
    if exc is not None:
        return crashed(exc, "clip_gradient(x)")
    if result is None:
        return hint("none", "clip_gradient returned None: return (y, grad_fn) from the decorated function.")
    if isinstance(result, tuple):
        return hint("not_decorated", "the call returned a tuple: decorate the function with @tk.custom_gradient, "
                                     "which turns (y, grad_fn) into y with a custom gradient.")
    if same_values(result, np.clip(_CLIP_X, -1.0, 1.0)) and not same_values(result, _CLIP_X):
        return hint("clipped_value", "the value was clipped; the forward pass must return x unchanged "
                                     "(tk.identity(x)) and only the gradient is clipped.")
    if not same_values(result, _CLIP_X):
        return hint("value", f"the value is {values_of(result).tolist()}; it must equal x.")
    gradient, exc = call_safely(tape.gradient, total, x)
    if none_gradient_error(exc):
        gradient, exc = None, None
    if exc is not None:
        return crashed(exc, "the gradient function")
    if gradient is None:
        return hint("no_gradient", "the gradient is None: grad_fn must return a tensor for x (and y must be "
                                   "computed from x, e.g. tk.identity(x)).")
    got = values_of(gradient)
    if same_values(got, _CLIP_UPSTREAM):
        return hint("not_clipped", "the gradient passes unchanged: grad_fn(upstream) should return "
                                   "tk.clip_by_value(upstream, -1.0, 1.0) (or tk.minimum/tk.maximum).")
    if same_values(got, np.clip(np.ones_like(_CLIP_X), -1, 1)):
        return hint("ignores_upstream", "the gradient is all ones: grad_fn must clip the upstream gradient it "
                                        "receives, not return a constant.")
    if not same_values(got, np.clip(_CLIP_UPSTREAM, -1.0, 1.0)):
        return hint("values", f"for the upstream gradient {_CLIP_UPSTREAM.tolist()} the result is {got.tolist()}; "
                              f"expected {np.clip(_CLIP_UPSTREAM, -1.0, 1.0).tolist()}.")
    return correct("the value passes through, the gradient is clipped.")


_DIVIDE_POINTS = ((3.0, 2.0), (-1.5, 0.5))


@exercise
def check_mini_divide(divide, mini_tape_class, value_class) -> Feedback:
    """Exercise 2: ``divide(a, b)`` for the notebook's mini tape: value a / b, recorded with both backward rules.

    The check differentiates ``q * q`` with ``q = divide(a, b)``, so the upstream gradient is 2q, not 1.
    """
    if not callable(divide):
        return hint("not_callable", "pass the function itself: check_mini_divide(divide, MiniTape, Value).")
    for a0, b0 in _DIVIDE_POINTS:
        def run(a0=a0, b0=b0):
            with mini_tape_class() as tape:
                a, b = value_class(a0), value_class(b0)
                q = divide(a, b)
                out = q * q
            return q, tape.gradient(out, [a, b])

        result, exc = call_safely(run)
        where = f"a={a0}, b={b0}"
        if exc is not None:
            return crashed(exc, f"the mini tape on q = divide(a, b), q * q at {where}")
        q, (grad_a, grad_b) = result
        quotient = a0 / b0
        if not same_values(getattr(q, "value", None), quotient):
            return hint("value", f"divide(a, b) at {where} gave {_number(getattr(q, 'value', q))}, not a / b = "
                                 f"{quotient:g}: compute a.value / b.value.")
        if grad_a is None and grad_b is None:
            return hint("not_recorded", "no gradient reaches a or b: build the result with op(\"RealDiv\", "
                                        "result, [a, b], backward), so that the active tape records it.")
        upstream = 2.0 * quotient
        expected_a, expected_b = upstream / b0, -upstream * a0 / b0 ** 2
        if grad_b is None:
            return hint("one_gradient", "b got no gradient: backward must return a list with two gradients, "
                                        "one for a and one for b, in the order of the inputs.")
        if same_values(grad_a, 1.0 / b0) and same_values(grad_b, -a0 / b0 ** 2):
            return hint("ignores_upstream", "the backward rule ignores its argument g, the gradient arriving from "
                                            "above: multiply each local derivative by g.")
        if same_values(grad_b, -expected_b) and same_values(grad_a, expected_a):
            return hint("sign", "the gradient for b has the wrong sign: d(a / b)/db = -a / b**2.")
        if same_values(grad_a, expected_b) and same_values(grad_b, expected_a):
            return hint("swapped", "the two gradients are swapped: backward returns them in the order of the "
                                   "inputs [a, b].")
        if not same_values(grad_a, expected_a):
            return hint("grad_a", f"at {where} the gradient for a is {_number(grad_a)}; d(a / b)/da = 1 / b, "
                                  f"times the upstream g: {expected_a:.5g}.")
        if not same_values(grad_b, expected_b):
            return hint("grad_b", f"at {where} the gradient for b is {_number(grad_b)}; d(a / b)/db = -a / b**2, "
                                  f"times the upstream g: {expected_b:.5g}.")
    return correct("division is recorded, and its backward rule sends g / b to a and -g a / b**2 to b.")


def _number(value) -> str:
    values = values_of(value)
    if values is None or values.size != 1:
        return repr(value)
    return f"{values.reshape(()).item():.5g}"
