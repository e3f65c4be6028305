"""Exercises for lesson 08 (inside the tape)."""

import numpy as np


from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    framework,
    hint,
    none_gradient_error,
    same_values,
    student_constant,
    values_of,
)
from ._predict import prediction_values

# (x, upstream gradient): none is shown in the lesson; the second is a matrix
CLIP_CASES = (([0.5, -2.0, 3.0, 0.0], [4.0, -0.5, -3.0, 1.0]),
              ([[1.5, -0.25], [2.0, -7.0]], [[-2.5, 0.75], [1.0, 9.0]]))


def _clip_on(clip_gradient, x0, upstream) -> Feedback | None:
    """None when ``clip_gradient`` passes ``x0`` through and clips ``upstream``, else the hint."""
    fw = framework()
    x0, upstream = np.array(x0, dtype=np.float32), np.array(upstream, dtype=np.float32)
    x = student_constant(x0)
    total = None
    with fw.GradientTape() as tape:
        tape.watch(x)
        result, exc = call_safely(clip_gradient, x)
        if exc is None and result is not None and not isinstance(result, tuple):
            total, exc = call_safely(lambda: fw.reduce_sum(result * upstream))
    if exc is not None:
        return crashed(exc, _("clip_gradient(x)"))
    if result is None:
        return hint("none", _("clip_gradient returned None: return (y, grad_fn) from the decorated function."))
    if isinstance(result, tuple):
        return hint("not_decorated", _("the call returned a tuple: decorate the function with @tk.custom_gradient, "
                                       "which turns (y, grad_fn) into y with a custom gradient."))
    if same_values(result, np.clip(x0, -1.0, 1.0)) and not same_values(result, x0):
        return hint("clipped_value", _("the value was clipped; the forward pass must return x unchanged and only "
                                       "the gradient is clipped."))
    if not same_values(result, x0):
        return hint("value", _("the value is {values_of}; it must equal x.").format(
                                 values_of=values_of(result).tolist()))
    gradient, exc = call_safely(tape.gradient, total, x)
    if none_gradient_error(exc):
        gradient, exc = None, None
    if exc is not None:
        return crashed(exc, _("the gradient function"))
    if gradient is None:
        return hint("no_gradient", _("the gradient is None: grad_fn must return a tensor for x (and y must be "
                                     "computed from x, e.g. tk.identity(x))."))
    got = values_of(gradient)
    if same_values(got, upstream):
        return hint("not_clipped", _("the gradient passes unchanged: grad_fn(upstream) must clip the upstream "
                                     "gradient to [-1, 1]."),
                    _("grad_fn(upstream) should return tk.clip_by_value(upstream, -1.0, 1.0) (or tk.minimum and "
                      "tk.maximum)."))
    if same_values(got, np.ones_like(x0)):
        return hint("ignores_upstream", _("the gradient is all ones: grad_fn must clip the upstream gradient it "
                                          "receives, not return a constant."))
    if not same_values(got, np.clip(upstream, -1.0, 1.0)):
        return hint("values", _("for the upstream gradient {upstream} the result is {got}, which is not the "
                                "upstream gradient clipped to [-1, 1].").format(
                                  upstream=upstream.tolist(), got=got.tolist()))
    return None


@exercise(answer=lambda: _CLIP_ANSWER)
def check_clip_gradient(clip_gradient) -> Feedback:
    """Exercise 1: ``clip_gradient(x)`` returns x unchanged; its gradient is the upstream gradient clipped to
    [-1, 1]. Checked on a vector and a matrix, neither shown in the lesson."""
    if not callable(clip_gradient):
        return hint("not_callable", _("pass the function itself: check_clip_gradient(clip_gradient)."))
    for x0, upstream in CLIP_CASES:
        verdict = _clip_on(clip_gradient, x0, upstream)
        if verdict is not None:
            return verdict
    return correct(_("the value passes through, the gradient is clipped."))


_CLIP_ANSWER = """@tk.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tk.clip_by_value(upstream, -1.0, 1.0)

    return tk.identity(x), grad"""


_DIVIDE_POINTS = ((3.0, 2.0), (-1.5, 0.5))


