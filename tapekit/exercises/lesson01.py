"""Exercises for lesson 01 (tensors)."""

import numpy as np

import tapekit as tk

from .._base.i18n import _
from ._check import (
    Feedback,
    assigns_items,
    call_safely,
    correct,
    crashed,
    dtype_name,
    exercise,
    hint,
    kind_of,
    same_values,
    shape_of,
    student_constant,
    values_of,
    wrong_shape,
)

GRID = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])

READINGS = [3.0, -1.0, 4.0, -1.0, -5.0, 9.0]

# Exercise 3: a square matrix first (a wrong broadcast runs silently there), then a wide one
CENTER_INPUTS = [[[1.0, 2.0, 3.0], [4.0, 6.0, 8.0], [0.0, 0.0, 9.0]],
                 [[1.0, 2.0, 3.0, 6.0], [10.0, 20.0, 30.0, 40.0]]]

# Exercise 4: the expressions whose result shapes the student predicts (None: the operation raises)
SHAPE_QUESTIONS = {
    "a": "tk.zeros((4, 1)) + tk.zeros((3,))",
    "b": "tk.zeros((2, 3)) * tk.zeros((3, 1))",
    "c": "tk.zeros((5, 1, 3)) - tk.zeros((2, 1))",
    "d": "tk.gather(tk.zeros((6, 4)), [[0], [2]])",
    "e": "tk.gather_nd(tk.zeros((6, 4)), [[0], [2]])",
}



def _not_a_tensor(answer, returned: bool = False) -> Feedback | None:
    kind = kind_of(answer)
    if kind == "None" and returned:
        return hint("none", _("your function returned None: return the new tensor."))
    if kind == "None":
        return hint("none", _("`answer` is None: assign your tensor to `answer`."))
    if kind == "Variable":
        return hint("variable", _("that is a tk.Variable (mutable state); this exercise wants an immutable tensor, "
                                  "e.g. from tk.constant."))
    if kind != "Tensor":
        return hint("not_tensor", _("the result is a {kind}, not a tensor: wrap it with tk.constant(...).").format(
                                      kind=kind))
    return None


@exercise
def check_grid(answer) -> Feedback:
    """Exercise 1: a float64 tensor of shape (2, 3) holding 1..6 row by row."""
    problem = _not_a_tensor(answer)
    if problem is not None:
        return problem
    shape = shape_of(answer)
    if shape == (6,):
        return hint("flat", _("the shape is (6,): nest the values in two lists of three, or tk.reshape(t, (2, 3))."))
    if shape == (3, 2):
        return hint("shape", _("the shape is (3, 2): the first number in a shape counts rows, so 2 rows of 3 values "
                               "is shape (2, 3)."))
    if shape != (2, 3):
        return hint("shape", _("the shape is {shape}; it should be (2, 3).").format(shape=shape))
    if not same_values(answer, GRID):
        if same_values(answer, GRID.T.reshape(2, 3)):
            return hint("order", _("the values run down the columns; fill the first row with 1, 2, 3."))
        return hint("values", _("the values are {values_of}; expected [[1, 2, 3], [4, 5, 6]].").format(
                                  values_of=values_of(answer).tolist()))
    dtype = dtype_name(answer)
    if dtype == "float32":
        return hint("float32", _("dtype is float32, the default for Python floats: pass dtype=tk.float64."))
    if dtype and dtype.startswith(("int", "uint")):
        return hint("int", _("dtype is {dtype} because the values were integers: pass dtype=tk.float64.").format(
                               dtype=dtype))
    if dtype != "float64":
        return hint("dtype", _("dtype is {dtype}; it should be float64.").format(dtype=dtype))
    return correct(_("a (2, 3) float64 tensor."))


# Exercise 2: the lesson's readings, then two held back (a matrix, and float64 values)
CLIP_CASES = ((READINGS, "float32"), ([[-0.5, 2.0, 0.0], [1.5, -3.0, 7.25]], "float32"),
              ([-2.5, 0.125, -1e-3, 6.0], "float64"))


