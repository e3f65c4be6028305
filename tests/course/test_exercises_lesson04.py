"""Lesson 04's exercise checks: correct answers pass, each typical mistake gets its hint, the truth comes last.

Expected gradients of the prediction exercise were recorded under TF 2.21
(tests/tf_cases/lesson04/prediction_sources.py); the tests below check that tapekit agrees and that
the check's answer key is what the engine returns.
"""

import logging

import pytest

import tapekit as tk
from tapekit.exercises import lesson04
from tapekit.exercises._check import NOT_DONE


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


def prediction_setup():
    """The notebook's predict cell: five sources, each testing one watching rule."""
    weight = tk.Variable(2.0, name="weight")
    frozen = tk.Variable(0.5, trainable=False, name="frozen")
    scale = tk.Variable(4.0, name="scale")
    late = tk.constant(3.0)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(frozen)
        hidden = weight * frozen
        with tape.stop_recording():
            factor = scale * 2.0
        shift = late * late
        tape.watch(late)
        out = hidden * factor + shift
    sources = {"weight": weight, "frozen": frozen, "scale": scale, "late": late, "hidden": hidden}
    return tape, out, sources


PREDICTION_CASES = {
    "correct": {"scale", "late"},
    "correct ": ["late", "scale"],
    "weight_is_watched": {"weight", "scale", "late"},
    "frozen_is_watched": {"frozen", "scale", "late"},
    "hidden_is_a_source": {"hidden", "scale", "late"},
    "scale_not_recorded": {"late"},
    "scale_not_recorded ": set(),
    "late_watched_too_late": {"scale"},
    "unknown": {"scale", "late", "bias"},
    "not_names": 3,
    "not_names ": {1, 2},
    "none": None,
}


@pytest.mark.parametrize("case", PREDICTION_CASES)
def test_check_none_prediction(case):
    assert_verdict(lesson04.check_none_prediction(PREDICTION_CASES[case]), case.strip())


def test_the_answer_key_is_what_the_engine_returns():
    tape, out, sources = prediction_setup()
    grads = tape.gradient(out, sources)
    assert {name for name, g in grads.items() if g is None} == lesson04.NONE_SOURCES
    assert set(sources) == lesson04.ALL_SOURCES
    # d out/d weight = frozen * factor, d/d frozen = weight * factor, d/d hidden = factor (TF 2.21: 4, 16, 8)
    assert [float(grads[n]) for n in ("weight", "frozen", "hidden")] == pytest.approx([4.0, 16.0, 8.0])
    assert [v.name for v in tape.watched_variables()] == ["weight:0", "frozen:0"]


def test_the_prediction_check_reveals_the_gradients_only_after_an_answer():
    tape, out, sources = prediction_setup()
    unanswered = lesson04.check_none_prediction(..., tape, out, sources)
    assert unanswered.code == NOT_DONE and "returned" not in repr(unanswered)
    right = lesson04.check_none_prediction({"scale", "late"}, tape, out, sources)
    assert right and "What tape.gradient returned:\n  weight: 4.0\n  frozen: 16.0\n  scale: None" in repr(right)
    wrong = lesson04.check_none_prediction({"scale"}, tape, out, sources)
    assert not wrong and wrong.code == "late_watched_too_late" and "returned" not in repr(wrong)
    assert wrong.message.startswith("you are wrong about late.") and "None" not in wrong.message
    closer = lesson04.check_none_prediction({"scale"}, tape, out, sources)
    assert "watched only after" in closer.message and "returned" not in closer.message
    assert "scale and late get None." in repr(lesson04.check_none_prediction.show_answer())
    unknown = lesson04.check_none_prediction({"speed"}, tape, out, sources)
    assert unknown.code == "unknown" and "returned" not in repr(unknown)


def test_the_prediction_check_follows_the_tape_it_is_given():
    """With a tape, the verdict comes from what tape.gradient returns, not from the answer key."""
    x = tk.Variable(1.0, name="x")
    c = tk.constant(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = x * c
    sources = {"x": x, "c": c}
    assert lesson04.check_none_prediction({"c"}, tape, y, sources)
    assert not lesson04.check_none_prediction({"x"}, tape, y, sources)


@tk.custom_gradient
def _round_with_custom_gradient(x):
    """A correct alternative: TF's own route to a chosen gradient."""
    return tk.round(x), lambda upstream: upstream


STRAIGHT_CASES = {
    "correct  ": _round_with_custom_gradient,
    "correct": lambda x: x + tk.stop_gradient(tk.round(x) - x),
    "correct ": lambda x: tk.stop_gradient(tk.round(x)) + x - tk.stop_gradient(x),
    "identity": lambda x: x,
    "no_gradient": lambda x: tk.round(x),
    "no_gradient ": lambda x: tk.stop_gradient(tk.round(x)),
    "zero_gradient": lambda x: x + tk.stop_gradient(tk.round(x)) - x,
    "gradient": lambda x: 2.0 * x + tk.stop_gradient(tk.round(x) - 2.0 * x),
    "values": lambda x: x + tk.stop_gradient(tk.floor(x) - x),
    "shape": lambda x: tk.reduce_sum(x),
    "none": lambda x: None,
    "raised": lambda x: x.nope(),
    "not_callable": tk.constant(1.0),
    "raised ": lambda x: x + tk.stop_gradient(tk.constant([0.0, 2.0, -2.0, 3.0, -1.0]) - x),   # hard-coded
}


@pytest.mark.parametrize("case", STRAIGHT_CASES)
def test_check_straight_through(case):
    assert_verdict(lesson04.check_straight_through(STRAIGHT_CASES[case]), case.strip())


class _Records(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def test_a_watched_integer_gets_none_and_a_warning():
    """Lesson 04 section 2: TF 2.21 logs this warning (with tf for tk) and returns None."""
    records = _Records()
    logger = logging.getLogger("tapekit")
    logger.addHandler(records)
    try:
        boxes = tk.constant(3)
        with tk.GradientTape() as tape:
            tape.watch(boxes)
            area = boxes * boxes
    finally:
        logger.removeHandler(records)
    assert tape.gradient(area, boxes) is None
    assert records.messages == ["The dtype of the watched tensor must be floating (e.g. tk.float32), got tk.int32"]
