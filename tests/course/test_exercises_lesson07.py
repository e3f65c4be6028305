"""Exercise checks of lesson 07 (higher order): correct answers pass, each typical mistake gets its hint."""

import sys
import types

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson07
from tapekit.exercises._check import forget_misses


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- exercise 1: the four second partial derivatives ---------------------------------------------

def _rows(persistent=True, zeros=True, inner_outside=False):
    """[[f_xx, f_xy], [f_yx, f_yy]]: one outer gradient per first derivative (optionally broken)."""

    def second_partials(f, x, y):
        with tk.GradientTape(persistent=persistent) as outer:
            with tk.GradientTape() as inner:
                value = f(x, y)
            if not inner_outside:
                first = inner.gradient(value, [x, y])
        if inner_outside:
            first = inner.gradient(value, [x, y])
        unconnected = tk.UnconnectedGradients.ZERO if zeros else tk.UnconnectedGradients.NONE
        return [outer.gradient(d, [x, y], unconnected_gradients=unconnected) for d in first]

    return second_partials


def _numbers(rows):
    return np.array([[float(g) for g in row] for row in rows], dtype=np.float32)


def _jacobian_of_stacked(f, x, y):
    """Another correct answer: the Jacobian of the stacked first derivatives, as one 2 x 2 tensor."""
    with tk.GradientTape() as outer:
        with tk.GradientTape() as inner:
            value = f(x, y)
        first = tk.stack(inner.gradient(value, [x, y]))
    columns = outer.jacobian(first, [x, y])
    return tk.stack(columns, axis=1)


def _list_trap(f, x, y):
    """The seeds' trap: differentiating the list of first derivatives at once sums them."""
    with tk.GradientTape() as outer:
        with tk.GradientTape() as inner:
            value = f(x, y)
        first = inner.gradient(value, [x, y])
    return outer.gradient(first, [x, y], unconnected_gradients=tk.UnconnectedGradients.ZERO)


def _diagonal(f, x, y):
    with tk.GradientTape(persistent=True) as outer:
        with tk.GradientTape() as inner:
            value = f(x, y)
        f_x, f_y = inner.gradient(value, [x, y])
    zero = tk.UnconnectedGradients.ZERO
    return [outer.gradient(f_x, x, unconnected_gradients=zero), outer.gradient(f_y, y, unconnected_gradients=zero)]


def _first_only(f, x, y):
    with tk.GradientTape() as tape:
        value = f(x, y)
    return tape.gradient(value, [x, y])


def _all_summed(f, x, y):
    with tk.GradientTape() as outer:
        with tk.GradientTape() as inner:
            value = f(x, y)
        total = tk.add_n(inner.gradient(value, [x, y]))
    return tk.add_n(outer.gradient(total, [x, y], unconnected_gradients=tk.UnconnectedGradients.ZERO))


MIXED_CASES = {
    "correct": _rows(),
    "correct ": _jacobian_of_stacked,
    "correct  ": lambda f, x, y: _numbers(_rows()(f, x, y)),
    "summed": _list_trap,
    "diagonal": _diagonal,
    "order1": _first_only,
    "all_summed": _all_summed,
    "persistent": _rows(persistent=False),
    "none": _rows(zeros=False),                  # passes the first function, None for f_yy of x*y + x**3
    "none ": _rows(zeros=False, inner_outside=True),   # the outer tape never saw the first derivatives
    "all_zero": _rows(inner_outside=True),              # ... and ZERO hid it
    "shape": lambda f, x, y: _numbers(_rows()(f, x, y)).reshape(4),
    "values": lambda f, x, y: 2.0 * tk.constant(_numbers(_rows()(f, x, y))),
    "type": lambda f, x, y: "f_xx f_xy f_yx f_yy",
    "raised": lambda f, x, y: f(x, y, 1.0),
    "not_callable": 2.0,
}


@pytest.mark.parametrize("case", MIXED_CASES)
def test_check_mixed_partials(case):
    assert_verdict(lesson07.check_mixed_partials(MIXED_CASES[case]), case.strip())


def test_the_list_trap_hint_explains_the_sum():
    message = lesson07.check_mixed_partials(_list_trap).message
    assert "f_x + f_y" in message and "one at a time" in message


def test_a_second_partial_that_is_zero_gets_the_zero_hint():
    message = lesson07.check_mixed_partials(_rows(zeros=False)).message
    assert "UnconnectedGradients.ZERO" in message


def test_mixed_cases_match_central_differences():
    """The expected matrices of the check are the second derivatives (checked numerically, float64)."""
    eps = 1e-4
    for f, x0, y0, expected in lesson07._mixed_cases():
        def value(x, y, f=f):
            return float(f(tk.constant(x, tk.float64), tk.constant(y, tk.float64)))

        numeric = [[(value(x0 + eps, y0) - 2 * value(x0, y0) + value(x0 - eps, y0)) / eps ** 2,
                    (value(x0 + eps, y0 + eps) - value(x0 + eps, y0 - eps) - value(x0 - eps, y0 + eps)
                     + value(x0 - eps, y0 - eps)) / (4 * eps ** 2)],
                   [0.0, (value(x0, y0 + eps) - 2 * value(x0, y0) + value(x0, y0 - eps)) / eps ** 2]]
        numeric[1][0] = numeric[0][1]
        np.testing.assert_allclose(numeric, expected, rtol=1e-4, atol=1e-4)


