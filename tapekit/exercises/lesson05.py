"""Exercises for lesson 05 (why a gradient is None)."""

import numpy as np

from ._check import Feedback, call_safely, correct, crashed, exercise, hint, kind_of, same_values, shape_of, values_of

# Exercise 1: the cause behind each snippet of the notebook
CAUSES_BY_SNIPPET = {
    "A": "not_connected",
    "B": "left_the_tape",
    "C": "integer_or_string_dtype",
    "D": "state_changed",
}

_SNIPPET_HINTS = {
    "A": "in A, the target `doubled + x` is written inside the tape_a.gradient(...) call, after the with-block. "
         "That addition was never recorded, so nothing connects the target to x.",
    "B": "in B, np.square works on a NumPy array: the value left the tape, so nothing connects y to x.",
    "C": "in C, tk.cast(..., tk.int32) produces integers, and no gradient flows through an integer tensor.",
    "D": "in D, x only reaches y through v.assign(...): assignments are not differentiable, the tape sees "
         "only the variable's new value.",
}

_KNOWN_CAUSES = ("not_watched", "not_connected", "integer_or_string_dtype", "stop_gradient", "recording_stopped",
                 "left_the_tape", "variable_replaced_by_tensor", "state_changed", "no_gradient_registered",
                 "unconnected_zero")


def _cause_name(given):
    """``given`` spelled as tape.explain spells causes ('Not connected' -> 'not_connected'), else unchanged."""
    if not isinstance(given, str):
        return given
    return given.strip().lower().replace("-", "_").replace(" ", "_")


@exercise
def check_causes(answer) -> Feedback:
    """Exercise 1: ``answer`` maps each snippet ("A" ... "D") to the cause name ``tape.explain`` would give."""
    if not isinstance(answer, dict):
        return hint("not_dict", f"`answer` is a {kind_of(answer)}; write a dict like {{'A': 'not_watched', ...}}.")
    missing = sorted(set(CAUSES_BY_SNIPPET) - set(answer))
    if missing:
        return hint("missing", f"no cause for snippet(s) {missing}: give one for each of A, B, C and D.")
    given = {key: _cause_name(answer[key]) for key in CAUSES_BY_SNIPPET}
    for key in sorted(CAUSES_BY_SNIPPET):
        if given[key] not in _KNOWN_CAUSES:
            return hint("unknown_cause", f"{answer[key]!r} (snippet {key}) is not a cause name; use one of "
                                         f"{', '.join(_KNOWN_CAUSES[:-1])}.")
    for key in sorted(CAUSES_BY_SNIPPET):
        if given[key] != CAUSES_BY_SNIPPET[key]:
            if given[key] in ("not_watched", "not_connected") and key != "A":
                return hint(f"vague_{key}", f"snippet {key}: {given[key]!r} is true in the end, but there is a "
                                            f"more precise cause: {_SNIPPET_HINTS[key]}")
            return hint(f"wrong_{key}", f"snippet {key} is not {given[key]!r}: {_SNIPPET_HINTS[key]}")
    return correct("four different ways to lose a gradient. tape.explain(y, x) names each one.")


def _zero_case():
    """Sources and expected gradients: ``a`` (2,) is connected, ``b`` (2, 2) and ``c`` () are not."""
    import tapekit as tk

    a = tk.Variable([1.0, -2.0], name="a")
    b = tk.Variable([[1.0, 2.0], [3.0, 4.0]], name="b")
    c = tk.constant(5.0)
    tape = tk.GradientTape()
    with tape:
        tape.watch(c)
        target = tk.reduce_sum(a ** 2)
    expected = [np.array([2.0, -4.0]), np.zeros((2, 2)), np.zeros(())]
    return tape, target, [a, b, c], expected


@exercise
def check_gradients_or_zeros(gradients_or_zeros) -> Feedback:
    """Exercise 2: ``gradients_or_zeros(tape, target, sources)`` returns zeros (source-shaped) instead of None."""
    if not callable(gradients_or_zeros):
        return hint("not_callable", "pass the function itself: check_gradients_or_zeros(gradients_or_zeros).")
    tape, target, sources, expected = _zero_case()
    result, exc = call_safely(gradients_or_zeros, tape, target, sources)
    if exc is not None:
        return crashed(exc, "gradients_or_zeros(tape, target, [a, b, c])")
    if not isinstance(result, (list, tuple)) or len(result) != len(sources):
        return hint("structure", "return one gradient per source, in a list: what tape.gradient returns.")
    if any(grad is None for grad in result):
        return hint("none", "some gradients are still None: pass "
                            "unconnected_gradients=tk.UnconnectedGradients.ZERO to tape.gradient.")
    for grad, want, name in zip(result, expected, ("a", "b", "c")):
        if shape_of(grad) != want.shape:
            return hint("shape", f"the gradient for {name} has shape {shape_of(grad)}; every gradient has its "
                                 f"source's shape, {want.shape} (tk.zeros_like(source) if you build it yourself).")
        if not same_values(grad, want):
            if name == "a":
                return hint("connected_changed", f"the gradient for the connected source a is "
                                                 f"{values_of(grad).tolist()}; it should stay 2a = [2.0, -4.0].")
            return hint("values", f"the gradient for the unconnected source {name} should be all zeros.")
    return correct("unconnected sources get zeros of their own shape.")
