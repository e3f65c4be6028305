"""Lesson 05's exercise checks: correct answers pass, each typical mistake gets its hint.

The answer key of exercise 1 is checked against what ``tape.explain`` says about the snippets as
the lesson's source writes them; under TF 2.21 each snippet's gradient is None as well
(tests/tf_cases/lesson05/).
"""

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson05


SOURCE = Path(__file__).resolve().parent.parent.parent / "notebooks" / "source" / "05_why_none.ipynb"


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


def snippets() -> dict:
    """The exercise's snippets from the lesson source: {"A": code, ...}."""
    cell = next(c for c in nbformat.read(SOURCE, as_version=4).cells
                if c.cell_type == "code" and c.source.startswith("# A\n"))
    parts = re.split(r"^# ([A-D])\n", cell.source, flags=re.M)[1:]
    without_print = [re.sub(r"^print\(.*$", "", code, flags=re.M) for code in parts[1::2]]  # the last prints all
    return dict(zip(parts[::2], without_print))


CAUSE_ANSWER = dict(lesson05.CAUSES_BY_SNIPPET)
CAUSES_CASES = {
    "correct": CAUSE_ANSWER,
    "correct ": {"A": "Not connected", "B": "left-the-tape", "C": " integer_or_string_dtype", "D": "STATE_CHANGED"},
    "not_dict": ["not_connected"],
    "missing": {"A": "not_connected"},
    "unknown_cause": {**CAUSE_ANSWER, "B": "numpy"},
    "unknown_cause ": {**CAUSE_ANSWER, "C": None},
    "wrong_A": {**CAUSE_ANSWER, "A": "not_watched"},
    "wrong_A ": {**CAUSE_ANSWER, "A": "recording_stopped"},
    "vague_B": {**CAUSE_ANSWER, "B": "not_connected"},
    "wrong_C": {**CAUSE_ANSWER, "C": "stop_gradient"},
    "vague_D": {**CAUSE_ANSWER, "D": "not_watched"},
    "wrong_D": {**CAUSE_ANSWER, "D": "variable_replaced_by_tensor"},
}


@pytest.mark.parametrize("case", CAUSES_CASES)
def test_check_causes(case):
    assert_verdict(lesson05.check_causes(CAUSES_CASES[case]), case.strip())


def test_a_wrong_cause_is_told_its_snippet_then_the_idea_never_the_name():
    guess = {**CAUSE_ANSWER, "A": "not_watched"}
    first = lesson05.check_causes(guess).message
    assert first.startswith("wrong for snippet(s) A.") and "tape_a.explain(y_a, x_a)" in first
    second = lesson05.check_causes(guess).message
    assert "y_a = doubled + x_a" in second and "still recording" in second
    assert "not_connected" not in first + second and "after the with-block" not in second
    assert "A: not_connected." in repr(lesson05.check_causes.show_answer())


# what gives each snippet's cause away: its name, and the sentence of the answer that states it
GIVEAWAYS = {"A": ("not_connected", "after the with-block", "nothing connects"),
             "B": ("left_the_tape", "left the tape", "nothing connects"),
             "C": ("integer_or_string_dtype", "no gradient flows"),
             "D": ("state_changed", "not differentiable", "only the variable's new value")}
WRONG_GUESS = {"A": "not_watched", "B": "not_watched", "C": "stop_gradient", "D": "variable_replaced_by_tensor"}


@pytest.mark.parametrize("key", sorted(GIVEAWAYS))
def test_the_second_and_later_tiers_point_at_the_line_but_never_state_the_cause(key):
    guess = {**CAUSE_ANSWER, key: WRONG_GUESS[key]}
    tiers = [lesson05.check_causes(guess).message for _ in range(3)]
    assert tiers[1] != tiers[0] and f"in {key}," in tiers[1]          # closer: names the snippet's line
    for text in tiers:
        assert not any(giveaway in text for giveaway in GIVEAWAYS[key]), text
    answer = repr(lesson05.check_causes.show_answer())
    assert f"{key}: {CAUSE_ANSWER[key]}." in answer and GIVEAWAYS[key][1] in answer


