"""Exercise checks of lessons 03 and 08: correct answers pass, each typical mistake gets its hint."""

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson03, lesson08


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- lesson 03 -------------------------------------------------------------------------------

def _slope(body, watch=True):
    def slope(x):
        with tk.GradientTape() as tape:
            if watch:
                tape.watch(x)
            y = body(x)
        return tape.gradient(y, x)
    return slope


def _slope_outside(x):
    with tk.GradientTape() as tape:
        tape.watch(x)
        cube = x ** 3
    return tape.gradient(cube, x)      # the -4x term was left out of the record


SLOPE_CASES = {
    "correct": _slope(lambda x: x ** 3 - 4 * x),
    "correct ": _slope(lambda x: x * x * x - 4.0 * x),
    "correct  ": lambda x: 3 * x ** 2 - 4,            # derived by hand: still the right numbers
    "none": _slope(lambda x: x ** 3 - 4 * x, watch=False),
    "value_not_gradient": lambda x: x ** 3 - 4 * x,
    "lost_term": _slope_outside,
    "shape": lambda x: tk.stack([x, x]),
    "values": _slope(lambda x: x ** 3 + 4 * x),
    "raised": lambda x: x.no_such_method(),
    "not_callable": 8.0,
}


@pytest.mark.parametrize("case", SLOPE_CASES)
def test_check_slope(case):
    assert_verdict(lesson03.check_slope(SLOPE_CASES[case]), case.strip())


def _regression(as_dict=True, reduce=tk.reduce_mean, params_keys=("w", "b")):
    params = {"w": tk.Variable(lesson03.W_START), "b": tk.Variable(lesson03.B_START)}
    x, t = tk.constant(lesson03.FEATURES), tk.constant(lesson03.TARGETS)
    with tk.GradientTape() as tape:
        loss = reduce((x @ params["w"] + params["b"] - t) ** 2)
    if as_dict:
        grads = tape.gradient(loss, params)
        return {new: grads[old] for new, old in zip(params_keys, ("w", "b"))}
    return tape.gradient(loss, [params["w"], params["b"]])


def _regression_transposed():
    grads = _regression()
    return {"w": tk.transpose(grads["w"]), "b": grads["b"]}


def _regression_constant_w():
    params = {"w": tk.constant(lesson03.W_START), "b": tk.Variable(lesson03.B_START)}
    x, t = tk.constant(lesson03.FEATURES), tk.constant(lesson03.TARGETS)
    with tk.GradientTape() as tape:
        loss = tk.reduce_mean((x @ params["w"] + params["b"] - t) ** 2)
    return tape.gradient(loss, params)


REGRESSION_CASES = {
    "correct": _regression,
    "correct ": lambda: {k: v.numpy() for k, v in _regression().items()},
    "list": lambda: _regression(as_dict=False),
    "none": lambda: None,
    "none ": _regression_constant_w,
    "not_dict": lambda: tk.constant(1.0),
    "keys": lambda: _regression(params_keys=("weights", "bias")),
    "sum_not_mean": lambda: _regression(reduce=tk.reduce_sum),
    "shape": _regression_transposed,
    "values": lambda: {"w": tk.zeros((2, 1)), "b": tk.zeros(1)},
}


@pytest.mark.parametrize("case", REGRESSION_CASES)
def test_check_regression_grads(case):
    assert_verdict(lesson03.check_regression_grads(REGRESSION_CASES[case]()), case.strip())


def test_regression_reference_matches_finite_differences():
    x, t = np.array(lesson03.FEATURES), np.array(lesson03.TARGETS)
    w, b = np.array(lesson03.W_START), np.array(lesson03.B_START)

    def loss(w, b):
        return np.mean((x @ w + b - t) ** 2)

    eps = 1e-6
    numeric_w = np.array([[(loss(w + eps * e.reshape(2, 1), b) - loss(w - eps * e.reshape(2, 1), b)) / (2 * eps)]
                          for e in np.eye(2)]).reshape(2, 1)
    numeric_b = np.array([(loss(w, b + eps) - loss(w, b - eps)) / (2 * eps)])
    grad_w, grad_b = lesson03._regression_gradients()
    np.testing.assert_allclose(grad_w, numeric_w, rtol=1e-6)
    np.testing.assert_allclose(grad_b, numeric_b, rtol=1e-6)


def _two(persistent=True, order="yz", z_source="x"):
    def two_gradients(x):
        with tk.GradientTape(persistent=persistent) as tape:
            y = x ** 2
            z = tk.exp(y)
        dy = tape.gradient(y, x)
        dz = tape.gradient(z, x if z_source == "x" else y)
        return (dy, dz) if order == "yz" else (dz, dy)
    return two_gradients


def _two_separate_tapes(x):
    with tk.GradientTape() as first:
        y = x ** 2
    with tk.GradientTape() as second:
        z = tk.exp(x ** 2)
    return first.gradient(y, x), second.gradient(z, x)


TWO_CASES = {
    "correct": _two(),
    "correct ": _two_separate_tapes,
    "not_persistent": _two(persistent=False),
    "swapped": _two(order="zy"),
    "dz_dy": _two(z_source="y"),
    "pair": lambda x: _two()(x)[0],
    "none": lambda x: (None, None),
    "values": lambda x: (3 * x, 2 * x * tk.exp(x ** 2)),
}


