"""Exercises for lesson 04 (what the tape watches)."""

import numpy as np

import tapekit as tk

from ._check import Feedback, call_safely, correct, crashed, exercise, hint, kind_of, same_values, shape_of, values_of

# Exercise 1: which of the five sources get a None gradient (see the notebook's setup cell)
NONE_SOURCES = {"scale", "late"}
ALL_SOURCES = {"weight", "frozen", "scale", "late", "hidden"}

_WHY = {
    "weight": ("weight_is_watched", "`weight` is a trainable Variable read inside the block: the tape watches it "
                                    "automatically, so its gradient exists."),
    "frozen": ("frozen_is_watched", "`frozen` has trainable=False, but the block calls tape.watch(frozen) before "
                                    "using it. An explicit watch works for non-trainable variables too."),
    "hidden": ("hidden_is_a_source", "`hidden` is an intermediate result, computed on the tape from watched "
                                     "values. Such a tensor can be a source (lesson 03): its gradient exists."),
    "scale": ("scale_not_recorded", "`scale` is read only inside tape.stop_recording(). Nothing there is "
                                    "recorded, so `factor` is a constant for the tape, and scale gets None."),
    "late": ("late_watched_too_late", "`late` is watched only after `shift = late * late` ran. At that moment no "
                                      "input of the multiplication was watched, so the tape did not record it, "
                                      "and a later watch cannot bring it back: None."),
}
_CORRECT = ("scale (read only while recording was stopped) and late (watched after its only use) get None; "
            "frozen (watched explicitly) and hidden (an intermediate result) do get a gradient.")


# Exercise 2: points for the straight-through rounding (no .5 ties)
ROUND_POINTS = [0.2, 1.7, -2.4, 3.0, -0.6]


@exercise
def check_none_prediction(answer, tape=None, target=None, sources=None) -> Feedback:
    """Exercise 1: the names of the sources whose gradient is None, as a set (or list) of strings.

    Given the exercise's ``tape``, ``target`` and ``sources`` (a dict of name -> source), the verdict
    then reveals what ``tape.gradient(target, sources)`` really returns: the truth comes only after
    the student has committed to a prediction.
    """
    if answer is None:
        return hint("none", "`answer` is None: write the set of names, e.g. {'weight', 'late'}.")
    if isinstance(answer, str):
        answer = {answer}
    try:
        names = set(answer)
    except TypeError:
        return hint("not_names", f"`answer` is a {kind_of(answer)}; write a set of names such as {{'weight'}}.")
    if not all(isinstance(name, str) for name in names):
        return hint("not_names", "write the names as strings, e.g. {'weight', 'late'}.")
    known = ALL_SOURCES if sources is None else set(sources)
    unknown = sorted(names - known)
    if unknown:
        return hint("unknown", f"{unknown} is not one of the sources; choose from {sorted(known)}.")
    none_sources, revealed = NONE_SOURCES, ""
    if tape is not None:
        gradients = tape.gradient(target, sources)
        none_sources = {name for name, gradient in gradients.items() if gradient is None}
        revealed = "\nWhat tape.gradient returned:\n" + "\n".join(
            f"  {name}: {'None' if g is None else np.asarray(g.numpy()).tolist()}" for name, g in gradients.items())
    for name in sorted(known, key=lambda n: (n not in _WHY, list(_WHY).index(n) if n in _WHY else 0, n)):
        if (name in names) != (name in none_sources):
            code, message = _WHY.get(name, ("wrong_" + name, f"look again at how `{name}` is created and used."))
            verdict = hint(code, message)
            verdict.message += revealed
            return verdict
    return correct(_CORRECT + revealed)


@exercise
def check_straight_through(round_fn) -> Feedback:
    """Exercise 2: ``round_fn(x)`` has the value of tk.round(x) and a gradient of 1 everywhere."""
    if not callable(round_fn):
        return hint("not_callable", "pass the function itself: check_straight_through(straight_through_round).")
    points = np.array(ROUND_POINTS, dtype=np.float32)
    weights = np.arange(1.0, points.size + 1.0, dtype=np.float32)
    x = tk.constant(points)
    with tk.GradientTape() as tape:
        tape.watch(x)
        result, exc = call_safely(round_fn, x)
        if exc is None and result is not None and shape_of(result) == points.shape:
            total = tk.reduce_sum(tk.cast(result, tk.float32) * weights)
    if exc is not None:
        return crashed(exc, "round_fn(x)")
    if result is None:
        return hint("none", "round_fn returned None: return the rounded tensor.")
    if shape_of(result) != points.shape:
        return hint("shape", f"the result has shape {shape_of(result)}; it should have the shape of x.")
    values = values_of(result)
    if same_values(values, points):
        return hint("identity", "the values are x itself, not rounded: the value must equal tk.round(x).")
    if not same_values(values, np.round(points)):
        return hint("values", f"the values are {values.tolist()}; tk.round(x) gives {np.round(points).tolist()}.")
    gradient = tape.gradient(total, x)
    if gradient is None:
        return hint("no_gradient", "the value is right but the gradient is None: tk.round (or a stop_gradient "
                                   "around everything) cuts the path. Keep one plain `x` outside stop_gradient: "
                                   "x + tk.stop_gradient(tk.round(x) - x).")
    per_element = values_of(gradient) / weights
    if same_values(per_element, np.zeros_like(points)):
        return hint("zero_gradient", "the gradient is zero: the x terms outside stop_gradient cancel out. Write "
                                     "x + tk.stop_gradient(tk.round(x) - x), so exactly one x stays visible.")
    if not same_values(per_element, np.ones_like(points)):
        return hint("gradient", f"the gradient is {per_element.round(4).tolist()} per element; it should be 1: "
                                "only one x may stay outside stop_gradient, with factor 1.")
    return correct("the forward pass rounds, the backward pass acts like the identity.")