PLAYER_GIVEAWAYS = {"base": "gets a gradient", "offset": "gets a gradient", "rate": "cut on purpose",
                    "bonus": "left the tape", "steps": "no gradient flows"}


@pytest.mark.parametrize("source", sorted(PLAYER_GIVEAWAYS))
def test_the_player_prediction_hints_never_say_what_a_source_gets(source):
    guess = set(lesson05.PLAYER_NONE) ^ {source}
    tiers = [lesson05.check_none_player(guess).message for _ in range(3)]
    assert tiers[1] != tiers[0] and f"follow {source}" in tiers[1]
    assert not any(PLAYER_GIVEAWAYS[source] in text for text in tiers)
    assert PLAYER_GIVEAWAYS[source] in repr(lesson05.check_none_player.show_answer())


@pytest.mark.parametrize("key", sorted(lesson05.CAUSES_BY_SNIPPET))
def test_the_answer_key_is_what_explain_says_about_the_lessons_snippet(key):
    code = snippets()[key]
    namespace = {"tk": tk, "np": np}
    exec(compile(code, f"snippet {key}", "exec"), namespace)
    lower = key.lower()
    assert namespace[f"dy_{lower}"] is None
    # the lesson's tip, run as written: tape_b.explain(y_b, x_b) and so on
    tape, target, source = (namespace[f"{name}_{lower}"] for name in ("tape", "y", "x"))
    assert tape.explain(target, source).cause == lesson05.CAUSES_BY_SNIPPET[key]


def _zeros_by_hand(tape, target, sources):
    grads = tape.gradient(target, sources)
    return [tk.zeros_like(s) if g is None else g for g, s in zip(grads, sources)]


def _zeros_from_shape(tape, target, sources):
    grads = tape.gradient(target, sources)
    return tuple(tk.zeros(s.shape, dtype=s.dtype) if g is None else g for g, s in zip(grads, sources))


def _float_zeros(tape, target, sources):
    grads = tape.gradient(target, sources)
    return [tk.zeros(s.shape) if g is None else g for g, s in zip(grads, sources)]


def _hard_coded_zeros(tape, target, sources):
    """Zeros hard-coded for the lesson's four sources: right there, wrong on the held-back case."""
    grads = tape.gradient(target, sources)
    return [grads[0], tk.zeros((2, 2)), tk.zeros(()), tk.zeros((), tk.int32)][:len(sources)]


def _zeros_skipping_the_first(tape, target, sources):
    """Assumes the first source is connected, as in the lesson's case."""
    grads = tape.gradient(target, sources)
    return [grads[0], *(tk.zeros_like(s) if g is None else g for g, s in zip(grads[1:], sources[1:]))]


def _zeros_in_numpy(tape, target, sources):
    """A correct alternative: the zeros made in NumPy with the source's dtype, then converted."""
    grads = tape.gradient(target, sources)
    return [tk.constant(np.zeros(s.shape, s.dtype.as_numpy_dtype)) if g is None else g
            for g, s in zip(grads, sources)]


ZERO_CASES = {
    "none  ": _hard_coded_zeros,
    "none ": _zeros_skipping_the_first,
    "correct  ": _zeros_in_numpy,
    "correct": _zeros_by_hand,
    "correct ": _zeros_from_shape,
    "by_hand": lambda tape, y, s: tape.gradient(y, s, unconnected_gradients=tk.UnconnectedGradients.ZERO),
    "by_hand ": lambda tape, y, s: tape.gradient(y, s, unconnected_gradients="zero"),
    "dtype": _float_zeros,
    "none": lambda tape, y, s: tape.gradient(y, s),
    "shape": lambda tape, y, s: [g if g is not None else tk.constant(0.0) for g in tape.gradient(y, s)],
    "connected_changed": lambda tape, y, s: [tk.zeros_like(x) for x in s],
    "structure": lambda tape, y, s: tape.gradient(y, s[0]),
    "raised": lambda tape, y, s: tape.gradient(y, s, unconnected_gradients="zeros"),
    "tape_reused": lambda tape, y, s: [tape.gradient(y, x) for x in s],   # a non-persistent tape, asked twice
    "not_callable": None,
}


