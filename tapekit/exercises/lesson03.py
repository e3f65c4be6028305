"""Exercises for lesson 03 (gradient tapes)."""

import functools

import numpy as np

import tapekit as tk

from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    forbidden,
    framework,
    hint,
    kind_of,
    same_values,
    shape_text,
    student_constant,
    tape_routes,
    values_of,
)
from ._predict import prediction_values, wrong_items, wrong_items_hint

# Exercise 1: functions of a float64 vector, and the points where the numerical gradient is compared with the tape
NUMERICAL_CASES = [
    ("sum(x³)", lambda tk, x: tk.reduce_sum(x * x * x), [1.0, -2.0, 0.5]),
    ("x₀·exp(x₁)", lambda tk, x: x[0] * tk.exp(x[1]), [1.5, 0.5]),
    ("sum(sin(x)·x)", lambda tk, x: tk.reduce_sum(tk.sin(x) * x), [0.3, 2.0, -1.0, 4.0]),
]
# held back (not shown in the lesson): computed in NumPy, so no tape could differentiate it
HIDDEN_NUMERICAL_CASE = ("sum(x²·cos(x))", lambda tk, x: tk.reduce_sum(x * x * tk.cos(x)),
                         lambda x: np.sum(x * x * np.cos(x)), [0.7, -1.3, 2.2, 0.1, -0.4])
# a numerical gradient this close to the tape's counts as right (a forward difference with h = 1e-5 is)
NUMERICAL_RTOL = NUMERICAL_ATOL = 1e-5

# Exercise 2: (batch, features) inputs of the broadcast scale y = x * s
SCALE_SHAPES = [(4, 3), (1, 2), (6, 5)]  # none is shown in the lesson

# Exercise 3: the five-node graph a = x * y, b = a + x, L = b², at the lesson's inputs, then at held-back ones
HAND_POINTS = ((3.0, 5.0), (2.0, -1.5), (-0.5, 4.0))
HAND_STEPS = ("b", "a", "y", "x")  # the order the backward pass reaches them


def _tape_gradient(f, point):
    x = tk.constant(point, dtype=tk.float64)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(tk, x)
    return tape.gradient(y, x).numpy()


def _close(got, expected, rtol=NUMERICAL_RTOL, atol=NUMERICAL_ATOL) -> bool:
    return same_values(got, expected, rtol=rtol, atol=atol)


def _through_numpy(f):
    """``f`` computed in NumPy on the tensor's values: a function that no tape can differentiate."""
    def fn(x):
        return student_constant(f(np.asarray(x.numpy())), "float64")
    return fn


def _no_tape_message() -> str:
    return _("your numerical_grad used a gradient tape (or another automatic route). A numerical gradient comes "
             "from values of f alone: evaluate f at nearby points and divide the change by the distance.")


def _numerical_cases():
    """(name, f, f as the student gets it, point, shown in the lesson): the lesson's three, then the held-back one."""
    fw = framework()
    cases = [(name, f, functools.partial(f, fw), point, True) for name, f, point in NUMERICAL_CASES]
    name, f, numpy_f, point = HIDDEN_NUMERICAL_CASE
    return cases + [(name, f, _through_numpy(numpy_f), point, False)]


