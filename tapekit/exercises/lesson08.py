"""Exercises for lesson 08 (inside the tape)."""

import numpy as np

from ._check import Feedback, call_safely, correct, crashed, exercise, hint, none_gradient_error, same_values, values_of

_CLIP_X = np.array([0.5, -2.0, 3.0, 0.0], dtype=np.float32)
_CLIP_UPSTREAM = np.array([4.0, -0.5, -3.0, 1.0], dtype=np.float32)


@exercise
def check_clip_gradient(clip_gradient) -> Feedback:
    """Exercise 1: ``clip_gradient(x)`` returns x unchanged; its gradient is the upstream gradient clipped to
    [-1, 1]."""
    import tapekit as tk

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


@exercise
def check_mini_exp(exp, mini_tape_class, value_class) -> Feedback:
    """Exercise 2: ``exp(x)`` for the notebook's mini tape: value e**x, recorded with the right backward rule."""
    if not callable(exp):
        return hint("not_callable", "pass the function itself: check_mini_exp(exp, MiniTape, Value).")
    for point in (0.3, -1.2):
        def run(point=point):
            with mini_tape_class() as tape:
                x = value_class(point)
                out = exp(x) * x
            return out, tape.gradient(out, [x])[0]

        result, exc = call_safely(run)
        if exc is not None:
            return crashed(exc, f"the mini tape on exp(x) * x at x={point}")
        out, grad = result
        expected_value = np.exp(point) * point
        if not same_values(getattr(out, "value", None), expected_value):
            return hint("value", "exp(x) does not compute e**x: use np.exp(x.value) as the result of op(...).")
        if grad is None or same_values(grad, np.exp(point)):
            return hint("not_recorded", "no gradient reaches x through exp: build the result with "
                                        "op(result, [x], backward) so the active tape records it.")
        expected = np.exp(point) * (point + 1.0)
        if same_values(grad, 2.0 * np.exp(point)):
            return hint("ignores_upstream", "the backward rule ignores its argument g: return [g * np.exp(x.value)], "
                                            "the upstream gradient times the local derivative.")
        if same_values(grad, np.exp(point) + point):
            return hint("forgot_exp", "the backward rule returns g alone: the local derivative of e**x is e**x, so "
                                      "return [g * np.exp(x.value)].")
        if not same_values(grad, expected):
            return hint("values", f"at x={point} the gradient of exp(x) * x is e**x (x + 1) = {expected:.5g}; "
                                  f"got {np.asarray(grad).item():.5g}.")
    return correct("exp is recorded and its backward rule applies the chain rule.")