@exercise
def check_mini_divide(divide, mini_tape_class, value_class) -> Feedback:
    """Exercise 2: ``divide(a, b)`` for the notebook's mini tape: value a / b, recorded with both backward rules.

    The check differentiates ``q * q`` with ``q = divide(a, b)``, so the upstream gradient is 2q, not 1.
    """
    if not callable(divide):
        return hint("not_callable", _("pass the function itself: check_mini_divide(divide, MiniTape, Value)."))
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
            return crashed(exc, _("the mini tape on q = divide(a, b), q * q at {where}").format(where=where))
        q, (grad_a, grad_b) = result
        quotient = a0 / b0
        if not same_values(getattr(q, "value", None), quotient):
            return hint("value", _("divide(a, b) at {where} gave {value}, not a / b = {quotient:g}: compute "
                                   "a.value / b.value.").format(
                                     where=where, value=_number(getattr(q, 'value', q)), quotient=quotient))
        if grad_a is None and grad_b is None:
            return hint("not_recorded", _("no gradient reaches a or b: build the result with op(\"RealDiv\", result, "
                                          "[a, b], backward), so that the active tape records it."))
        upstream = 2.0 * quotient
        expected_a, expected_b = upstream / b0, -upstream * a0 / b0 ** 2
        if grad_b is None:
            return hint("one_gradient", _("b got no gradient: backward must return a list with two gradients, one "
                                          "for a and one for b, in the order of the inputs."))
        if same_values(grad_a, 1.0 / b0) and same_values(grad_b, -a0 / b0 ** 2):
            return hint("ignores_upstream", _("the backward rule ignores its argument g, the gradient arriving from "
                                              "above: multiply each local derivative by g."))
        if same_values(grad_b, -expected_b) and same_values(grad_a, expected_a):
            return hint("sign", _("the gradient for b has the wrong sign: d(a / b)/db = -a / b**2."))
        if same_values(grad_a, expected_b) and same_values(grad_b, expected_a):
            return hint("swapped", _("the two gradients are swapped: backward returns them in the order of the "
                                     "inputs [a, b]."))
        if not same_values(grad_a, expected_a):
            return hint("grad_a", _("at {where} the gradient for a is {value}; d(a / b)/da = 1 / b, times the "
                                    "upstream g: {expected_a:.5g}.").format(
                                      where=where, value=_number(grad_a), expected_a=expected_a))
        if not same_values(grad_b, expected_b):
            return hint("grad_b", _("at {where} the gradient for b is {value}; d(a / b)/db = -a / b**2, times the "
                                    "upstream g: {expected_b:.5g}.").format(
                                      where=where, value=_number(grad_b), expected_b=expected_b))
    return correct(_("division is recorded, and its backward rule sends g / b to a and -g a / b**2 to b."))


def _number(value) -> str:
    values = values_of(value)
    if values is None or values.size != 1:
        return repr(value)
    return f"{values.reshape(()).item():.5g}"


# Exercise 3: the gradient that reaches z in loss = 3 · reverse_gradient(z) + z · z, at z = 2
REVERSE_AT = 2.0


def reverse_truth(z: float = REVERSE_AT) -> float:
    """The two paths add up: −3 through the reversed gradient, 2z through z · z."""
    return -3.0 + 2.0 * z


def _reverse_hint(got: float) -> Feedback | None:
    z = REVERSE_AT
    known = {
        3.0 + 2.0 * z: ("not_reversed", _("the gradient through reverse_gradient comes back with its sign flipped.")),
        -(3.0 + 2.0 * z): ("all_reversed", _("only the path through reverse_gradient is flipped; z · z is an ordinary "
                                             "product.")),
        2.0 * z: ("one_path", _("z is used twice: through reverse_gradient and in z · z. The gradients of both "
                                "paths add up at z.")),
        -3.0: ("one_path", _("z is used twice: through reverse_gradient and in z · z. The gradients of both paths "
                             "add up at z.")),
    }
    for value, (code, text) in known.items():
        if np.isclose(got, value):
            return hint(code, text)
    return None


@exercise(answer=lambda: _("predicted_z_grad = {value:g}").format(value=reverse_truth()) + "\n"
          + _("through reverse_gradient: 3 with its sign flipped, −3; through z · z: 2z = 4; together 1."))
def check_reverse_prediction(prediction) -> Feedback:
    """Exercise 3: one number, or the player (``TapePlayer(..., ask=Ask.gradient(z))``) once answered there."""
    got, verdict = prediction_values(prediction, "gradient")
    if verdict is not None:
        return verdict
    if got.size != 1:
        return hint("shape", _("z is a scalar, so its gradient is one number."))
    got = float(got.reshape(()))
    if np.isclose(got, reverse_truth()):
        return correct(_("two paths fan in at z: the reversed one and the ordinary one, added up."))
    known = _reverse_hint(got)
    if known is not None:
        return known
    return hint("values", _("not right. Follow each use of z back from loss, then add the two gradients."),
                _("reverse_gradient sends −upstream back; z · z sends 2z."))