@exercise(answer=lambda: _NUMERICAL_ANSWER)
def check_numerical_grad(numerical_grad) -> Feedback:
    """Exercise 1: ``numerical_grad(f, x)`` estimates the gradient of a scalar ``f`` at a float64 vector ``x``.

    Checked on the lesson's three functions and on a held-back one computed in NumPy, with every
    tape refused while ``numerical_grad`` runs.
    """
    if not callable(numerical_grad):
        return hint("not_callable", _("pass the function itself: check_numerical_grad(numerical_grad)."))
    report = []
    for name, f, fn, point, shown in _numerical_cases():
        tape = _tape_gradient(f, point)
        with forbidden(tape_routes(), "tape_used", _no_tape_message()) as refused:
            result, exc = call_safely(numerical_grad, fn, student_constant(point, "float64"))
        if refused:
            return hint("tape_used", _no_tape_message())
        if exc is not None:
            return crashed(exc, _("numerical_grad(f, x) for f(x) = {name}").format(name=name))
        got = values_of(result)
        if got is None or got.dtype.kind not in "biuf":
            return hint("not_numbers", _("numerical_grad returned a {kind}; return the estimates as a tensor (or "
                                         "array) with one number per element of x.").format(
                                           kind=kind_of(result)))
        single = got.dtype == np.float32
        got = got.astype(np.float64)
        where = _("for f(x) = {name} at x = {point}").format(name=name, point=point)
        if got.size == 1 and tape.size > 1:
            if _close(got.reshape(()), tape.sum()):
                return hint("all_at_once", _("{where} you returned one number, the change when ALL elements move "
                                             "together. Move one element at a time (x + h·eᵢ, with eᵢ 1 at position "
                                             "i and 0 elsewhere) and return one slope per element.").format(
                                               where=where))
            return hint("shape", _("{where} you returned one number; return one slope per element of x, shape "
                                   "{shape}.").format(
                                     where=where, shape=tape.shape))
        if got.shape != tape.shape:
            return hint("shape", _("{where} the result has shape {shape}; it needs the shape of x, {shape2}.").format(
                                     where=where, shape=got.shape, shape2=tape.shape))
        if _close(got, tape):
            if shown:
                report.append("  " + _("{name}: numerical {got}, tape {tape}").format(
                    name=name, got=np.round(got, 4).tolist(), tape=np.round(tape, 4).tolist()))
            continue
        if _close(got, np.full_like(tape, tape.sum())):
            return hint("all_at_once", _("{where} every element holds the same number: the change when ALL elements "
                                         "move together. Move one element at a time, with a vector that is h at "
                                         "position i and 0 elsewhere.").format(
                                           where=where))
        if _close(got, -tape):
            return hint("sign", _("{where} the signs are flipped: compute f(x + h) − f(x − h), in that order.").format(
                                    where=where))
        if _close(got, 2 * tape, rtol=1e-3):
            return hint("two_h", _("{where} every slope is twice too large: the points x − h and x + h are 2h apart, "
                                   "so divide by 2h.").format(where=where))
        ratio = got / np.where(tape == 0, 1.0, tape)
        if np.all(np.abs(ratio) < 0.1) and np.ptp(ratio) < 1e-3 * max(np.abs(ratio).max(), 1e-30):
            return hint("no_division", _("{where} the numbers are far too small: a slope is a change in f DIVIDED by "
                                         "the distance between the two points.").format(
                                           where=where))
        if _close(got, tape, rtol=0.05):
            if single:
                return hint("float32", _("{where} the estimate is only good to a few digits, and it is float32. "
                                         "float32 keeps about 7 digits, and f(x + h) − f(x − h) loses most of them: "
                                         "stay in float64, as x is.").format(
                                           where=where))
            return hint("inaccurate", _("{where} the estimate is close to the tape's, but not within "
                                        "{numerical_rtol:g}: {got} vs {tape}. Use the central difference (f(x + h) − "
                                        "f(x − h)) / 2h with h around 1e-5.").format(
                                          where=where, numerical_rtol=NUMERICAL_RTOL, got=np.round(got, 6).tolist(),
                                          tape=np.round(tape, 6).tolist()))
        return hint("values", _("{where} you returned {got}; the tape says {tape}.").format(
                                  where=where, got=np.round(got, 6).tolist(), tape=np.round(tape, 6).tolist()))
    return correct(_("your numerical gradients agree with the tape's (within {rtol:g}):").format(rtol=NUMERICAL_RTOL)
                   + "\n" + "\n".join(report) + "\n"
                   + _("and on a function you have not seen, computed in NumPy, where no tape could help.") + "\n"
                   + _("The tape needed one backward pass per function; the finite differences needed two evaluations "
                       "of f per element."))


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


@exercise(answer=lambda: _SCALE_ANSWER)
def check_scale_grad(scale_gradient) -> Feedback:
    """Exercise 2: ``scale_gradient(dL_dy, x)`` is dL/ds for y = x * s, with s (features,) broadcast over the batch."""
    if not callable(scale_gradient):
        return hint("not_callable", _("pass the function itself: check_scale_grad(scale_gradient)."))
    for seed, shape in enumerate(SCALE_SHAPES):
        dL_dy, x = _scale_data(shape, seed)
        expected = _scale_gradient_by_tape(dL_dy, x)
        result, exc = call_safely(scale_gradient, student_constant(dL_dy), student_constant(x))
        if exc is not None:
            return crashed(exc, _("scale_gradient(dL_dy, x) with x of shape {shape}").format(shape=shape))
        got = values_of(result)
        if got is None:
            return hint("not_numbers", _("scale_gradient returned a {kind}; return a tensor.").format(
                                           kind=kind_of(result)))
        if _close(got, expected, rtol=1e-5, atol=1e-5):
            continue
        if got.shape == shape and _close(got, dL_dy * x):
            return hint("no_sum", _("the result has the shape of y, {shape}: one gradient per copy of s. s was "
                                    "broadcast over the batch, so the copies' gradients add up: sum "
                                    "over axis 0.").format(
                                      shape=shape))
        if got.size == 1 and _close(got.reshape(()), (dL_dy * x).sum()):
            return hint("sum_all", _("you summed everything into one number, but s has one entry per feature, shape "
                                     "({shape},): sum over the batch axis only (axis=0).").format(
                                       shape=shape[1]))
        if _close(got, (dL_dy * x).sum(axis=1)):
            return hint("axis", _("you summed over the features (axis=1); s was copied along the batch, axis 0, so "
                                  "sum over axis 0."))
        if _close(got, (dL_dy * x).mean(axis=0)):
            return hint("mean", _("the copies' gradients add up; they are not averaged: use tk.reduce_sum, not "
                                  "tk.reduce_mean."))
        if _close(got, dL_dy.sum(axis=0)):
            return hint("no_x", _("the chain rule is missing a factor: y = x · s, so dy/ds = x. Multiply dL_dy by x "
                                  "before you sum."))
        if _close(got, (dL_dy / x).sum(axis=0)):
            return hint("divided", _("y = x · s, so dy/ds = x: multiply dL_dy by x, do not divide."))
        return hint("values", _("for x of shape {shape} you returned {got}; the tape gives {expected}.").format(
                                  shape=shape, got=np.round(got, 4).tolist(), expected=np.round(expected, 4).tolist()))
    return correct(_("s was used once per example, and its gradient is the sum over the batch."))


