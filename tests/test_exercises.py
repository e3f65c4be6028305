"""The lesson exercise checks accept any correct answer and name each typical mistake."""

import pytest

import tapekit as tk
from tapekit.exercises import lesson07


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


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
