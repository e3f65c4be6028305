"""Lesson 01's exercise checks: correct answers pass, each typical mistake gets its hint."""

from pathlib import Path

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson01


LESSON_SOURCE = Path(__file__).resolve().parent.parent.parent / "notebooks" / "source" / "01_tensors.ipynb"


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- exercise 1: a float64 grid ----------------------------------------------------------------

GRID_CASES = {
    "correct": lambda: tk.constant([[1, 2, 3], [4, 5, 6]], dtype=tk.float64),
    "correct ": lambda: tk.reshape(tk.cast(tk.range(1, 7), tk.float64), (2, 3)),
    "float32": lambda: tk.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]),
    "int": lambda: tk.constant([[1, 2, 3], [4, 5, 6]]),
    "shape": lambda: tk.constant([[1, 2], [3, 4], [5, 6]], dtype=tk.float64),
    "flat": lambda: tk.constant([1, 2, 3, 4, 5, 6], dtype=tk.float64),
    "order": lambda: tk.constant([[1, 4, 2], [5, 3, 6]], dtype=tk.float64),
    "values": lambda: tk.constant([[0, 1, 2], [3, 4, 5]], dtype=tk.float64),
    "not_tensor": lambda: np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float64),
    "variable": lambda: tk.Variable([[1, 2, 3], [4, 5, 6]], dtype=tk.float64),
    "none": lambda: None,
}


@pytest.mark.parametrize("case", GRID_CASES)
def test_check_grid(case):
    assert_verdict(lesson01.check_grid(GRID_CASES[case]()), case.strip())


# ---- exercise 2: negatives replaced by zero ----------------------------------------------------

def _by_item_assignment(readings):
    """The forbidden route: a NumPy copy changed item by item."""
    values = readings.numpy().copy()
    values[values < 0] = 0.0
    return tk.constant(values)


def _by_variable_slices(readings):
    """Also item assignment: a variable's elements assigned one by one."""
    flat = tk.Variable(tk.reshape(readings, (-1,)))
    for i, value in enumerate(flat.numpy()):
        if value < 0:
            flat[i].assign(0.0)
    return tk.reshape(tk.identity(flat), readings.shape)


def _set_negatives_to_zero(values):
    values[values < 0] = 0.0
    return values


def _by_a_helper(readings):
    """Item assignment moved into a helper function of the student's."""
    return tk.constant(_set_negatives_to_zero(readings.numpy().copy()))


def _by_setitem(readings):
    """Item assignment spelled as a method call."""
    values = readings.numpy().copy()
    values.__setitem__(values < 0, 0.0)
    return tk.constant(values)


def _by_putmask(readings):
    """Item assignment by NumPy's in-place writer."""
    values = readings.numpy().copy()
    np.putmask(values, values < 0, 0.0)
    return tk.constant(values)


def _literal(readings):
    """A hard-coded answer: right for the lesson's readings only."""
    return tk.constant([3.0, 0.0, 4.0, 0.0, 0.0, 9.0])


CLIP_CASES = {
    "correct": lambda r: tk.where(r < 0, tk.zeros_like(r), r),
    "correct ": lambda r: r * tk.cast(r >= 0, r.dtype),
    "correct  ": lambda r: tk.maximum(r, tk.zeros_like(r)),
    "correct   ": lambda r: tk.nn.relu(r),
    "mask": lambda r: r >= 0,
    "abs": lambda r: tk.abs(r),
    "inverted": lambda r: tk.where(r < 0, r, tk.zeros_like(r)),
    "unchanged": lambda r: r,
    "dtype": lambda r: tk.cast(tk.maximum(r, tk.zeros_like(r)), tk.float16),
    "not_tensor": lambda r: np.maximum(r.numpy(), 0),
    "shape": _literal,
    "values": lambda r: tk.where(r < 0, tk.ones_like(r), r),
    "item_assignment": _by_item_assignment,
    "item_assignment ": _by_variable_slices,
    "item_assignment  ": _by_a_helper,
    "item_assignment   ": _by_setitem,
    "item_assignment    ": _by_putmask,
    "correct    ": lambda r: tk.constant(np.maximum(r.numpy(), 0.0)),   # NumPy, no item assignment
    "dtype_clash": lambda r: r * tk.cast(r >= 0, tk.float32),   # right on float32, crashes on float64
    "none": lambda r: None,
    "not_callable": tk.constant([3.0, 0.0, 4.0, 0.0, 0.0, 9.0]),
}


@pytest.mark.parametrize("case", CLIP_CASES)
def test_check_clip_negatives(case):
    assert_verdict(lesson01.check_clip_negatives(CLIP_CASES[case]), case.strip())


def test_a_wrong_shape_is_reported_as_shapes():
    message = lesson01.check_clip_negatives(_literal).message
    assert "has shape (6,), expected shape (2, 3)" in message and "3.0" not in message


# ---- exercise 3: center the rows (broadcasting) ------------------------------------------------

def _only_square_right(data):
    """Right on a square matrix, but drops the reduced axis: the wide matrix then raises."""
    means = tk.reduce_mean(data, axis=1)
    if data.shape[0] == data.shape[1]:
        return data - means[:, tk.newaxis]
    return data - means


def _raises_other(data):
    raise KeyError("rows")


