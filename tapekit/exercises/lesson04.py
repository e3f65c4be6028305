"""Exercises for lesson 04 (what the tape watches)."""

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
    kind_of,
    same_values,
    shape_of,
    student_constant,
    values_of,
    wrong_shape,
)

# Exercise 1: which of the five sources get a None gradient (see the notebook's setup cell)
NONE_SOURCES = {"scale", "late"}
ALL_SOURCES = {"weight", "frozen", "scale", "late", "hidden"}

def _why() -> dict:
    """Why each source's gradient is what it is: (code, text), in the language in use."""
    return {
        "weight": ("weight_is_watched", _("`weight` is a trainable Variable read inside the block: the tape watches "
                                          "it automatically, so its gradient exists.")),
        "frozen": ("frozen_is_watched", _("`frozen` has trainable=False, but the block calls tape.watch(frozen) "
                                          "before using it. An explicit watch works for non-trainable variables "
                                          "too.")),
        "hidden": ("hidden_is_a_source", _("`hidden` is an intermediate result, computed on the tape from watched "
                                           "values. Such a tensor can be a source (lesson 03): its gradient "
                                           "exists.")),
        "scale": ("scale_not_recorded", _("`scale` is read only inside tape.stop_recording(). Nothing there is "
                                          "recorded, so `factor` is a constant for the tape, and scale gets None.")),
        "late": ("late_watched_too_late", _("`late` is watched only after `shift = late * late` ran. At that moment "
                                            "no input of the multiplication was watched, so the tape did not record "
                                            "it, and a later watch cannot bring it back: None.")),
    }


# Exercise 2: points for the straight-through rounding (no .5 ties)
ROUND_POINTS = [0.2, 1.7, -2.4, 3.0, -0.6]


def _none_answer() -> str:
    return _("scale and late get None.") + "\n" + "\n".join(f"  {name}: {text}" for name, (_code, text) in
                                                             _why().items())


@exercise(answer=_none_answer)
def check_none_prediction(answer, tape=None, target=None, sources=None) -> Feedback:
    """Exercise 1: the names of the sources whose gradient is None, as a set (or list) of strings.

    Given the exercise's ``tape``, ``target`` and ``sources`` (a dict of name -> source), the verdict
    then reveals what ``tape.gradient(target, sources)`` really returns: the truth comes only after
    the student has committed to a prediction.
    """
    if answer is None:
        return hint("none", _("`answer` is None: write the set of names, e.g. {{'weight', 'late'}}."))
    if isinstance(answer, str):
        answer = {answer}
    try:
        names = set(answer)
    except TypeError:
        return hint("not_names", _("`answer` is a {kind}; write a set of names such as {{'weight'}}.").format(
                                     kind=kind_of(answer)))
    if not all(isinstance(name, str) for name in names):
        return hint("not_names", _("write the names as strings, e.g. {{'weight', 'late'}}."))
    known = ALL_SOURCES if sources is None else set(sources)
    unknown = sorted(names - known)
    if unknown:
        return hint("unknown", _("{unknown} is not one of the sources; choose from {known}.").format(
                                   unknown=unknown, known=sorted(known)))
    none_sources, revealed = NONE_SOURCES, ""
    if tape is not None:
        gradients = tape.gradient(target, sources)
        none_sources = {name for name, gradient in gradients.items() if gradient is None}
        revealed = "\n" + _("What tape.gradient returned:") + "\n" + "\n".join(
            f"  {name}: {'None' if g is None else np.asarray(g.numpy()).tolist()}" for name, g in gradients.items())
    why = _why()
    order = sorted(known, key=lambda n: (n not in why, list(why).index(n) if n in why else 0, n))
    wrong = [name for name in order if (name in names) != (name in none_sources)]
    if wrong:
        told = _("you are wrong about {names}.").format(names=", ".join(wrong))
        code, message = why.get(wrong[0], ("wrong_" + wrong[0], ""))
        return hint(code, told + " " + _("For each of them, ask: was it watched when it was used, and was that use "
                                         "recorded?"), (told + " " + message).strip())
    return correct(_("scale (read only while recording was stopped) and late (watched after its only use) get None; "
                     "frozen (watched explicitly) and hidden (an intermediate result) do get a gradient.") + revealed)


# held back: points the lesson does not show, as a (2, 3) matrix
HIDDEN_ROUND_POINTS = [[4.4, -0.2, 2.6], [-3.7, 0.9, -1.1]]


def _straight_through_on(round_fn, points) -> Feedback | None:
    """None when ``round_fn`` rounds ``points`` with a gradient of 1, else the hint."""
    fw = framework()
    points = np.array(points, dtype=np.float32)
    weights = np.arange(1.0, points.size + 1.0, dtype=np.float32).reshape(points.shape)
    x = student_constant(points)
    total = None
    with fw.GradientTape() as tape:
        tape.watch(x)
        result, exc = call_safely(round_fn, x)
        if exc is None and result is not None and shape_of(result) == points.shape:
            total = fw.reduce_sum(fw.cast(result, fw.float32) * weights)
    if exc is not None:
        return crashed(exc, _("round_fn(x)"))
    if result is None:
        return hint("none", _("round_fn returned None: return the rounded tensor."))
    if shape_of(result) != points.shape:
        return wrong_shape(_("for x of shape {shape} the result").format(shape=points.shape), shape_of(result) or (),
                           points.shape)
    values = values_of(result)
    if same_values(values, points):
        return hint("identity", _("the values are x itself, not rounded: the value must equal tk.round(x)."))
    if not same_values(values, np.round(points)):
        return hint("values", _("for x = {points} the values are {values}, not tk.round(x).").format(
                                  points=points.tolist(), values=values.tolist()))
    gradient = tape.gradient(total, x)
    if gradient is None:
        return hint("no_gradient", _("the value is right but the gradient is None: tk.round (or a stop_gradient "
                                     "around everything) cuts the path. One plain x must stay outside "
                                     "stop_gradient."),
                    _("keep x outside stop_gradient and put only the correction inside: x plus the stopped "
                      "difference between round(x) and x."))
    per_element = values_of(gradient) / weights
    if same_values(per_element, np.zeros_like(points)):
        return hint("zero_gradient", _("the gradient is zero: the x terms outside stop_gradient cancel out, so "
                                       "exactly one x must stay visible."))
    if not same_values(per_element, np.ones_like(points)):
        return hint("gradient", _("the gradient is {per_element} per element; it should be 1: only one x may stay "
                                  "outside stop_gradient, with factor 1.").format(
                                    per_element=per_element.round(4).tolist()))
    return None


@exercise(answer=lambda: _ROUND_ANSWER)
def check_straight_through(round_fn) -> Feedback:
    """Exercise 2: ``round_fn(x)`` has the value of tk.round(x) and a gradient of 1 everywhere; checked on
    ROUND_POINTS and on a held-back matrix."""
    if not callable(round_fn):
        return hint("not_callable", _("pass the function itself: check_straight_through(straight_through_round)."))
    for points in (ROUND_POINTS, HIDDEN_ROUND_POINTS):
        verdict = _straight_through_on(round_fn, points)
        if verdict is not None:
            return verdict
    return correct(_("the forward pass rounds, the backward pass acts like the identity."))


_ROUND_ANSWER = """def straight_through_round(x):
    return x + tk.stop_gradient(tk.round(x) - x)"""
