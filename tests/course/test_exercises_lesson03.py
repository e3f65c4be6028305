"""Lesson 03's exercise checks: correct answers pass, each typical mistake gets its hint."""

import sys

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
    "tape_used": lambda f, x: _with_a_tape(f, x),
    "dtype_clash": lambda f, x: tk.stack([(f(x + 1e-5 * tk.one_hot(i, x.shape[0])) - f(x)) / 1e-5
                                          for i in range(x.shape[0])]),
}


def _with_a_tape(f, x):
    """The forbidden route: the 'numerical' gradient read off a tape."""
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


def test_a_tape_gradient_fails_even_where_recording_is_not_refused():
    # the held-back function is computed in NumPy: a tape gives None there
    name, _f, numpy_f, point = lesson03.HIDDEN_NUMERICAL_CASE
    f = lesson03._through_numpy(numpy_f)
    x = tk.constant(point, dtype=tk.float64)
    assert _with_a_tape(f, x) is None


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

# The tape's gradients of L = (x·y + x)² at the check's three points, as TensorFlow 2.21 gives them
# (tf.GradientTape with a, b as sources, run in /work/main/.venv-tf).
TF_HAND = {(3.0, 5.0): {"b": 36.0, "a": 36.0, "y": 108.0, "x": 216.0},
           (2.0, -1.5): {"b": -2.0, "a": -2.0, "y": -4.0, "x": 1.0},
           (-0.5, 4.0): {"b": -5.0, "a": -5.0, "y": 2.5, "x": -25.0}}


def _backward(x, y, wrong=None):
    """The backward pass by hand; ``wrong`` replaces steps' rules, e.g. {"x": lambda x, y, g: g["a"] * y}."""
    a = x * y
    b = a + x
    g = {"b": 2 * b}
    g["a"] = g["b"]
    g["y"] = g["a"] * x
    g["x"] = g["a"] * y + g["b"]
    for name, rule in (wrong or {}).items():
        g[name] = rule(x, y, g)
    return g


def _tape_backward(x, y):
    """The forbidden route: the answer read off a tape."""
    x, y = tk.Variable(x), tk.Variable(y)
    with tk.GradientTape() as tape:
        a = x * y
        b = a + x
        loss = tk.square(b)
    return tape.gradient(loss, {"b": b, "a": a, "y": y, "x": x})


def _lesson_literals(x, y):
    """A hard-coded answer: right at the lesson's point only."""
    return dict(TF_HAND[(3.0, 5.0)])


HAND_CASES = {
    "correct": _backward,
    "correct ": lambda x, y: {k: tk.constant(v) if k == "y" else np.float32(v) for k, v in _backward(x, y).items()},
    "square": lambda x, y: _backward(x, y, {"b": lambda x, y, g: x * y + x}),
    "add_passes": lambda x, y: _backward(x, y, {"a": lambda x, y, g: g["b"] * x}),
    "other_input": lambda x, y: _backward(x, y, {"y": lambda x, y, g: g["a"] * y}),
    "fan_out": lambda x, y: _backward(x, y, {"x": lambda x, y, g: g["a"] * y}),
    "values": lambda x, y: _backward(x, y, {"x": lambda x, y, g: 1000.0}),
    "not_a_number": lambda x, y: _backward(x, y, {"y": lambda x, y, g: [1.0, 2.0]}),
    "format": lambda x, y: {"dL_db": 36.0},
    "tape_used": _tape_backward,
    "raised": lambda x, y: x.numpy(),
    "not_callable": TF_HAND[(3.0, 5.0)],
}


@pytest.mark.parametrize("case", HAND_CASES)
def test_check_hand_backprop(case):
    assert_verdict(lesson03.check_hand_backprop(HAND_CASES[case]), case.strip())


def test_a_hard_coded_answer_fails_at_a_point_the_lesson_does_not_show():
    verdict = lesson03.check_hand_backprop(_lesson_literals)
    assert not verdict and "at x = 2, y = -1.5:" in verdict.message


def test_a_tape_caught_inside_the_answer_still_fails():
    def sneaky(x, y):
        try:
            return _tape_backward(x, y)
        except Exception:
            return _backward(x, y, {"x": lambda x, y, g: 0.0})
    assert lesson03.check_hand_backprop(sneaky).code == "tape_used"


def test_tapekits_tape_is_refused_when_tensorflow_is_imported_too(monkeypatch):
    """A tapekit notebook that also imports TensorFlow: the checks build TF inputs, and tapekit's tape is
    still refused (it let the "by hand" answer be read off a tapekit tape)."""
    import types

    def tape_method(self, *args, **kwargs):
        raise AssertionError("the stand-in's tape is never used here")

    names = ("__enter__", "gradient", "jacobian", "batch_jacobian")
    stand_in = types.SimpleNamespace(GradientTape=type("GradientTape", (), dict.fromkeys(names, tape_method)),
                                     Variable=type("Variable", (), {}), Tensor=type("Tensor", (), {}))
    monkeypatch.setitem(sys.modules, "tensorflow", stand_in)
    assert lesson03.check_hand_backprop(_tape_backward).code == "tape_used"
    assert lesson03.check_hand_backprop(_backward).code == "correct"


