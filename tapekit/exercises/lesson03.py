"""Exercises for lesson 03 (gradient tapes)."""

import numpy as np

import tapekit as tk

from ._check import Feedback, call_safely, correct, crashed, exercise, hint, kind_of, not_done, same_values, values_of

# Exercise 1: functions of a float64 vector, and the points where the numerical gradient is compared with the tape
NUMERICAL_CASES = [
    ("sum(x³)", lambda tk, x: tk.reduce_sum(x * x * x), [1.0, -2.0, 0.5]),
    ("x₀·exp(x₁)", lambda tk, x: x[0] * tk.exp(x[1]), [1.5, 0.5]),
    ("sum(sin(x)·x)", lambda tk, x: tk.reduce_sum(tk.sin(x) * x), [0.3, 2.0, -1.0, 4.0]),
]
# a numerical gradient this close to the tape's counts as right (a forward difference with h = 1e-5 is)
NUMERICAL_RTOL = NUMERICAL_ATOL = 1e-5

# Exercise 2: (batch, features) inputs of the broadcast scale y = x * s
SCALE_SHAPES = [(4, 3), (1, 2)]

# Exercise 3: the five-node graph a = x * y, b = a + x, L = b², at these inputs
HAND_X, HAND_Y = 3.0, 5.0
HAND_STEPS = ("b", "a", "y", "x")  # the order the backward pass reaches them


def _tape_gradient(f, point):
    x = tk.constant(point, dtype=tk.float64)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(tk, x)
    return tape.gradient(y, x).numpy()


def _close(got, expected, rtol=NUMERICAL_RTOL, atol=NUMERICAL_ATOL) -> bool:
    return same_values(got, expected, rtol=rtol, atol=atol)


@exercise
def check_numerical_grad(numerical_grad) -> Feedback:
    """Exercise 1: ``numerical_grad(f, x)`` estimates the gradient of a scalar ``f`` at a float64 vector ``x``."""
    if not callable(numerical_grad):
        return hint("not_callable", "pass the function itself: check_numerical_grad(numerical_grad).")
    report = []
    for name, f, point in NUMERICAL_CASES:
        def fn(x, f=f):
            return f(tk, x)

        tape = _tape_gradient(f, point)
        result, exc = call_safely(numerical_grad, fn, tk.constant(point, dtype=tk.float64))
        if exc is not None:
            return crashed(exc, f"numerical_grad(f, x) for f(x) = {name}")
        got = values_of(result)
        if got is None or got.dtype.kind not in "biuf":
            return hint("not_numbers", f"numerical_grad returned a {kind_of(result)}; return the estimates as a "
                                       "tensor (or array) with one number per element of x.")
        single = got.dtype == np.float32
        got = got.astype(np.float64)
        where = f"for f(x) = {name} at x = {point}"
        if got.size == 1 and tape.size > 1:
            if _close(got.reshape(()), tape.sum()):
                return hint("all_at_once", f"{where} you returned one number, the change when ALL elements move "
                                           "together. Move one element at a time (x + h·eᵢ, with eᵢ 1 at position i "
                                           "and 0 elsewhere) and return one slope per element.")
            return hint("shape", f"{where} you returned one number; return one slope per element of x, "
                                 f"shape {tape.shape}.")
        if got.shape != tape.shape:
            return hint("shape", f"{where} the result has shape {got.shape}; it needs the shape of x, {tape.shape}.")
        if _close(got, tape):
            report.append(f"  {name}: numerical {np.round(got, 4).tolist()}, tape {np.round(tape, 4).tolist()}")
            continue
        if _close(got, np.full_like(tape, tape.sum())):
            return hint("all_at_once", f"{where} every element holds the same number: the change when ALL elements "
                                       "move together. Move one element at a time, with a vector that is h at "
                                       "position i and 0 elsewhere.")
        if _close(got, -tape):
            return hint("sign", f"{where} the signs are flipped: compute f(x + h) − f(x − h), in that order.")
        if _close(got, 2 * tape, rtol=1e-3):
            return hint("two_h", f"{where} every slope is twice too large: the points x − h and x + h are 2h apart, "
                                 "so divide by 2h.")
        ratio = got / np.where(tape == 0, 1.0, tape)
        if np.all(np.abs(ratio) < 0.1) and np.ptp(ratio) < 1e-3 * max(np.abs(ratio).max(), 1e-30):
            return hint("no_division", f"{where} the numbers are far too small: a slope is a change in f DIVIDED by "
                                       "the distance between the two points.")
        if _close(got, tape, rtol=0.05):
            if single:
                return hint("float32", f"{where} the estimate is only good to a few digits, and it is float32. "
                                       "float32 keeps about 7 digits, and f(x + h) − f(x − h) loses most of them: "
                                       "stay in float64, as x is.")
            return hint("inaccurate", f"{where} the estimate is close to the tape's, but not within "
                                      f"{NUMERICAL_RTOL:g}: {np.round(got, 6).tolist()} vs "
                                      f"{np.round(tape, 6).tolist()}. Use the central difference "
                                      "(f(x + h) − f(x − h)) / 2h with h around 1e-5.")
        return hint("values", f"{where} you returned {np.round(got, 6).tolist()}; the tape says "
                              f"{np.round(tape, 6).tolist()}.")
    return correct(f"your numerical gradients agree with the tape's (within {NUMERICAL_RTOL:g}):\n"
                   + "\n".join(report) + "\nThe tape needed one backward pass per function; the finite differences "
                   "needed two evaluations of f per element.")