def _clipped_on(clip_negatives, values, dtype) -> Feedback | None:
    """None when ``clip_negatives`` is right on these readings, else the hint."""
    readings = np.array(values, dtype=dtype)
    answer, exc = call_safely(clip_negatives, student_constant(readings, dtype))
    if exc is not None:
        return crashed(exc, _("clip_negatives(readings of shape {shape})").format(shape=readings.shape))
    problem = _not_a_tensor(answer, returned=True)
    if problem is not None:
        return problem
    if dtype_name(answer) == "bool":
        return hint("mask", _("you returned the boolean mask itself; use it to choose between the readings and 0."))
    if shape_of(answer) != readings.shape:
        return wrong_shape(_("for readings of shape {shape} the result").format(shape=readings.shape),
                           shape_of(answer), readings.shape)
    if same_values(answer, readings):
        return hint("unchanged", _("nothing changed: the negative readings are still there."))
    if same_values(answer, np.abs(readings)):
        return hint("abs", _("you flipped the sign of the negatives (absolute value); they should become 0."))
    if same_values(answer, np.where(readings < 0, readings, 0.0)):
        return hint("inverted", _("the mask is inverted: you kept the negatives and zeroed the rest."))
    if not same_values(answer, np.maximum(readings, 0.0)):
        return hint("values", _("for readings of shape {shape} some values are wrong: every reading of 0 or more "
                                "stays as it is, and only the negative ones become 0.0.").format(
                                  shape=readings.shape))
    if dtype_name(answer) != dtype:
        return hint("dtype", _("for {dtype} readings the result is {dtype_name}; keep the readings' dtype.").format(
                                 dtype=dtype, dtype_name=dtype_name(answer)))
    return None


@exercise(answer=lambda: _CLIP_ANSWER)
def check_clip_negatives(clip_negatives) -> Feedback:
    """Exercise 2: ``clip_negatives(readings)`` returns a new tensor with every negative reading replaced by 0.0,
    without item assignment. Checked on the lesson's readings and two held-back tensors (a matrix, float64)."""
    if not callable(clip_negatives):
        return hint("not_callable", _("pass the function itself: check_clip_negatives(clip_negatives)."))
    if assigns_items(clip_negatives):
        return hint("item_assignment", _("your function assigns to an item or a slice (x[...] = ...). The exercise "
                                          "asks for a new tensor built without item assignment: build it from a "
                                          "mask."),
                    _("a mask, readings < 0, chooses between two tensors of the same shape: tk.where(mask, a, b)."))
    for values, dtype in CLIP_CASES:
        verdict = _clipped_on(clip_negatives, values, dtype)
        if verdict is not None:
            return verdict
    return correct(_("negatives replaced by 0, without touching the original tensor, whatever its shape and "
                     "dtype."))


_CLIP_ANSWER = """def clip_negatives(readings):
    return tk.where(readings < 0, tk.zeros_like(readings), readings)"""


@exercise(answer=lambda: _CENTER_ANSWER)
def check_center_rows(center_rows) -> Feedback:
    """Exercise 3: ``center_rows(data)`` subtracts from each row of a matrix that row's mean."""
    if not callable(center_rows):
        return hint("not_callable", _("pass the function itself: check_center_rows(center_rows)."))
    for rows in CENTER_INPUTS:
        data = np.array(rows, dtype=np.float32)
        result, exc = call_safely(center_rows, student_constant(data))
        if isinstance(exc, tk.errors.InvalidArgumentError) and "Incompatible shapes" in str(exc):
            return hint("dropped_axis", _("for data of shape {shape} the row means have shape ({data},), and "
                                          "broadcasting lines that up with the LAST axis, so the shapes do not "
                                          "fit.").format(shape=data.shape, data=data.shape[0]),
                        _("for data of shape {shape} the means must form a column, shape ({data}, 1): reduce_mean "
                          "can keep the reduced axis (keepdims=True).").format(shape=data.shape, data=data.shape[0]))
        if exc is not None:
            return crashed(exc, _("center_rows(data of shape {shape})").format(shape=data.shape))
        if values_of(result) is None:
            return hint("not_tensor", _("center_rows returned a {kind}; return the centered tensor.").format(
                                          kind=kind_of(result)))
        expected = data - data.mean(axis=1, keepdims=True)
        if shape_of(result) != data.shape:
            return hint("shape", _("for data of shape {shape} the result has shape {shape2}; it should keep the "
                                   "data's shape.").format(
                                     shape=data.shape, shape2=shape_of(result)))
        if same_values(result, expected, rtol=1e-4, atol=1e-5):
            continue
        if same_values(result, data - data.mean(axis=1)[np.newaxis, :], rtol=1e-4, atol=1e-5):
            return hint("across_columns", _("on this square matrix the row means, shape (3,), were broadcast along "
                                            "the last axis: row i's mean was subtracted from column i. No error, "
                                            "wrong numbers!"),
                        _("on a square matrix, row means of shape (3,) line up with the columns. Keep the reduced "
                          "axis (keepdims=True) so the means form a column, shape (3, 1)."))
        if same_values(result, data - data.mean(axis=0, keepdims=True), rtol=1e-4, atol=1e-5):
            return hint("column_means", _("you subtracted each column's mean (axis=0); a row's mean runs along axis "
                                          "1."))
        if same_values(result, data - data.mean(), rtol=1e-4, atol=1e-5):
            return hint("overall_mean", _("you subtracted the mean of the whole matrix; each row needs its own mean "
                                          "(axis=1)."))
        if same_values(result, -expected, rtol=1e-4, atol=1e-5):
            return hint("sign", _("the signs are flipped: compute data minus the mean, not the mean minus data."))
        return hint("values", _("for {rows} the result is {values_of}, and its rows do not have mean 0.").format(
                                  rows=rows, values_of=values_of(result).round(4).tolist()))
    return correct(_("every row now has mean 0, whatever the matrix's shape."))