def hand_backprop_truth(x0: float = HAND_POINTS[0][0], y0: float = HAND_POINTS[0][1]) -> dict:
    """dL/db, dL/da, dL/dy, dL/dx of the lesson's graph at (x0, y0), from a tape (intermediate values as sources)."""
    x, y = tk.Variable(x0), tk.Variable(y0)
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


def _hand_hint(name, got, truth, x, y) -> tuple:
    """The mistake behind a wrong dL/d``name`` at (x, y): (code, idea, closer); never the right number."""
    b = x * y + x
    if name == "b" and any(np.isclose(got, wrong) for wrong in (b, b * b, 2.0)):
        return ("square", _("L = b², so dL/db is the derivative of b², evaluated at this b."),
                _("the derivative of b² is 2·b, and here b = x·y + x."))
    if name == "a" and any(np.isclose(got, truth["b"] * other) for other in (x, y)):
        return ("add_passes", _("b = a + x: the local derivative of a + x with respect to a is 1."),
                _("+ passes the gradient on unchanged: dL/da = dL/db."))
    if name == "y" and any(np.isclose(got, wrong) for wrong in (truth["a"] * y, truth["a"])):
        return ("other_input", _("a = x · y: × multiplies the gradient that arrives by the OTHER input."),
                _("the local derivative of x · y with respect to y is x: dL/dy = dL/da · x."))
    if name == "x":
        via_a, direct = truth["a"] * y, truth["b"]
        if np.isclose(got, via_a) or np.isclose(got, direct):
            return ("fan_out", _("that is only one of the paths from L to x. x is used twice: in a = x · y and in "
                                 "b = a + x."),
                    _("the gradients from both uses of x add up: dL/dx = dL/da · y + dL/db."))
        if np.isclose(got, truth["a"] * x + direct) or np.isclose(got, truth["a"] * x):
            return ("other_input", _("in a = x · y, the gradient for x is dL/da times the OTHER input."),
                    _("in a = x · y, the gradient for x is dL/da · y."))
    return ("values", _("dL/d{name} = {got:g} is not right. Follow the one op that uses {name}, and multiply by its "
                        "local derivative.").format(name=name, got=got),)


def _no_tape_by_hand() -> str:
    return _("your backward function used a gradient tape. This exercise is the backward pass by hand: multiply "
             "the local derivatives yourself, with plain arithmetic.")


def _backward_at(backward, x0, y0):
    """``backward(x0, y0)`` with every tape refused: (dict of numbers, None) or (None, a failing verdict)."""
    with forbidden(tape_routes(), "tape_used", _no_tape_by_hand()) as refused:
        result, exc = call_safely(backward, x0, y0)
    if refused:
        return None, hint("tape_used", _no_tape_by_hand())
    if exc is not None:
        return None, crashed(exc, f"backward({x0}, {y0})")
    if not isinstance(result, dict) or set(result) != set(HAND_STEPS):
        return None, hint("format", _("backward(x, y) returned a {kind}; return a dict with the keys {hand_steps}, "
                                      "as the cell's last line does.").format(
                                        kind=kind_of(result), hand_steps=list(HAND_STEPS)))
    return result, None