def test_the_hand_check_goes_step_by_step_and_its_hints_get_closer():
    only_a = HAND_CASES["fan_out"]
    first = lesson03.check_hand_backprop(only_a).message
    assert first.splitlines()[:5] == ["at x = 3, y = 5:", "  dL/dL = 1 (where every backward pass starts)",
                                      "  dL/db = 36  (the tape agrees)", "  dL/da = 36  (the tape agrees)",
                                      "  dL/dy = 108  (the tape agrees)"]
    assert "dL/dx = 180   <- here" in first and "dL/da · y + dL/db" not in first
    assert "dL/da · y + dL/db" in lesson03.check_hand_backprop(only_a).message   # the second miss: closer
    assert "216" not in first   # the right number is never printed


def test_show_answer_gives_the_solution_only_when_asked():
    assert "dL_da * y + dL_db" in repr(lesson03.check_hand_backprop.show_answer())


def test_an_unanswered_hand_backprop_is_not_done_yet():
    def stub(x, y):
        raise NotImplementedError("exercise not done yet")
    assert lesson03.check_hand_backprop(stub).code == NOT_DONE


@pytest.mark.parametrize("point", TF_HAND)
def test_the_hand_checks_truth_is_tensorflows(point):
    assert lesson03.hand_backprop_truth(*point) == TF_HAND[point]


# ---- exercise 4: predict the sum at a broadcast (a variable, or the player's question mode) -------

TF_BIAS_SUM = [7.0, 4.5]        # tests/tf_cases/lesson03/bias_sum.out, recorded in TF 2.21

BIAS_SUM_CASES = {
    "correct": [7.0, 4.5],
    "correct ": tk.constant([7.0, 4.5]),                       # a tensor
    "correct  ": np.array([7, 4.5], dtype=np.float64),         # an array, an int written without .0
    "values": [7.0, 4.0],
    "values ": [4.5, 7.0],
    "no_sum": [[2.0, 2.5], [4.0, -0.5], [1.0, 2.5]],
    "sum_all": 11.5,
    "mean": [7.0 / 3.0, 1.5],
    "shape": [4.5, 3.5, 3.5],
    "not_numbers": "7, 4.5",
}


@pytest.mark.parametrize("case", BIAS_SUM_CASES)
def test_check_bias_sum(case):
    assert_verdict(lesson03.check_bias_sum(BIAS_SUM_CASES[case]), case.strip())


def test_the_bias_sum_key_is_tensorflows_and_the_numerical_gradient():
    assert lesson03.bias_sum_truth().tolist() == TF_BIAS_SUM
    x = np.asarray(lesson03.BIAS_SUM_X)

    def loss(b):
        return 0.5 * np.sum((x + b) ** 2)
    b0, h = np.asarray(lesson03.BIAS_SUM_B), 1e-6
    numerical = [(loss(b0 + h * e) - loss(b0 - h * e)) / (2 * h) for e in np.eye(2)]
    assert numerical == pytest.approx(TF_BIAS_SUM, rel=1e-6)


def test_the_bias_sum_hint_names_the_wrong_item_never_the_answer():
    first = lesson03.check_bias_sum([7.0, 4.0])
    assert "dloss/db[1]" in first.message and "dloss/db[0]" not in first.message
    closer = lesson03.check_bias_sum([7.0, 4.0])
    assert closer.message != first.message and "dloss/db[1]" in closer.message
    for verdict in (first, closer):
        assert "4.5" not in verdict.message
    assert "[7.0, 4.5]" in repr(lesson03.check_bias_sum.show_answer())
    assert lesson03.check_bias_sum(...).code == NOT_DONE


def _bias_sum_player():
    from tapekit.widgets import Ask, TapePlayer
    x = tk.constant(lesson03.BIAS_SUM_X)
    b = tk.Variable(lesson03.BIAS_SUM_B, name="b")
    with tk.GradientTape() as tape:
        y = x + b
        loss = 0.5 * tk.reduce_sum(y ** 2)
    return TapePlayer(tape, target=loss, sources=[b], ask=Ask.broadcast_sum(b))


def test_the_bias_sum_check_reads_the_players_answers():
    player = _bias_sum_player()
    assert player.graph["questions"][0]["answer"]["value"] == TF_BIAS_SUM
    assert lesson03.check_bias_sum(player).code == NOT_DONE          # not answered in the widget yet
    player.answers = {"q1": {"given": "[7, 4]", "correct": False, "tries": 1}}
    assert_verdict(lesson03.check_bias_sum(player), "values")
    player.answers = {"q1": {"given": "[7 4.5]", "correct": True, "tries": 2}}   # spaces, as the player takes them
    assert_verdict(lesson03.check_bias_sum(player), "correct")


def test_a_player_without_the_question_is_named():
    from tapekit.widgets import TapePlayer
    b = tk.Variable(lesson03.BIAS_SUM_B)
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(tk.constant(lesson03.BIAS_SUM_X) + b)
    assert_verdict(lesson03.check_bias_sum(TapePlayer(tape, target=loss, sources=[b])), "no_question")