_CENTER_ANSWER = """def center_rows(data):
    return data - tk.reduce_mean(data, axis=1, keepdims=True)"""


def _true_shapes() -> dict:
    """Each question's result shape as a tuple, or None when the operation raises (computed, not stored)."""
    shapes = {}
    for key, expression in SHAPE_QUESTIONS.items():
        try:
            shapes[key] = tuple(eval(expression, {"tk": tk}).shape)
        except tk.errors.InvalidArgumentError:
            shapes[key] = None
    return shapes


def _as_shape(answer):
    """A predicted shape as a tuple of ints, None for 'raises', or the string 'unreadable'."""
    if answer is None or (isinstance(answer, str) and any(w in answer.lower() for w in ("error", "rais", "fail"))):
        return None
    if hasattr(answer, "as_list"):
        answer = answer.as_list()
    if isinstance(answer, (tuple, list)) and all(isinstance(d, (int, np.integer)) for d in answer):
        return tuple(int(d) for d in answer)
    return "unreadable"


def _shape_text(shape) -> str:
    return _("raises InvalidArgumentError") if shape is None else str(shape)


def _shape_hints() -> dict:
    """(question, wrong prediction) -> (code, hint), in the language in use."""
    return {
        ("a", (3, 4)): ("a_align", _("align the shapes on the right: (4, 1) over (3,). The 1 meets 3, and 4 meets a "
                                     "missing axis.")),
        ("a", None): ("a_stretch", _("an axis of size 1 stretches to fit the other tensor: (4, 1) and (3,) do "
                                     "broadcast.")),
        ("b", "any shape"): ("b_raises", _("aligned on the right, 3 meets 1 (fine), but then 2 meets 3: neither is 1, "
                                           "so the operation raises InvalidArgumentError.")),
        ("c", None): ("c_missing_axes", _("missing axes on the left count as 1: (2, 1) acts as (1, 2, 1), which fits "
                                          "(5, 1, 3).")),
        ("c", (5, 1, 3)): ("c_stretch", _("the 1 in (5, 1, 3) stretches too: each axis of the result takes the "
                                          "larger size.")),
        ("d", (2, 4)): ("d_gather_shape", _("that is gather_nd's result. tk.gather replaces axis 0 with the shape of "
                                            "the indices, (2, 1), and keeps the other axes: (2, 1) + (4,).")),
        ("d", (2, 1)): ("d_gather_shape", _("tk.gather picks whole rows of 4 values: the indices' shape (2, 1) is "
                                            "followed by the rest of the input's shape, (4,).")),
        ("e", (2, 1, 4)): ("e_gather_nd_shape", _("that is tk.gather's result. tk.gather_nd reads each row of the "
                                                  "indices as one coordinate: [0] and [2] are two coordinates, each "
                                                  "picking a row of 4.")),
        ("e", (2,)): ("e_gather_nd_shape", _("each coordinate has only one number, a row index, so it picks a whole "
                                             "row of 4 values, not a single element.")),
    }