@exercise(answer=lambda: _HAND_ANSWER)
def check_hand_backprop(backward) -> Feedback:
    """Exercise 3: ``backward(x, y)`` returns the four gradients of L = (x·y + x)² by hand, as a dict.

    Checked step by step in backward order at the lesson's point and at two held-back ones, with
    every tape refused while it runs (a tape in scope holds at most the lesson's point).
    """
    if not callable(backward):
        return hint("not_callable", _("pass the function itself: check_hand_backprop(backward)."))
    shown_lines = []
    for x0, y0 in HAND_POINTS:
        result, verdict = _backward_at(backward, x0, y0)
        if verdict is not None:
            return verdict
        truth = hand_backprop_truth(x0, y0)
        lines = ["  " + _("dL/dL = 1 (where every backward pass starts)")]
        for name in HAND_STEPS:
            got = _number(result[name])
            if got is None:
                return hint("not_a_number", _("dL/d{name} is a {kind}; return one number.").format(
                                                name=name, kind=kind_of(result[name])))
            if not np.isclose(got, truth[name], rtol=1e-5):
                code, *texts = _hand_hint(name, got, truth, x0, y0)
                here = _("dL/d{name} = {got:g}   <- here").format(name=name, got=got)
                steps = "\n".join([_("at x = {x:g}, y = {y:g}:").format(x=x0, y=y0), *lines, "  " + here])
                return hint(code, *(f"{steps}\n{text}" for text in texts))
            lines.append("  " + _("dL/d{name} = {got:g}  (the tape agrees)").format(name=name, got=got))
        if (x0, y0) == HAND_POINTS[0]:
            shown_lines = lines
    return correct(_("your backward pass matches the tape, step by step:") + "\n" + "\n".join(shown_lines) + "\n"
                   + _("It also holds at two points you have not seen."))


_NUMERICAL_ANSWER = """def numerical_grad(f, x, h=1e-5):
    n = x.shape[0]
    slopes = []
    for i in range(n):
        step = h * tk.one_hot(i, n, dtype=x.dtype)
        slopes.append((f(x + step) - f(x - step)) / (2 * h))
    return tk.stack(slopes)"""

_SCALE_ANSWER = """def scale_gradient(dL_dy, x):
    return tk.reduce_sum(dL_dy * x, axis=0)"""

_HAND_ANSWER = """def backward(x, y):
    a = x * y
    b = a + x
    dL_db = 2 * b               # L = b²
    dL_da = dL_db               # + passes it on
    dL_dy = dL_da * x           # × : the other input
    dL_dx = dL_da * y + dL_db   # x is used twice: the two gradients add up
    return {"b": dL_db, "a": dL_da, "y": dL_dy, "x": dL_dx}"""


# Exercise 4: predict the sum at the broadcast of b in y = x + b, loss = ½·sum(y²) (so dloss/dy = y)
BIAS_SUM_X = [[1.0, 2.0], [3.0, -1.0], [0.0, 2.0]]   # a batch of 3 examples, 2 features
BIAS_SUM_B = [1.0, 0.5]


def bias_sum_truth() -> np.ndarray:
    """dloss/db by the chain rule: dloss/dy = y = x + b, one row per example; b's copies add up over the batch."""
    return (np.asarray(BIAS_SUM_X) + np.asarray(BIAS_SUM_B)).sum(axis=0)


def _bias_sum_shape_hint(got: np.ndarray, rows: np.ndarray) -> Feedback:
    if got.shape == rows.shape:
        return hint("no_sum", _("your prediction has one row per example, shape {shape}: that is the gradient "
                                "that ARRIVES at the +. b has shape (2,); its copies' gradients add up.").format(
                                  shape=shape_text(rows.shape)))
    if got.size == 1:
        return hint("sum_all", _("you predicted one number, but b has one entry per feature, shape (2,): add up "
                                 "the rows only, not everything."))
    return hint("shape", _("your prediction has shape {got}; the gradient of b has b's shape, (2,).").format(
                             got=shape_text(got.shape)))


@exercise(answer=lambda: _("predicted_b_grad = {value}").format(value=bias_sum_truth().tolist())
          + "\n" + _("dloss/dy = y = x + b has one row per example; b was copied to every row, so its gradient "
                     "is the sum of the rows."))
def check_bias_sum(prediction) -> Feedback:
    """Exercise 4: the gradient b gets at the broadcast sum, as a list or tensor of 2 numbers, or the player
    (``TapePlayer(..., ask=Ask.broadcast_sum(b))``) once the prediction is given there."""
    got, verdict = prediction_values(prediction, "broadcast_sum")
    if verdict is not None:
        return verdict
    rows = np.asarray(BIAS_SUM_X) + np.asarray(BIAS_SUM_B)
    expected = rows.sum(axis=0)
    if got.shape != expected.shape:
        return _bias_sum_shape_hint(got, rows)
    if np.allclose(got, rows.mean(axis=0)):
        return hint("mean", _("the copies' gradients add up; they are not averaged."))
    items = wrong_items(got, expected, "dloss/db")
    if items:
        return wrong_items_hint(items, _("the gradient that arrives at the + is dloss/dy = y = x + b, one row per "
                                         "example. Work out y first."),
                                _("b's gradient is the sum of those rows: for each feature, add up its column."))
    return correct(_("b was copied to each of the 3 rows, and the 3 rows of dloss/dy add up in its gradient."))