def _scale_data(shape, seed):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=shape).round(2).astype(np.float32),
            (rng.normal(size=shape).round(2) + 2).astype(np.float32))


def _scale_gradient_by_tape(dL_dy, x):
    """dL/ds for y = x * s, from a tape: the loss sum(dL_dy * y) has exactly dL_dy as its gradient at y."""
    s = tk.Variable(np.ones(x.shape[-1], dtype=np.float32))
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(tk.constant(dL_dy) * (tk.constant(x) * s))
    return tape.gradient(loss, s).numpy()


@exercise
def check_scale_grad(scale_gradient) -> Feedback:
    """Exercise 2: ``scale_gradient(dL_dy, x)`` is dL/ds for y = x * s, with s (features,) broadcast over the batch."""
    if not callable(scale_gradient):
        return hint("not_callable", "pass the function itself: check_scale_grad(scale_gradient).")
    for seed, shape in enumerate(SCALE_SHAPES):
        dL_dy, x = _scale_data(shape, seed)
        expected = _scale_gradient_by_tape(dL_dy, x)
        result, exc = call_safely(scale_gradient, tk.constant(dL_dy), tk.constant(x))
        if exc is not None:
            return crashed(exc, f"scale_gradient(dL_dy, x) with x of shape {shape}")
        got = values_of(result)
        if got is None:
            return hint("not_numbers", f"scale_gradient returned a {kind_of(result)}; return a tensor.")
        if _close(got, expected, rtol=1e-5, atol=1e-5):
            continue
        if got.shape == shape and _close(got, dL_dy * x):
            return hint("no_sum", f"the result has the shape of y, {shape}: one gradient per copy of s. s was "
                                  "broadcast over the batch, so the copies' gradients add up: sum over axis 0.")
        if got.size == 1 and _close(got.reshape(()), (dL_dy * x).sum()):
            return hint("sum_all", f"you summed everything into one number, but s has one entry per feature, "
                                   f"shape ({shape[1]},): sum over the batch axis only (axis=0).")
        if _close(got, (dL_dy * x).sum(axis=1)):
            return hint("axis", "you summed over the features (axis=1); s was copied along the batch, axis 0, so sum "
                                "over axis 0.")
        if _close(got, (dL_dy * x).mean(axis=0)):
            return hint("mean", "the copies' gradients add up; they are not averaged: use tk.reduce_sum, not "
                                "tk.reduce_mean.")
        if _close(got, dL_dy.sum(axis=0)):
            return hint("no_x", "the chain rule is missing a factor: y = x · s, so dy/ds = x. Multiply dL_dy by x "
                                "before you sum.")
        if _close(got, (dL_dy / x).sum(axis=0)):
            return hint("divided", "y = x · s, so dy/ds = x: multiply dL_dy by x, do not divide.")
        return hint("values", f"for x of shape {shape} you returned {np.round(got, 4).tolist()}; the tape gives "
                              f"{np.round(expected, 4).tolist()}.")
    return correct("s was used once per example, and its gradient is the sum over the batch.")