def _shapes_reveal() -> str:
    truth = _true_shapes()
    return _("What really happens:") + "\n" + "\n".join(
        f"  {key}: {SHAPE_QUESTIONS[key]} -> {_shape_text(truth[key])}" for key in SHAPE_QUESTIONS)


@exercise(answer=_shapes_reveal)
def check_shapes(shapes) -> Feedback:
    """Exercise 4: the predicted result shape of each of SHAPE_QUESTIONS (None for an error), revealed after."""
    if not isinstance(shapes, dict):
        return hint("not_dict", _("`shapes` is a {kind}; write a dict such as {{\"a\": (4, 3), "
                                  "\"b\": None, ...}}.").format(
                                    kind=kind_of(shapes)))
    missing = [key for key in SHAPE_QUESTIONS if key not in shapes]
    if missing:
        return hint("keys", _("the dict has no entry for {missing}; give one for each of {shape_questions}.").format(
                                missing=missing, shape_questions=list(SHAPE_QUESTIONS)))
    predicted = {key: _as_shape(shapes[key]) for key in SHAPE_QUESTIONS}
    unreadable = [key for key, shape in predicted.items() if shape == "unreadable"]
    if unreadable:
        return hint("format", _("cannot read the answer for {unreadable}: write a shape as a tuple of ints, e.g. (4, "
                                "3), or None when the operation raises.").format(
                                  unreadable=unreadable))
    truth = _true_shapes()
    wrong = [key for key in SHAPE_QUESTIONS if predicted[key] != truth[key]]
    if not wrong:
        return correct(_("every shape predicted.") + "\n" + _shapes_reveal())
    notes, codes = [], []
    for key in wrong:
        guess = predicted[key]
        lookup = (key, "any shape") if key == "b" and guess is not None else (key, guess)
        code, text = _shape_hints().get(lookup, (f"{key}_wrong", _("you predicted {shape}.").format(
            shape=_shape_text(guess))))
        codes.append(code)
        notes.append(f"  {key}: {text}")
    off = _("{wrong} of {total} predictions are off: {keys}.").format(
        wrong=len(wrong), total=len(SHAPE_QUESTIONS), keys=", ".join(wrong))
    return hint(codes[0], off + " " + _("Work through those again: align the shapes on the right, and recall what "
                                        "gather and gather_nd keep."),
                off + "\n" + "\n".join(notes))


# ---- Exercise 5: a creation function ---------------------------------------------------------------

# (shape, value): none is shown in the lesson; an int value must still give float32
FILLED_CASES = (((2, 3), 0.5), ((4,), 7), ((1, 2, 2), -1.25), ((), 3))


def _filled_on(filled, shape, value) -> Feedback | None:
    result, exc = call_safely(filled, shape, value)
    if exc is not None:
        return crashed(exc, f"filled({shape}, {value})")
    problem = _not_a_tensor(result, returned=True)
    if problem is not None:
        return problem
    if shape_of(result) != shape:
        return wrong_shape(f"filled({shape}, {value})", shape_of(result) or (), shape)
    if dtype_name(result) != "float32":
        return hint("dtype", _("filled({shape}, {value}) has dtype {dtype}: an int value makes an int tensor. "
                               "The exercise asks for float32 whatever the value.").format(
                                 shape=shape, value=value, dtype=dtype_name(result)),
                    _("pass dtype=tk.float32 where the function takes one, or give it float(value)."))
    if not same_values(result, np.full(shape, value, dtype=np.float32)):
        return hint("values", _("filled({shape}, {value}) holds other values: every element must be "
                                "{value}.").format(shape=shape, value=value))
    return None


@exercise(answer=lambda: _FILLED_ANSWER)
def check_filled(filled) -> Feedback:
    """Exercise 5: ``filled(shape, value)`` is a float32 tensor of ``shape`` with every element ``value``;
    checked on four held-back shapes and values (an int value, a scalar shape among them)."""
    if not callable(filled):
        return hint("not_callable", _("pass the function itself: check_filled(filled)."))
    for shape, value in FILLED_CASES:
        verdict = _filled_on(filled, shape, value)
        if verdict is not None:
            return verdict
    return correct(_("any shape, any value, always float32."))


_FILLED_ANSWER = """def filled(shape, value):
    return tk.fill(shape, tk.constant(value, dtype=tk.float32))"""
