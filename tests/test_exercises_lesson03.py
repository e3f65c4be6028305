"""Lesson 03's exercise checks: correct answers pass, each typical mistake gets its hint."""

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson03
from tapekit.exercises._check import NOT_DONE


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- exercise 1: a numerical gradient ----------------------------------------------------------

def _one_hot_central(f, x, h=1e-5):
    n = x.shape[0]
    return tk.stack([(f(x + h * tk.one_hot(i, n, dtype=x.dtype)) - f(x - h * tk.one_hot(i, n, dtype=x.dtype)))
                     / (2 * h) for i in range(n)])


def _numpy_forward(f, x, h=1e-6):
    """A forward difference, built with NumPy: a different correct answer."""
    base = x.numpy()
    slopes = np.zeros_like(base)
    for i in range(base.size):
        bumped = base.copy()
        bumped[i] += h
        slopes[i] = (float(f(tk.constant(bumped))) - float(f(x))) / h
    return slopes


def _scaled(factor):
    return lambda f, x: _one_hot_central(f, x) * factor


def _float32(f, x):
    """Central differences computed in float32 (h = 1e-3): only a few digits survive."""
    h, n = 1e-3, x.shape[0]
    x32 = tk.cast(x, tk.float32)

    def f32(v):
        return tk.cast(f(tk.cast(v, tk.float64)), tk.float32)

    return tk.stack([(f32(x32 + h * tk.one_hot(i, n)) - f32(x32 - h * tk.one_hot(i, n))) / (2 * h) for i in range(n)])


NUMERICAL_CASES = {
    "correct": _one_hot_central,
    "correct ": _numpy_forward,
    "all_at_once": lambda f, x: (f(x + 1e-5) - f(x - 1e-5)) / 2e-5,
    "sign": _scaled(-1.0),
    "two_h": _scaled(2.0),
    "no_division": _scaled(2e-5),
    "inaccurate": lambda f, x: _numpy_forward(f, x, h=1e-2),
    "float32": _float32,
    "shape": lambda f, x: tk.reshape(_one_hot_central(f, x), (1, -1)),
    "values": lambda f, x: x,
    "not_numbers": lambda f, x: "slopes",
    "raised": lambda f, x: f(x, 1e-5),
    "not_callable": 1e-5,
}


@pytest.mark.parametrize("case", NUMERICAL_CASES)
def test_check_numerical_grad(case):
    assert_verdict(lesson03.check_numerical_grad(NUMERICAL_CASES[case]), case.strip())


def test_the_numerical_check_shows_the_comparison_with_the_tape():
    message = lesson03.check_numerical_grad(_one_hot_central).message
    assert "sum(x³): numerical [3.0, 12.0, 0.75], tape [3.0, 12.0, 0.75]" in message  # 3x² at 1, -2, 0.5


# ---- exercise 2: the gradient of a broadcast scale ---------------------------------------------

SCALE_CASES = {
    "correct": lambda d, x: tk.reduce_sum(d * x, axis=0),
    "correct ": lambda d, x: tk.linalg.diag_part(tk.matmul(d, x, transpose_a=True)),
    "no_sum": lambda d, x: d * x,
    "sum_all": lambda d, x: tk.reduce_sum(d * x),
    "axis": lambda d, x: tk.reduce_sum(d * x, axis=1),
    "mean": lambda d, x: tk.reduce_mean(d * x, axis=0),
    "no_x": lambda d, x: tk.reduce_sum(d, axis=0),
    "divided": lambda d, x: tk.reduce_sum(d / x, axis=0),
    "values": lambda d, x: tk.reduce_sum(d * x * x, axis=0),
    "not_numbers": lambda d, x: None,
    "raised": lambda d, x: d @ x,
    "not_callable": "reduce_sum",
}


@pytest.mark.parametrize("case", SCALE_CASES)
def test_check_scale_grad(case):
    assert_verdict(lesson03.check_scale_grad(SCALE_CASES[case]), case.strip())


def test_the_scale_checks_truth_is_a_sum_over_the_batch():
    # the tape's dL/ds against the chain rule by hand, on the check's own data
    for seed, shape in enumerate(lesson03.SCALE_SHAPES):
        dL_dy, x = lesson03._scale_data(shape, seed)
        np.testing.assert_allclose(lesson03._scale_gradient_by_tape(dL_dy, x), (dL_dy * x).sum(axis=0), rtol=1e-6)


# ---- exercise 3: backpropagation by hand -------------------------------------------------------

# The tape's gradients of L = (x·y + x)² at x = 3, y = 5, as TensorFlow 2.21 gives them (run in
# /opt/tfvenv): dL/db = 36, dL/da = 36, dL/dy = 108, dL/dx = 216.
TF_HAND = {"b": 36.0, "a": 36.0, "y": 108.0, "x": 216.0}


def _with(**changes):
    return {**TF_HAND, **changes}


HAND_CASES = {
    "correct": TF_HAND,
    "correct ": {"b": 36, "a": np.float32(36.0), "y": tk.constant(108.0), "x": 2 * 18 * 5 + 36},
    "square": _with(b=18.0),
    "add_passes": _with(a=36.0 * 3.0),
    "other_input": _with(y=36.0 * 5.0),
    "fan_out": _with(x=36.0 * 5.0),
    "values": _with(x=1.0),
    "not_a_number": _with(y=[108.0, 1.0]),
    "unfinished": _with(y=..., x=...),
    "format": {"dL_db": 36.0},
}


@pytest.mark.parametrize("case", HAND_CASES)
def test_check_hand_backprop(case):
    assert_verdict(lesson03.check_hand_backprop(HAND_CASES[case]), case.strip())


def test_the_hand_check_goes_step_by_step():
    message = lesson03.check_hand_backprop(_with(x=36.0)).message   # only the direct path b = a + x
    assert message.splitlines()[:4] == ["  dL/dL = 1 (where every backward pass starts)",
                                        "  dL/db = 36  (the tape agrees)", "  dL/da = 36  (the tape agrees)",
                                        "  dL/dy = 108  (the tape agrees)"]
    assert "dL/dx = 36   <- here" in message and "add dL/da · y" in message
    assert "So far so good: fill in dL_dy next." in lesson03.check_hand_backprop(_with(y=..., x=...)).message


def test_an_unanswered_hand_backprop_is_not_done_yet():
    assert lesson03.check_hand_backprop({name: ... for name in lesson03.HAND_STEPS}).code == NOT_DONE


def test_the_hand_checks_truth_is_tensorflows():
    assert lesson03.hand_backprop_truth() == TF_HAND