@pytest.mark.parametrize("case", TWO_CASES)
def test_check_two_gradients(case):
    assert_verdict(lesson03.check_two_gradients(TWO_CASES[case]), case.strip())


# ---- lesson 08 -------------------------------------------------------------------------------

def _custom(forward, backward):
    @tk.custom_gradient
    def fn(x):
        return forward(x), backward
    return fn


def _undecorated(x):
    return tk.identity(x), lambda dy: tk.clip_by_value(dy, -1.0, 1.0)


CLIP_CASES = {
    "correct": _custom(tk.identity, lambda dy: tk.clip_by_value(dy, -1.0, 1.0)),
    "correct ": _custom(lambda x: x * 1.0, lambda dy: tk.minimum(tk.maximum(dy, -1.0), 1.0)),
    "not_decorated": _undecorated,
    "clipped_value": _custom(lambda x: tk.clip_by_value(x, -1.0, 1.0), lambda dy: dy),
    "not_clipped": tk.identity,
    "not_clipped ": _custom(tk.identity, lambda dy: dy),
    "ignores_upstream": _custom(tk.identity, lambda dy: tk.ones_like(dy)),
    "values": _custom(tk.identity, lambda dy: tk.clip_by_value(dy, -0.5, 0.5)),
    "value": lambda x: 2.0 * x,
    "no_gradient": lambda x: tk.stop_gradient(x),
    "none": lambda x: None,
    "raised": lambda x: x.nope(),
    "not_callable": 3,
}


@pytest.mark.parametrize("case", CLIP_CASES)
def test_check_clip_gradient(case):
    assert_verdict(lesson08.check_clip_gradient(CLIP_CASES[case]), case.strip())


class MiniTape:
    """The notebook's mini tape (lesson 08, section 6)."""

    active = None

    def __enter__(self):
        self.records = []
        MiniTape.active = self
        return self

    def __exit__(self, *exc_info):
        MiniTape.active = None

    def gradient(self, target, sources):
        grads = {id(target): np.ones_like(target.value)}
        for output, inputs, backward in reversed(self.records):
            upstream = grads.get(id(output))
            if upstream is None:
                continue
            for value, g in zip(inputs, backward(upstream)):
                grads[id(value)] = grads.get(id(value), 0.0) + g
        return [grads.get(id(source)) for source in sources]


class Value:
    def __init__(self, value):
        self.value = np.asarray(value, dtype=np.float64)

    def __mul__(self, other):
        return op(self.value * other.value, [self, other], lambda g: [g * other.value, g * self.value])


def op(result, inputs, backward):
    output = Value(result)
    if MiniTape.active is not None:
        MiniTape.active.records.append((output, inputs, backward))
    return output


MINI_EXP_CASES = {
    "correct": lambda x: op(np.exp(x.value), [x], lambda g: [g * np.exp(x.value)]),
    "correct ": lambda x: (lambda e: op(e, [x], lambda g: [e * g]))(np.exp(x.value)),
    "value": lambda x: op(np.exp(-x.value), [x], lambda g: [-g * np.exp(-x.value)]),
    "not_recorded": lambda x: Value(np.exp(x.value)),
    "ignores_upstream": lambda x: op(np.exp(x.value), [x], lambda g: [np.exp(x.value)]),
    "forgot_exp": lambda x: op(np.exp(x.value), [x], lambda g: [g]),
    "values": lambda x: op(np.exp(x.value), [x], lambda g: [2 * g * np.exp(x.value)]),
    "raised": lambda x: op(np.exp(x.value), [x], lambda g: g * np.exp(x.value)),
    "not_callable": "exp",
}


@pytest.mark.parametrize("case", MINI_EXP_CASES)
def test_check_mini_exp(case):
    assert_verdict(lesson08.check_mini_exp(MINI_EXP_CASES[case], MiniTape, Value), case.strip())


def test_mini_tape_matches_tapekit_and_finite_differences():
    """The from-scratch tape of lesson 08 agrees with tapekit and with central differences."""
    def sin(x):
        return op(np.sin(x.value), [x], lambda g: [g * np.cos(x.value)])

    for a0, b0 in ((0.5, 2.0), (-1.3, 0.7)):
        with MiniTape() as mini:
            a, b = Value(a0), Value(b0)
            f = sin(a * b) * a
        mini_grads = mini.gradient(f, [a, b])
        a_tk, b_tk = tk.Variable(a0, dtype=tk.float64), tk.Variable(b0, dtype=tk.float64)
        with tk.GradientTape() as tape:
            f_tk = tk.sin(a_tk * b_tk) * a_tk
        tk_grads = tape.gradient(f_tk, [a_tk, b_tk])
        eps = 1e-6
        numeric = [(np.sin((a0 + eps) * b0) * (a0 + eps) - np.sin((a0 - eps) * b0) * (a0 - eps)) / (2 * eps),
                   (np.sin(a0 * (b0 + eps)) * a0 - np.sin(a0 * (b0 - eps)) * a0) / (2 * eps)]
        np.testing.assert_allclose(mini_grads, [g.numpy() for g in tk_grads], rtol=1e-12)
        np.testing.assert_allclose(mini_grads, numeric, rtol=1e-6)
