"""The lesson exercise checks accept any correct answer and name each typical mistake."""

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson01, lesson02, lesson07


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- lesson 01 -------------------------------------------------------------------------------

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


def _readings():
    return tk.constant(lesson01.READINGS)


CLIP_CASES = {
    "correct": lambda r: tk.where(r < 0, tk.zeros_like(r), r),
    "correct ": lambda r: r * tk.cast(r >= 0, tk.float32),
    "correct  ": lambda r: tk.maximum(r, 0.0),
    "mask": lambda r: r >= 0,
    "abs": lambda r: tk.abs(r),
    "inverted": lambda r: tk.where(r < 0, r, tk.zeros_like(r)),
    "unchanged": lambda r: r,
    "dtype": lambda r: tk.cast(tk.maximum(r, 0.0), tk.float64),
    "not_tensor": lambda r: np.maximum(r.numpy(), 0),
    "shape": lambda r: tk.constant([3.0, 4.0, 9.0]),
    "values": lambda r: tk.where(r < 0, tk.ones_like(r), r),
}


@pytest.mark.parametrize("case", CLIP_CASES)
def test_check_clip_negatives(case):
    assert_verdict(lesson01.check_clip_negatives(CLIP_CASES[case](_readings())), case.strip())


PICK_CASES = {
    "correct": lambda s: tk.constant([12, 31]),
    "correct ": lambda s: tk.stack([s[0, 2], s[2, 1]]),
    "rows": lambda s: tk.constant(np.array(lesson01.SCORES)[[0, 2]]),
    "columns": lambda s: tk.constant(np.array(lesson01.SCORES)[:, [2, 1]]),
    "extra_axis": lambda s: tk.constant([[12], [31]]),
    "swapped": lambda s: tk.constant([30, 22]),
    "values": lambda s: tk.constant([12, 30]),
}


@pytest.mark.parametrize("case", PICK_CASES)
def test_check_pick(case):
    assert_verdict(lesson01.check_pick(PICK_CASES[case](tk.constant(lesson01.SCORES))), case.strip())


# ---- lesson 02 -------------------------------------------------------------------------------

BIAS_CASES = {
    "correct": lambda: tk.Variable(tk.zeros(3), name="bias"),
    "correct ": lambda: tk.Variable([0.0, 0.0, 0.0], dtype=tk.float32, trainable=True, name="bias"),
    "int_dtype": lambda: tk.Variable([0, 0, 0], name="bias"),
    "float64": lambda: tk.Variable(np.zeros(3), name="bias"),
    "shape": lambda: tk.Variable(tk.zeros((1, 3)), name="bias"),
    "values": lambda: tk.Variable(tk.ones(3), name="bias"),
    "name": lambda: tk.Variable(tk.zeros(3)),
    "trainable": lambda: tk.Variable(tk.zeros(3), trainable=False, name="bias"),
    "not_variable": lambda: tk.zeros(3),
    "none": lambda: None,
}


@pytest.mark.parametrize("case", BIAS_CASES)
def test_check_bias(case):
    assert_verdict(lesson02.check_bias(BIAS_CASES[case]()), case.strip())


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
}


@pytest.mark.parametrize("case", STEP_CASES)
def test_check_sgd_step(case):
    assert_verdict(lesson02.check_sgd_step(STEP_CASES[case]), case.strip())


def test_check_sgd_step_rejects_non_callable():
    assert_verdict(lesson02.check_sgd_step(tk.Variable(1.0)), "not_callable")


GROWING_CASES = {
    "correct": lambda: tk.Variable([0.0], shape=tk.TensorShape(None)),
    "correct ": lambda: tk.Variable([0.0], shape=[None]),
    "fixed_shape": lambda: tk.Variable([0.0]),
    "dtype": lambda: tk.Variable([0], shape=tk.TensorShape(None)),
    "rank": lambda: tk.Variable([[0.0]], shape=[None, None]),
    "not_variable": lambda: tk.constant([0.0]),
}


@pytest.mark.parametrize("case", GROWING_CASES)
def test_check_growing(case):
    assert_verdict(lesson02.check_growing(GROWING_CASES[case]()), case.strip())


# ---- lesson 07 (higher order) ----------------------------------------------------------------

