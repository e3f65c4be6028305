"""Exercise checks of lesson 08 (inside the tape): correct answers pass, each typical mistake gets its hint."""

import numpy as np
import pytest
from helpers import numeric_gradient

import tapekit as tk
from tapekit.exercises import lesson08
from tapekit.exercises._check import forget_misses


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- exercise 1: clip_gradient with custom_gradient ----------------------------------------------

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


# ---- exercise 2: division on the mini tape -------------------------------------------------------

class MiniTape:
    """The notebook's mini tape (lesson 08, section 7)."""

    active = None

    def __enter__(self):
        self.records = []
        MiniTape.active = self
        return self

    def __exit__(self, *exc_info):
        MiniTape.active = None

    def gradient(self, target, sources):
        grads = {id(target): np.ones_like(target.value)}
        for _, output, inputs, backward in reversed(self.records):
            upstream = grads.get(id(output))
            if upstream is None:
                continue
            for value, g in zip(inputs, backward(upstream)):
                grads[id(value)] = grads.get(id(value), 0.0) + g
        return [grads.get(id(source)) for source in sources]


class Value:
    def __init__(self, value):
        self.value = np.asarray(value, dtype=np.float64)

    def __add__(self, other):
        return op("AddV2", self.value + other.value, [self, other], lambda g: [g, g])

    def __mul__(self, other):
        return op("Mul", self.value * other.value, [self, other], lambda g: [g * other.value, g * self.value])


def op(op_type, result, inputs, backward):
    output = Value(result)
    if MiniTape.active is not None:
        MiniTape.active.records.append((op_type, output, inputs, backward))
    return output


def sin(x):
    return op("Sin", np.sin(x.value), [x], lambda g: [g * np.cos(x.value)])


def _divide(backward, forward=np.divide):
    return lambda a, b: op("RealDiv", forward(a.value, b.value), [a, b], lambda g: backward(g, a.value, b.value))


def _right(g, a, b):
    return [g / b, -g * a / b ** 2]


DIVIDE_CASES = {
    "correct": _divide(_right),
    "correct ": lambda a, b: a * op("Reciprocal", 1.0 / b.value, [b], lambda g: [-g / b.value ** 2]),
    "value": _divide(_right, forward=lambda a, b: b / a),
    "not_recorded": lambda a, b: Value(a.value / b.value),
    "one_gradient": _divide(lambda g, a, b: [g / b]),
    "ignores_upstream": _divide(lambda g, a, b: [1 / b, -a / b ** 2]),
    "sign": _divide(lambda g, a, b: [g / b, g * a / b ** 2]),
    "swapped": _divide(lambda g, a, b: [-g * a / b ** 2, g / b]),
    "grad_a": _divide(lambda g, a, b: [g * b, -g * a / b ** 2]),
    "grad_b": _divide(lambda g, a, b: [g / b, -g / b ** 2]),
    "raised": _divide(lambda g, a, b: g / b),
    "not_callable": "divide",
}


@pytest.mark.parametrize("case", DIVIDE_CASES)
def test_check_mini_divide(case):
    assert_verdict(lesson08.check_mini_divide(DIVIDE_CASES[case], MiniTape, Value), case.strip())


def test_the_divide_check_uses_an_upstream_gradient_other_than_one():
    """q * q makes the upstream 2q: an answer that ignores g is caught even where q = 1/2."""
    message = lesson08.check_mini_divide(DIVIDE_CASES["ignores_upstream"], MiniTape, Value).message
    assert "multiply each local derivative by g" in message


def test_mini_tape_matches_tapekit_and_finite_differences():
    """The from-scratch tape of lesson 08 agrees with tapekit and with central differences."""
    for a0, b0 in ((0.5, 2.0), (-1.3, 0.7)):
        with MiniTape() as mini:
            a, b = Value(a0), Value(b0)
            f = sin(a * b) + a * a
        mini_grads = mini.gradient(f, [a, b])
        a_tk, b_tk = tk.Variable(a0, dtype=tk.float64), tk.Variable(b0, dtype=tk.float64)
        with tk.GradientTape() as tape:
            f_tk = tk.sin(a_tk * b_tk) + a_tk * a_tk
        tk_grads = tape.gradient(f_tk, [a_tk, b_tk])
        numeric = numeric_gradient(lambda ab: np.sin(ab[0] * ab[1]) + ab[0] * ab[0], [a0, b0])
        np.testing.assert_allclose(mini_grads, [g.numpy() for g in tk_grads], rtol=1e-12)
        np.testing.assert_allclose(mini_grads, numeric, rtol=1e-6)


# ---- exercise 3: predict the gradient at a fan-in through a reversed gradient ----------------------

TF_REVERSE = (10.0, 1.0)    # tests/tf_cases/lesson08/reverse_fan_in.out (loss, dloss/dz), TF 2.21

REVERSE_CASES = {
    "correct": 1.0,
    "correct ": tk.constant(1.0),
    "correct  ": [1],
    "not_reversed": 7.0,
    "all_reversed": -7.0,
    "one_path": 4.0,
    "one_path ": -3.0,
    "values": 9.0,
    "shape": [1.0, 1.0],
    "not_numbers": "one",
}


@pytest.mark.parametrize("case", REVERSE_CASES)
def test_check_reverse_prediction(case):
    forget_misses()
    verdict = lesson08.check_reverse_prediction(REVERSE_CASES[case])
    assert verdict.code == case.strip(), verdict.message


def test_the_reverse_key_is_tensorflows():
    assert lesson08.reverse_truth() == TF_REVERSE[1]
    assert "predicted_z_grad = 1" in repr(lesson08.check_reverse_prediction.show_answer())


def test_the_reverse_check_reads_the_player():
    from tapekit.widgets import Ask, TapePlayer
    forget_misses()

    @tk.custom_gradient
    def reverse_gradient(x):
        return tk.identity(x), lambda upstream: -upstream

    z = tk.Variable(lesson08.REVERSE_AT, name="z")
    with tk.GradientTape() as tape:
        loss = 3.0 * reverse_gradient(z) + z * z
    player = TapePlayer(tape, target=loss, sources=[z], ask=Ask.gradient(z))
    assert player.graph["questions"][0]["answer"]["value"] == TF_REVERSE[1]
    assert lesson08.check_reverse_prediction(player).code == "not_done"
    player.answers = {"q1": {"given": "7", "correct": False, "tries": 1}}
    assert lesson08.check_reverse_prediction(player).code == "not_reversed"
    player.answers = {"q1": {"given": "1.0", "correct": True, "tries": 2}}
    assert lesson08.check_reverse_prediction(player).ok