# ---- exercise 2: a Jacobian ----------------------------------------------------------------------

def _jacobian_by_tape(f, x):
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.jacobian(y, x)


def _jacobian_by_rows(f, x):
    """A correct alternative: one gradient per output element, stacked."""
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        elements = [y[i] for i in range(int(y.shape[0]))]
    return tk.stack([tape.gradient(element, x) for element in elements])


def _jacobian_numerically(f, x):
    """A correct alternative: central differences in float64, no tape."""
    x0 = x.numpy().astype(np.float64)
    columns = []
    for j in range(x0.size):
        step = np.zeros_like(x0)
        step[j] = 1e-6
        columns.append((f(tk.constant(x0 + step)).numpy() - f(tk.constant(x0 - step)).numpy()) / 2e-6)
    return np.stack(columns, axis=1)


def _copied_from_the_notebook(f, x):
    """Wrong: the matrix printed for the lesson's point, whatever f and x are."""
    return tk.constant([[2.0, 1.0, 0.0], [0.0, 1.0, 1.0]])


def _lesson_target_only(f, x):
    """Wrong: ignores f and differentiates the lesson's function."""
    return _jacobian_by_tape(lesson07.jacobian_target, x)


JACOBIAN_CASES = {
    "correct": _jacobian_by_tape,
    "correct ": _jacobian_by_rows,
    "correct  ": _jacobian_numerically,
    "summed": lambda f, x: _gradient_only(f, x, None),
    "transposed": lambda f, x: tk.transpose(_jacobian_by_tape(f, x)),
    "shape": lambda f, x: tk.reshape(_jacobian_by_tape(f, x), (-1,)),
    "values": lambda f, x: _jacobian_by_tape(f, x) * 2.0,
    "none": lambda f, x: None,
    "values ": _copied_from_the_notebook,
    "shape ": _lesson_target_only,    # ignores f: the 3-output case has shape (3, 3)
    "not_callable": lambda f, x: None,
}


@pytest.mark.parametrize("case", JACOBIAN_CASES)
def test_check_jacobian(case):
    answer = _jacobian_by_tape(lesson07.jacobian_target, tk.constant(lesson07.JACOBIAN_POINT)) \
        if case == "not_callable" else JACOBIAN_CASES[case]
    for _ in range(3):   # the held-back points are random: every draw must give the same verdict
        assert_verdict(lesson07.check_jacobian(answer), case.strip())


def test_check_jacobian_never_prints_the_answer_unasked():
    for answer in (_copied_from_the_notebook, JACOBIAN_CASES["values"], JACOBIAN_CASES["transposed"]):
        for _ in range(2):
            assert "tape.jacobian" not in repr(lesson07.check_jacobian(answer))
    assert "tape.jacobian" in repr(lesson07.check_jacobian.show_answer())


# ---- exercise 3: a Hessian-vector product --------------------------------------------------------

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


def _hvp_output_gradients(f, x, v):
    """A second correct route: v as the outer tape's output_gradients."""
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)


def _gradient_only(f, x, v):
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


def _hessian_by_formula(x):
    """H = 1 + diag(6x), written out (no tape builds it)."""
    n = x.shape[0]
    return tk.ones((n, n)) + tk.eye(n) * (6.0 * x)


def _hessian_by_rows(f, x, v):
    """The forbidden route without jacobian: one gradient call per row of the Hessian."""
    n = x.shape[0]
    with tk.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        rows = [g[i] for i in range(n)]
    hessian = tk.stack([outer.gradient(row, x) for row in rows])
    return tk.linalg.matvec(hessian, v)


def _hessian_by_tapekits_jacobian(f, x, v):
    """The forbidden route taken with tapekit's tape while the check's framework is another one."""
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return tk.linalg.matvec(outer.jacobian(g, x), v)


def test_tapekits_jacobian_is_refused_when_tensorflow_is_imported_too(monkeypatch):
    """A tapekit notebook that also imports TensorFlow (a stand-in module here, with its own GradientTape
    class): building the Hessian with tapekit's tape used to pass."""
    stand_in = types.ModuleType("tensorflow")
    stand_in.__dict__.update({name: getattr(tk, name) for name in dir(tk) if not name.startswith("__")})
    stand_in.GradientTape = type("GradientTape", (tk.GradientTape,), {})
    monkeypatch.setitem(sys.modules, "tensorflow", stand_in)
    assert lesson07.check_hvp(_hessian_by_tapekits_jacobian).code == "hessian_built"
    assert lesson07.check_hvp(_hvp_dot).code == "correct"