def hand_backprop_truth() -> dict:
    """dL/db, dL/da, dL/dy, dL/dx of the lesson's graph, from a tape (intermediate values as sources)."""
    x, y = tk.Variable(HAND_X), tk.Variable(HAND_Y)
    with tk.GradientTape() as tape:
        a = x * y
        b = a + x
        loss = tk.square(b)
    grads = tape.gradient(loss, {"b": b, "a": a, "y": y, "x": x})
    return {name: float(grads[name].numpy()) for name in HAND_STEPS}


def _number(value):
    values = values_of(value)
    if values is None or values.size != 1 or values.dtype.kind not in "biuf":
        return None
    return float(values.reshape(()))


def _hand_hint(name, got, truth) -> tuple[str, str]:
    x, y = HAND_X, HAND_Y
    b = x * y + x
    if name == "b":
        if np.isclose(got, b) or np.isclose(got, b * b):
            return "square", "L = b², so dL/db = 2·b (with b = x·y + x)."
        if np.isclose(got, 2.0):
            return "square", "dL/db = 2·b: the derivative of b² is 2b, evaluated at this b."
    if name == "a":
        if np.isclose(got, truth["b"] * x) or np.isclose(got, truth["b"] * y):
            return "add_passes", "b = a + x: the + passes the gradient on unchanged, so dL/da = dL/db."
    if name == "y":
        if np.isclose(got, truth["a"] * y):
            return "other_input", "a = x · y: × multiplies the gradient by the OTHER input, so dL/dy = dL/da · x."
        if np.isclose(got, truth["a"]):
            return "other_input", "a = x · y: dL/dy = dL/da · x; the local derivative of x · y with respect to y is x."
    if name == "x":
        via_a, direct = truth["a"] * y, truth["b"]
        if np.isclose(got, via_a):
            return "fan_out", ("that is only the path through a. x is used twice: in a = x · y and in b = a + x. "
                               "The gradients from both uses add up: dL/da · y + dL/db.")
        if np.isclose(got, direct):
            return "fan_out", ("that is only the path through b = a + x. x is also used in a = x · y: "
                               "add dL/da · y.")
        if np.isclose(got, truth["a"] * x + direct) or np.isclose(got, truth["a"] * x):
            return "other_input", "in a = x · y, the gradient for x is dL/da times the OTHER input, y."
    return "values", f"dL/d{name} = {got:g} is not right. Follow the one op that uses {name}, and multiply by its " \
                     "local derivative."


@exercise
def check_hand_backprop(by_hand) -> Feedback:
    """Exercise 3: the four gradients of L = (x·y + x)² computed by hand, checked step by step in backward order."""
    if not isinstance(by_hand, dict) or set(by_hand) != set(HAND_STEPS):
        return hint("format", f"pass a dict with the keys {list(HAND_STEPS)}, as the check cell does.")
    if all(by_hand[name] is Ellipsis for name in HAND_STEPS):
        return not_done()
    truth = hand_backprop_truth()
    lines = ["  dL/dL = 1 (where every backward pass starts)"]
    for name in HAND_STEPS:
        value = by_hand[name]
        if value is Ellipsis:
            return hint("unfinished", "\n".join(lines) + f"\n  dL/d{name} = ... (not done yet)\nSo far so good: "
                                      f"fill in dL_d{name} next.")
        got = _number(value)
        if got is None:
            return hint("not_a_number", f"dL_d{name} is a {kind_of(value)}; write one number.")
        if not np.isclose(got, truth[name], rtol=1e-5):
            code, text = _hand_hint(name, got, truth)
            return hint(code, "\n".join(lines) + f"\n  dL/d{name} = {got:g}   <- here\n{text}")
        lines.append(f"  dL/d{name} = {got:g}  (the tape agrees)")
    return correct("your backward pass matches the tape, step by step:\n" + "\n".join(lines))
