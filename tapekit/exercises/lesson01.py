"""Exercises for lesson 01 (tensors)."""

import numpy as np

import tapekit as tk

from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    dtype_name,
    exercise,
    hint,
    kind_of,
    same_values,
    shape_of,
    values_of,
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



def _not_a_tensor(answer) -> Feedback | None:
    kind = kind_of(answer)
    if kind == "None":
        return hint("none", "`answer` is None: assign your tensor to `answer`.")
    if kind == "Variable":
        return hint("variable", "that is a tk.Variable (mutable state); this exercise wants an immutable tensor, "
                                "e.g. from tk.constant.")
    if kind != "Tensor":
        return hint("not_tensor", f"`answer` is a {kind}, not a tensor: wrap it with tk.constant(...).")
    return None


@exercise
def check_grid(answer) -> Feedback:
    """Exercise 1: a float64 tensor of shape (2, 3) holding 1..6 row by row."""
    problem = _not_a_tensor(answer)
    if problem is not None:
        return problem
    shape = shape_of(answer)
    if shape == (6,):
        return hint("flat", "the shape is (6,): nest the values in two lists of three, or tk.reshape(t, (2, 3)).")
    if shape == (3, 2):
        return hint("shape", "the shape is (3, 2): the first number in a shape counts rows, so 2 rows of 3 "
                             "values is shape (2, 3).")
    if shape != (2, 3):
        return hint("shape", f"the shape is {shape}; it should be (2, 3).")
    if not same_values(answer, GRID):
        if same_values(answer, GRID.T.reshape(2, 3)):
            return hint("order", "the values run down the columns; fill the first row with 1, 2, 3.")
        return hint("values", f"the values are {values_of(answer).tolist()}; expected [[1, 2, 3], [4, 5, 6]].")
    dtype = dtype_name(answer)
    if dtype == "float32":
        return hint("float32", "dtype is float32, the default for Python floats: pass dtype=tk.float64.")
    if dtype and dtype.startswith(("int", "uint")):
        return hint("int", f"dtype is {dtype} because the values were integers: pass dtype=tk.float64.")
    if dtype != "float64":
        return hint("dtype", f"dtype is {dtype}; it should be float64.")
    return correct("a (2, 3) float64 tensor.")


@exercise
def check_clip_negatives(answer) -> Feedback:
    """Exercise 2: READINGS with every negative entry replaced by 0.0 (still float32)."""
    problem = _not_a_tensor(answer)
    if problem is not None:
        return problem
    readings = np.array(READINGS, dtype=np.float32)
    if dtype_name(answer) == "bool":
        return hint("mask", "you returned the boolean mask itself; use it to choose between the readings and 0.")
    if shape_of(answer) != readings.shape:
        return hint("shape", f"the shape is {shape_of(answer)}; keep all {readings.size} readings, "
                             "replacing only the negative ones.")
    if same_values(answer, readings):
        return hint("unchanged", "nothing changed: the negative readings are still there.")
    if same_values(answer, np.abs(readings)):
        return hint("abs", "you flipped the sign of the negatives (absolute value); they should become 0.")
    if same_values(answer, np.where(readings < 0, readings, 0.0)):
        return hint("inverted", "the mask is inverted: you kept the negatives and zeroed the rest.")
    if not same_values(answer, np.maximum(readings, 0.0)):
        return hint("values", f"got {values_of(answer).tolist()}; expected {np.maximum(readings, 0).tolist()}.")
    if dtype_name(answer) != "float32":
        return hint("dtype", f"dtype is {dtype_name(answer)}; the readings are float32, keep that dtype.")
    return correct("negatives replaced by 0, without touching the original tensor.")




@exercise
def check_center_rows(center_rows) -> Feedback:
    """Exercise 3: ``center_rows(data)`` subtracts from each row of a matrix that row's mean."""
    if not callable(center_rows):
        return hint("not_callable", "pass the function itself: check_center_rows(center_rows).")
    for rows in CENTER_INPUTS:
        data = np.array(rows, dtype=np.float32)
        result, exc = call_safely(center_rows, tk.constant(data))
        if isinstance(exc, tk.errors.InvalidArgumentError) and "Incompatible shapes" in str(exc):
            return hint("dropped_axis", f"for data of shape {data.shape} the row means have shape ({data.shape[0]},), "
                                        "and broadcasting lines that up with the LAST axis, so the shapes do not fit. "
                                        "Keep the reduced axis: tk.reduce_mean(data, axis=1, keepdims=True) has "
                                        f"shape ({data.shape[0]}, 1).")
        if exc is not None:
            return crashed(exc, f"center_rows(data of shape {data.shape})")
        if values_of(result) is None:
            return hint("not_tensor", f"center_rows returned a {kind_of(result)}; return the centered tensor.")
        expected = data - data.mean(axis=1, keepdims=True)
        if shape_of(result) != data.shape:
            return hint("shape", f"for data of shape {data.shape} the result has shape {shape_of(result)}; "
                                 "it should keep the data's shape.")
        if same_values(result, expected, rtol=1e-4, atol=1e-5):
            continue
        if same_values(result, data - data.mean(axis=1)[np.newaxis, :], rtol=1e-4, atol=1e-5):
            return hint("across_columns", "on this square matrix the row means, shape (3,), were broadcast along the "
                                          "last axis: row i's mean was subtracted from column i. No error, wrong "
                                          "numbers! Keep the axis (keepdims=True) so the means form a column, "
                                          "shape (3, 1).")
        if same_values(result, data - data.mean(axis=0, keepdims=True), rtol=1e-4, atol=1e-5):
            return hint("column_means", "you subtracted each column's mean (axis=0); a row's mean runs along "
                                        "axis 1.")
        if same_values(result, data - data.mean(), rtol=1e-4, atol=1e-5):
            return hint("overall_mean", "you subtracted the mean of the whole matrix; each row needs its own mean "
                                        "(axis=1).")
        if same_values(result, -expected, rtol=1e-4, atol=1e-5):
            return hint("sign", "the signs are flipped: compute data minus the mean, not the mean minus data.")
        return hint("values", f"for {rows} the result is {values_of(result).round(4).tolist()}; "
                              f"expected {expected.round(4).tolist()}.")
    return correct("every row now has mean 0, whatever the matrix's shape.")