HVP_CASES = {
    "correct": _hvp_dot,
    "correct ": _hvp_output_gradients,
    "hessian_built": lambda f, x, v: tk.linalg.matvec(_grad_and_hessian(f, x)[1], v),
    "hessian_built ": _hessian_by_rows,
    "gradient": _gradient_only,
    "full_hessian": lambda f, x, v: _hessian_by_formula(x),
    "diagonal": lambda f, x, v: (1.0 + 6.0 * x) * v,
    "shape": lambda f, x, v: tk.reduce_sum(_hvp_dot(f, x, v)),
    "values": lambda f, x, v: 2.0 * _hvp_dot(f, x, v),
    "none": lambda f, x, v: None,
}


def test_a_hard_coded_product_fails_at_the_held_back_point():
    shown = {tuple(x): np.array(v) for x, v in lesson07.HVP_POINTS[:2]}

    def memorised(f, x, v):
        key = tuple(np.round(x.numpy(), 6).tolist())
        if key in shown:
            return _hvp_dot(f, x, v)
        return tk.zeros_like(x)
    assert lesson07.check_hvp(memorised).code == "values"


def test_the_hessian_hint_gets_closer_and_never_gives_the_product():
    first = lesson07.check_hvp(_hessian_by_rows).message
    second = lesson07.check_hvp(_hessian_by_rows).message
    assert "row by row" in first and "two gradient calls" in second
    later = [lesson07.check_hvp(_hessian_by_rows).message for _ in range(2)]
    for text in (first, second, *later):   # the route itself is shown only by show_answer()
        assert "output_gradients=v" not in text and "reduce_sum(g * v)" not in text and "g * v" not in text
    assert "output_gradients=v" in repr(lesson07.check_hvp.show_answer())


def test_the_full_hessian_and_diagonal_hints_never_give_the_product():
    tiers = [lesson07.check_hvp(HVP_CASES["full_hessian"]).message for _ in range(3)]
    assert tiers[0] != tiers[1] and "sum_i H_ij v_i" in tiers[1]
    for text in tiers:
        assert "output_gradients" not in text and "sum(gradient * v)" not in text


def test_a_wrong_mixed_partial_names_the_entries_never_the_values():
    def off_by_double_mixed(f, x, y):
        rows = _numbers(_rows()(f, x, y))
        return [[rows[0][0], 2 * rows[0][1]], [2 * rows[1][0], rows[1][1]]]
    forget_misses()
    feedback = lesson07.check_mixed_partials(off_by_double_mixed)
    assert feedback.code == "values" and "f_xy, f_yx not right" in feedback.message
    assert "expected" not in feedback.message


@pytest.mark.parametrize("case", HVP_CASES)
def test_check_hvp(case):
    assert_verdict(lesson07.check_hvp(HVP_CASES[case]), case.strip())


# ---- exercise 4: predict the gradient that reaches x in the outer tape's player ---------------------

TF_SECOND = (13.5, 27.0)    # tests/tf_cases/lesson07/second_derivative_player.out (dy_dx, its gradient), TF 2.21

SECOND_CASES = {
    "correct": 27.0,
    "correct ": tk.constant(27.0),
    "correct  ": [27],                 # a list of one, as an int
    "first": 13.5,
    "value": 1.5 ** 4,
    "third": 36.0,
    "values": 20.0,
    "shape": [27.0, 27.0],
    "not_numbers": "twenty-seven",
}


@pytest.mark.parametrize("case", SECOND_CASES)
def test_check_second_derivative(case):
    forget_misses()
    verdict = lesson07.check_second_derivative(SECOND_CASES[case])
    assert verdict.code == case.strip(), verdict.message
    assert "27" not in verdict.message or verdict.ok


def test_the_second_derivative_key_is_tensorflows():
    assert lesson07.second_derivative_truth() == TF_SECOND[1]
    assert 4 * lesson07.SECOND_AT ** 3 == TF_SECOND[0]


def test_the_second_derivative_check_reads_the_player():
    from tapekit.widgets import Ask, TapePlayer
    forget_misses()
    x = tk.Variable(lesson07.SECOND_AT, name="x")
    with tk.GradientTape() as outer:
        with tk.GradientTape() as inner:
            y = x ** 4
        dy_dx = inner.gradient(y, x)
    player = TapePlayer(outer, target=dy_dx, sources=[x], ask=Ask.gradient(x))
    assert player.graph["questions"][0]["answer"]["value"] == TF_SECOND[1]
    assert lesson07.check_second_derivative(player).code == "not_done"
    player.answers = {"q1": {"given": "13.5", "correct": False, "tries": 1}}
    assert lesson07.check_second_derivative(player).code == "first"
    player.answers = {"q1": {"given": " 27 ", "correct": True, "tries": 2}}
    assert lesson07.check_second_derivative(player).ok