def _nested(order, inner_outside=False, watch=True):
    """A derivative of the given order with nested tapes (optionally broken)."""

    def derivative(f, x):
        def level(k):
            if k == 0:
                return f(x)
            with tk.GradientTape() as tape:
                if watch:
                    tape.watch(x)
                inner = level(k - 1)
            return tape.gradient(inner, x)

        return level(order)

    def broken(f, x):
        with tk.GradientTape() as t3:
            t3.watch(x)
            with tk.GradientTape() as t2:
                t2.watch(x)
                with tk.GradientTape() as t1:
                    t1.watch(x)
                    y = f(x)
        return t3.gradient(t2.gradient(t1.gradient(y, x), x), x)

    return broken if inner_outside else derivative


def _third_with_persistent(f, x):
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        with tk.GradientTape(persistent=True) as inner:
            inner.watch(x)
            with tk.GradientTape() as innermost:
                innermost.watch(x)
                y = f(x)
            d1 = innermost.gradient(y, x)
        d2 = inner.gradient(d1, x)
    d3 = tape.gradient(d2, x)
    del tape, inner
    return float(d3)


THIRD_CASES = {
    "correct": _nested(3),
    "correct ": _third_with_persistent,
    "order2": _nested(2),
    "order1": _nested(1),
    "none": _nested(3, inner_outside=True),
    "values": lambda f, x: tk.constant(0.0),
    "shape": lambda f, x: tk.constant([1.0, 2.0]),
    "raised": lambda f, x: f(x) + "text",
    "not_callable": 3.0,
}


@pytest.mark.parametrize("case", THIRD_CASES)
def test_check_third_derivative(case):
    assert_verdict(lesson07.check_third_derivative(THIRD_CASES[case]), case.strip())


def test_check_third_derivative_unwatched_constant_gives_none_hint():
    assert_verdict(lesson07.check_third_derivative(_nested(3, watch=False)), "none")


def _jacobian_parts():
    x = tk.constant(lesson07.JACOBIAN_POINT)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = lesson07.jacobian_target(x)
        elements = [y[0], y[1]]
    parts = {"jacobian": tape.jacobian(y, x), "gradient": tape.gradient(y, x)}
    rows = [tape.gradient(element, x) for element in elements]
    del tape
    parts["rows"] = tk.stack(rows)
    return parts


JACOBIAN_CASES = {
    "correct": lambda p: p["jacobian"],
    "correct ": lambda p: p["rows"],
    "summed": lambda p: p["gradient"],
    "transposed": lambda p: tk.transpose(p["jacobian"]),
    "shape": lambda p: tk.reshape(p["jacobian"], (6,)),
    "values": lambda p: p["jacobian"] * 2.0,
    "none": lambda p: None,
}


@pytest.mark.parametrize("case", JACOBIAN_CASES)
def test_check_jacobian(case):
    assert_verdict(lesson07.check_jacobian(JACOBIAN_CASES[case](_jacobian_parts())), case.strip())


def _grad_and_hessian(f, x):
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return g, outer.jacobian(g, x)


def _hvp_dot(f, x, v):
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        g_dot_v = tk.reduce_sum(g * v)
    return outer.gradient(g_dot_v, x)


def _hvp_diagonal(f, x, v):
    g, hessian = _grad_and_hessian(f, x)
    return tk.linalg.diag_part(hessian) * v


HVP_CASES = {
    "correct": _hvp_dot,
    "correct ": lambda f, x, v: tk.reshape(tk.matmul(_grad_and_hessian(f, x)[1], tk.reshape(v, (-1, 1))), (-1,)),
    "gradient": lambda f, x, v: _grad_and_hessian(f, x)[0],
    "full_hessian": lambda f, x, v: _grad_and_hessian(f, x)[1],
    "diagonal": _hvp_diagonal,
    "shape": lambda f, x, v: tk.reduce_sum(_hvp_dot(f, x, v)),
    "values": lambda f, x, v: 2.0 * _hvp_dot(f, x, v),
    "none": lambda f, x, v: None,
}


@pytest.mark.parametrize("case", HVP_CASES)
def test_check_hvp(case):
    assert_verdict(lesson07.check_hvp(HVP_CASES[case]), case.strip())
