"""Exercises for lesson 01 (tensors)."""

import numpy as np

from ._check import Feedback, correct, dtype_name, exercise, hint, kind_of, same_values, shape_of, values_of

GRID = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])

READINGS = [3.0, -1.0, 4.0, -1.0, -5.0, 9.0]

SCORES = [[10, 11, 12], [20, 21, 22], [30, 31, 32]]


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
def check_pick(answer) -> Feedback:
    """Exercise 3: the elements SCORES[0][2] and SCORES[2][1], as a 1-D tensor [12, 31]."""
    problem = _not_a_tensor(answer)
    if problem is not None:
        return problem
    scores = np.array(SCORES)
    expected = np.array([scores[0, 2], scores[2, 1]])
    shape = shape_of(answer)
    if shape == (2, 3):
        return hint("rows", "you got whole rows: tk.gather takes slices along one axis. To pick single elements "
                            "by [row, column] pairs use tk.gather_nd.")
    if shape == (3, 2):
        return hint("columns", "you got whole columns; pick single elements by [row, column] pairs with "
                               "tk.gather_nd.")
    if shape == (2, 1):
        return hint("extra_axis", "the shape is (2, 1): write the indices as [[0, 2], [2, 1]] "
                                  "(one [row, column] pair per element).")
    if same_values(answer, np.array([scores[2, 0], scores[1, 2]])):
        return hint("swapped", "the coordinates are swapped: each index pair is [row, column].")
    if not same_values(answer, expected):
        return hint("values", f"got {values_of(answer).tolist()}; expected {expected.tolist()}.")
    return correct("two elements picked by their coordinates.")