CENTER_CASES = {
    "correct": lambda d: d - tk.reduce_mean(d, axis=1, keepdims=True),
    "correct ": lambda d: d - tk.expand_dims(tk.reduce_mean(d, axis=1), 1),
    "correct  ": lambda d: tk.transpose(tk.transpose(d) - tk.reduce_mean(d, axis=1)),
    "correct   ": lambda d: d.numpy() - d.numpy().mean(axis=1, keepdims=True),
    "across_columns": lambda d: d - tk.reduce_mean(d, axis=1),
    "dropped_axis": _only_square_right,
    "column_means": lambda d: d - tk.reduce_mean(d, axis=0, keepdims=True),
    "overall_mean": lambda d: d - tk.reduce_mean(d),
    "sign": lambda d: tk.reduce_mean(d, axis=1, keepdims=True) - d,
    "shape": lambda d: tk.reduce_mean(d, axis=1, keepdims=True),
    "values": lambda d: d - 1.0,
    "not_tensor": lambda d: None,
    "raised": _raises_other,
    "not_callable": 3.0,
}


@pytest.mark.parametrize("case", CENTER_CASES)
def test_check_center_rows(case):
    assert_verdict(lesson01.check_center_rows(CENTER_CASES[case]), case.strip())


def test_the_silent_broadcast_is_named_even_though_nothing_raised():
    feedback = lesson01.check_center_rows(CENTER_CASES["across_columns"])
    assert "No error, wrong numbers" in feedback.message and "keepdims=True" not in feedback.message
    assert "keepdims=True" in lesson01.check_center_rows(CENTER_CASES["across_columns"]).message


# ---- exercise 4: predict the shapes ------------------------------------------------------------

# The shapes TensorFlow 2.21 gives for lesson01.SHAPE_QUESTIONS (checked with tf in /opt/tfvenv;
# b raises InvalidArgumentError).
TF_SHAPES = {"a": (4, 3), "b": None, "c": (5, 2, 3), "d": (2, 1, 4), "e": (2, 4)}


def _with(**changes):
    return {**TF_SHAPES, **changes}


SHAPE_CASES = {
    "correct": TF_SHAPES,
    "correct ": {"a": [4, 3], "b": "raises an error", "c": tk.TensorShape([5, 2, 3]), "d": (2, 1, 4), "e": [2, 4]},
    "a_align": _with(a=(3, 4)),
    "a_stretch": _with(a=None),
    "b_raises": _with(b=(2, 3)),
    "c_missing_axes": _with(c="error"),
    "c_stretch": _with(c=(5, 1, 3)),
    "d_gather_shape": _with(d=(2, 4)),
    "e_gather_nd_shape": _with(e=(2, 1, 4)),
    "a_wrong": _with(a=(9, 9)),
    "keys": {"a": (4, 3), "b": None},
    "format": _with(d="two by one by four"),
    "not_dict": [(4, 3), None, (5, 2, 3), (2, 1, 4), (2, 4)],
}


@pytest.mark.parametrize("case", SHAPE_CASES)
def test_check_shapes(case):
    assert_verdict(lesson01.check_shapes(SHAPE_CASES[case]), case.strip())


def test_the_shape_check_reveals_the_truth_only_to_a_right_answer_or_on_request():
    assert "really" not in repr(lesson01.check_shapes(...))
    wrong = _with(a=(3, 4), e=(2, 1, 4))
    for message in (lesson01.check_shapes(wrong).message, lesson01.check_shapes(wrong).message):
        assert "really" not in message and "(4, 3)" not in message and "-> (2, 4)" not in message
    for text in (lesson01.check_shapes(TF_SHAPES).message, repr(lesson01.check_shapes.show_answer())):
        assert "b: tk.zeros((2, 3)) * tk.zeros((3, 1)) -> raises InvalidArgumentError" in text
        assert "d: tk.gather(tk.zeros((6, 4)), [[0], [2]]) -> (2, 1, 4)" in text


def test_wrong_predictions_are_named_first_then_each_gets_its_hint():
    first = lesson01.check_shapes(_with(a=(3, 4), e=(2, 1, 4))).message
    assert first.startswith("2 of 5 predictions are off: a, e.") and "align" in first and "gather's result" not in first
    second = lesson01.check_shapes(_with(a=(3, 4), e=(2, 1, 4))).message
    assert "align the shapes on the right" in second and "that is tk.gather's result" in second


def test_the_checked_truth_is_tensorflows():
    assert lesson01._true_shapes() == TF_SHAPES


def test_the_lesson_asks_exactly_the_checked_questions():
    import nbformat

    text = "\n".join(cell.source for cell in nbformat.read(LESSON_SOURCE, as_version=4).cells
                     if cell.cell_type == "markdown")
    for key, expression in lesson01.SHAPE_QUESTIONS.items():
        assert f"- {key}: `{expression}`" in text


# ---- exercise 5: a creation function ------------------------------------------------------------

FILLED_CASES = {
    "correct": lambda shape, value: tk.fill(shape, tk.constant(value, dtype=tk.float32)),
    "correct ": lambda shape, value: tk.ones(shape) * value,
    "correct  ": lambda shape, value: tk.zeros(shape) + float(value),
    "dtype": lambda shape, value: tk.fill(shape, value),                  # an int value gives int32
    "values": lambda shape, value: tk.ones(shape),
    "shape": lambda shape, value: tk.fill([2, 3], float(value)),           # hard-coded shape
    "not_tensor": lambda shape, value: np.full(shape, value, dtype=np.float32),
    "none": lambda shape, value: None,
    "not_callable": tk.fill([2, 3], 0.5),
}


@pytest.mark.parametrize("case", FILLED_CASES)
def test_check_filled(case):
    assert_verdict(lesson01.check_filled(FILLED_CASES[case]), case.strip())


def test_the_filled_check_tries_shapes_the_lesson_does_not_show():
    assert {shape for shape, _ in lesson01.FILLED_CASES} >= {(), (4,)}
    assert any(isinstance(value, int) for _, value in lesson01.FILLED_CASES)