def _true_shapes() -> dict:
    """Each question's result shape as a tuple, or None when the operation raises (computed, not stored)."""
    shapes = {}
    for key, expression in SHAPE_QUESTIONS.items():
        try:
            shapes[key] = tuple(eval(expression, {"tk": tk}).shape)  # noqa: S307 - our own fixed expressions
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
    return "raises InvalidArgumentError" if shape is None else str(shape)


_SHAPE_HINTS = {  # (question, wrong prediction) -> (code, hint)
    ("a", (3, 4)): ("a_align", "align the shapes on the right: (4, 1) over (3,). The 1 meets 3, and 4 meets a "
                               "missing axis."),
    ("a", None): ("a_stretch", "an axis of size 1 stretches to fit the other tensor: (4, 1) and (3,) do broadcast."),
    ("b", "any shape"): ("b_raises", "aligned on the right, 3 meets 1 (fine), but then 2 meets 3: neither is 1, so "
                                     "the operation raises InvalidArgumentError."),
    ("c", None): ("c_missing_axes", "missing axes on the left count as 1: (2, 1) acts as (1, 2, 1), which fits "
                                    "(5, 1, 3)."),
    ("c", (5, 1, 3)): ("c_stretch", "the 1 in (5, 1, 3) stretches too: each axis of the result takes the larger "
                                    "size."),
    ("d", (2, 4)): ("d_gather_shape", "that is gather_nd's result. tk.gather replaces axis 0 with the shape of the "
                                      "indices, (2, 1), and keeps the other axes: (2, 1) + (4,)."),
    ("d", (2, 1)): ("d_gather_shape", "tk.gather picks whole rows of 4 values: the indices' shape (2, 1) is followed "
                                      "by the rest of the input's shape, (4,)."),
    ("e", (2, 1, 4)): ("e_gather_nd_shape", "that is tk.gather's result. tk.gather_nd reads each row of the indices "
                                            "as one coordinate: [0] and [2] are two coordinates, each picking a row "
                                            "of 4."),
    ("e", (2,)): ("e_gather_nd_shape", "each coordinate has only one number, a row index, so it picks a whole row "
                                       "of 4 values, not a single element."),
}


@exercise
def check_shapes(shapes) -> Feedback:
    """Exercise 4: the predicted result shape of each of SHAPE_QUESTIONS (None for an error), revealed after."""
    if not isinstance(shapes, dict):
        return hint("not_dict", f"`shapes` is a {kind_of(shapes)}; write a dict such as "
                                "{\"a\": (4, 3), \"b\": None, ...}.")
    missing = [key for key in SHAPE_QUESTIONS if key not in shapes]
    if missing:
        return hint("keys", f"the dict has no entry for {missing}; give one for each of "
                            f"{list(SHAPE_QUESTIONS)}.")
    predicted = {key: _as_shape(shapes[key]) for key in SHAPE_QUESTIONS}
    unreadable = [key for key, shape in predicted.items() if shape == "unreadable"]
    if unreadable:
        return hint("format", f"cannot read the answer for {unreadable}: write a shape as a tuple of ints, "
                              "e.g. (4, 3), or None when the operation raises.")
    truth = _true_shapes()
    reveal = "What really happens:\n" + "\n".join(
        f"  {key}: {SHAPE_QUESTIONS[key]} -> {_shape_text(truth[key])}" for key in SHAPE_QUESTIONS)
    wrong = [key for key in SHAPE_QUESTIONS if predicted[key] != truth[key]]
    if not wrong:
        return correct("every shape predicted.\n" + reveal)
    notes, codes = [], []
    for key in wrong:
        guess = predicted[key]
        lookup = (key, "any shape") if key == "b" and guess is not None else (key, guess)
        code, text = _SHAPE_HINTS.get(lookup, (f"{key}_wrong", f"you predicted {_shape_text(guess)}."))
        codes.append(code)
        notes.append(f"  {key}: {text}")
    return hint(codes[0], f"{len(wrong)} of {len(SHAPE_QUESTIONS)} predictions are off.\n" + "\n".join(notes)
                + "\n" + reveal)
