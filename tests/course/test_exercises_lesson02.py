"""Lesson 02's exercise checks: correct answers pass, each typical mistake gets its hint."""

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson02
from tapekit.exercises._check import NOT_DONE, forget_misses


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- exercise 1: follow the names --------------------------------------------------------------

def _lesson_names():
    """The lesson's code, as it stands in the notebook."""
    a = tk.Variable([1.0, 2.0])
    b = a
    c = tk.Variable(a)
    a.assign_add([10.0, 10.0])
    b.assign_sub([1.0, 1.0])
    a = a + 100.0
    return a, b, c


# What TensorFlow 2.21 gives for that code (run in /opt/tfvenv): a is a tensor [110. 111.],
# b the variable [10. 11.], c the copy [1. 2.].
FINAL = {"a": [110.0, 111.0], "b": [10.0, 11.0], "c": [1.0, 2.0]}


def _with(**changes):
    return {**FINAL, **changes}


ALIASING_CASES = {
    "correct": (FINAL, {"b", "c"}),
    "correct ": ({"a": np.array([110, 111]), "b": (10, 11), "c": tk.constant([1.0, 2.0])}, ["c", "b"]),
    "alias": (_with(b=[0.0, 1.0]), {"b", "c"}),
    "rebind_is_not_assign": (_with(b=[110.0, 111.0]), {"b", "c"}),
    "assign_sub": (_with(b=[11.0, 12.0]), {"b", "c"}),
    "copy": (_with(c=[10.0, 11.0]), {"b", "c"}),
    "rebound": (_with(a=[10.0, 11.0]), {"b", "c"}),
    "values": (_with(c=[5.0, 5.0]), {"b", "c"}),
    "a_is_tensor": (FINAL, {"a", "b", "c"}),
    "which_variables": (FINAL, {"c"}),
    "final_format": ({"a": [110.0, 111.0]}, {"b", "c"}),
    "variables_format": (FINAL, "b, c"),
}


@pytest.mark.parametrize("case", ALIASING_CASES)
def test_check_aliasing(case):
    final, variables = ALIASING_CASES[case]
    assert_verdict(lesson02.check_aliasing(final, variables, *_lesson_names()), case.strip())


def test_the_aliasing_check_reveals_only_to_a_right_answer():
    names = _lesson_names()
    unanswered = lesson02.check_aliasing(..., ..., *names)
    assert unanswered.code == NOT_DONE and "really" not in repr(unanswered)
    right = lesson02.check_aliasing(*ALIASING_CASES["correct"], *names).message
    assert "a = [110.0, 111.0] (a tensor); b = [10.0, 11.0] (a variable); c = [1.0, 2.0] (a variable)" in right
    for _try in range(3):
        wrong = lesson02.check_aliasing(*ALIASING_CASES["alias"], *names).message
        assert "really" not in wrong and "10.0, 11.0" not in wrong and "110.0" not in wrong
    assert "a = [110.0, 111.0]" in repr(lesson02.check_aliasing.show_answer())


def test_a_wrong_prediction_names_the_wrong_items_then_the_mistake():
    names = _lesson_names()
    first = lesson02.check_aliasing(*ALIASING_CASES["alias"], *names).message
    assert first.startswith("the values you predicted for b are off.") and "ONE variable" not in first
    assert "ONE variable" in lesson02.check_aliasing(*ALIASING_CASES["alias"], *names).message


def test_the_alias_mistake_is_named_before_the_others():
    both_wrong = _with(b=[0.0, 1.0], c=[10.0, 11.0])
    assert_verdict(lesson02.check_aliasing(both_wrong, {"b", "c"}, *_lesson_names()), "alias")


# ---- exercise 2: one step of gradient descent, in place ----------------------------------------

def _rebind(v, g, lr):
    v = v - lr * g
    return v


def _raises(v, g, lr):
    v[0] = 1.0


STEP_CASES = {
    "correct": lambda v, g, lr: v.assign_sub(lr * g),
    "correct ": lambda v, g, lr: v.assign(v - g * lr),
    "rebinds": _rebind,
    "unchanged": lambda v, g, lr: None,
    "sign": lambda v, g, lr: v.assign_add(lr * g),
    "lr": lambda v, g, lr: v.assign_sub(g),
    "assign": lambda v, g, lr: v.assign(-lr * g),
    "values": lambda v, g, lr: v.assign_sub(2 * lr * g),
    "raised": _raises,
    "not_callable": tk.Variable(1.0),
}


@pytest.mark.parametrize("case", STEP_CASES)
def test_check_sgd_step(case):
    assert_verdict(lesson02.check_sgd_step(STEP_CASES[case]), case.strip())


@pytest.mark.parametrize("case", ["rebinds", "unchanged"])
def test_no_hint_tier_of_the_sgd_step_pastes_the_solution(case):
    forget_misses()
    messages = [lesson02.check_sgd_step(STEP_CASES[case]).message for _ in range(4)]
    assert len(set(messages)) == 2                       # the idea, then a closer tier
    assert not any("assign_sub(lr * g)" in message for message in messages)
    assert "v.assign_sub(lr * g)" in str(lesson02.check_sgd_step.show_answer())
    forget_misses()


# ---- exercise 3: append to a variable of unknown length ----------------------------------------

def _append_rebinds(history, value):
    history = tk.concat([history, [value]], axis=0)
    return history


def _append_new_variable(history, value):
    history = tk.Variable(tk.concat([history, [value]], axis=0), shape=tk.TensorShape(None))
    return history


APPEND_CASES = {
    "correct": lambda h, v: h.assign(tk.concat([h, [v]], axis=0)),
    "correct ": lambda h, v: h.assign(np.append(h.numpy(), v)),
    "correct  ": lambda h, v: h.assign(tk.concat([h, tk.reshape(tk.constant(v), [1])], 0)),
    "scalar": lambda h, v: h.assign(tk.concat([h, v], axis=0)),
    "assign_add": lambda h, v: h.assign_add([v]),
    "rebinds": _append_rebinds,
    "unchanged": lambda h, v: None,
    "order": lambda h, v: h.assign(tk.concat([[v], h], axis=0)),
    "values": lambda h, v: h.assign(tk.concat([h, [v, v]], axis=0)),
    "raised": lambda h, v: h.append(v),
    "not_callable": [0.5],
}


@pytest.mark.parametrize("case", APPEND_CASES)
def test_check_append(case):
    assert_verdict(lesson02.check_append(APPEND_CASES[case]), case.strip())


def test_a_new_variable_is_not_an_append_in_place():
    # a new variable bound to the local name: the caller's variable is unchanged
    assert_verdict(lesson02.check_append(_append_new_variable), "rebinds")


# ---- exercise 4: a snapshot of a variable ---------------------------------------------------------

SNAPSHOT_CASES = {
    "correct": lambda v: tk.identity(v),
    "correct ": lambda v: tk.convert_to_tensor(v),
    "correct  ": lambda v: v.read_value(),
    "correct   ": lambda v: v + 0.0,
    "correct    ": lambda v: v.value(),
    "variable": lambda v: v,
    "variable ": lambda v: tk.Variable(v),                  # a copy, but still a variable
    "not_tensor": lambda v: v.numpy(),
    "values": lambda v: tk.zeros_like(v),
    "raised": lambda v: v.snapshot(),
    "not_callable": "v",
}


@pytest.mark.parametrize("case", SNAPSHOT_CASES)
def test_check_snapshot(case):
    assert_verdict(lesson02.check_snapshot(SNAPSHOT_CASES[case]), case.strip())