@pytest.mark.parametrize("case", ZERO_CASES)
def test_check_gradients_or_zeros(case):
    assert_verdict(lesson05.check_gradients_or_zeros(ZERO_CASES[case]), case.strip())


def test_the_zero_case_is_what_unconnected_gradients_zero_returns():
    """The check's expected values are what the option gives (TF 2.21: zeros of each source's dtype)."""
    for make_case in (lesson05._zero_case, lesson05._held_back_zero_case):
        tape, target, sources, expected, _names = make_case()
        grads = tape.gradient(target, sources, unconnected_gradients=tk.UnconnectedGradients.ZERO)
        for grad, want in zip(grads, expected):
            assert grad.dtype.name == want.dtype.name
            np.testing.assert_array_equal(grad.numpy(), want)


# ---- exercise 3: which sources end with None, predicted in a variable or in the player ------------

# tests/tf_cases/lesson05/none_player_sources.out, recorded in TF 2.21
TF_PLAYER_GRADIENTS = {"base": 0.5, "rate": None, "bonus": None, "steps": None, "offset": 1.0}

NONE_PLAYER_CASES = {
    "correct": {"rate", "bonus", "steps"},
    "correct ": ["steps", "bonus", "rate"],          # a list, in another order
    "wrong_steps": {"rate", "bonus"},
    "wrong_base": {"base", "rate", "bonus", "steps"},
    "wrong_rate": {"bonus", "steps"},
    "wrong_bonus": {"rate", "steps"},
    "wrong_rate ": set(),
    "unknown": {"rate", "bonus", "steps", "total"},
    "not_names": 3,
}


@pytest.mark.parametrize("case", NONE_PLAYER_CASES)
def test_check_none_player(case):
    assert_verdict(lesson05.check_none_player(NONE_PLAYER_CASES[case]), case.strip())


def _none_player(ask=True):
    from tapekit.widgets import Ask, TapePlayer
    base = tk.Variable(4.0, name="base")
    rate = tk.Variable(0.5, name="rate")
    bonus = tk.Variable(2.0, name="bonus")
    steps = tk.Variable(3, name="steps")
    offset = tk.Variable(1.0, name="offset")
    with tk.GradientTape() as tape:
        scaled = base * tk.stop_gradient(rate)
        extra = tk.constant(bonus.numpy()) * tk.cast(steps, tk.float32)
        total = scaled + extra + offset
    return TapePlayer(tape, target=total, sources=[base, rate, bonus, steps, offset],
                      ask=Ask.none_sources() if ask else None)


def test_the_none_player_key_is_tensorflows():
    assert {name for name, grad in TF_PLAYER_GRADIENTS.items() if grad is None} == lesson05.PLAYER_NONE
    assert tuple(TF_PLAYER_GRADIENTS) == lesson05.PLAYER_SOURCES
    question = _none_player().graph["questions"][0]
    assert question["choices"] == list(lesson05.PLAYER_SOURCES)
    assert set(question["answer"]["none"]) == lesson05.PLAYER_NONE


def test_the_none_player_check_reads_the_ticked_boxes():
    player = _none_player()
    assert lesson05.check_none_player(player).code == "not_done"
    player.answers = {"q1": {"given": ["rate", "bonus"], "correct": False, "tries": 1}}
    wrong = lesson05.check_none_player(player)
    assert_verdict(wrong, "wrong_steps")
    assert "steps" in wrong.message and "integer" not in wrong.message      # the first tier: which, not why
    assert "integer" in lesson05.check_none_player(player).message        # the second: why
    player.answers = {"q1": {"given": ["rate", "bonus", "steps"], "correct": True, "tries": 2}}
    assert_verdict(lesson05.check_none_player(player), "correct")
    assert_verdict(lesson05.check_none_player(_none_player(ask=False)), "no_question")
    assert "rate, bonus and steps get None." in repr(lesson05.check_none_player.show_answer())
