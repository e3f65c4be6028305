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


def test_no_hint_tier_of_the_clipped_gradient_pastes_the_solution():
    forget_misses()
    messages = [lesson08.check_clip_gradient(CLIP_CASES["not_clipped"]).message for _ in range(4)]
    assert len(set(messages)) == 2
    assert not any("clip_by_value(upstream, -1.0, 1.0)" in message for message in messages)
    assert "clip_by_value(upstream, -1.0, 1.0)" in str(lesson08.check_clip_gradient.show_answer())
    forget_misses()


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


# ---- exercise 1 of the new lesson: the backward walk ------------------------------------------------

def _walk(order=reversed, combine=lambda old, g: old + g, rule_input=lambda upstream: upstream,
          unconnected=lambda source: None, skip=True):
    """A backward walk, right by default; each argument swaps in one mistake."""
    def walk(records, target, sources):
        grads = {id(target): np.ones_like(target.value)}
        for _, output, inputs, backward in order(records):
            upstream = grads.get(id(output))
            if upstream is None and skip:
                continue
            for value, g in zip(inputs, backward(rule_input(upstream))):
                grads[id(value)] = g if id(value) not in grads else combine(grads[id(value)], g)
        return [grads[id(s)] if id(s) in grads else unconnected(s) for s in sources]
    return walk


def _walk_with_tapekit(records, target, sources):
    """Recompute with tapekit's tape: refused while the check runs."""
    with tk.GradientTape() as tape:
        watched = [tk.constant(s.value) for s in sources]
        tape.watch(watched)
    return tape.gradient(watched[0], watched)


def _walk_in_place(records, target, sources):
    """Correct, written another way: a list of pending records and explicit accumulation with np.add."""
    grads = {id(target): np.ones_like(target.value)}
    for index in range(len(records) - 1, -1, -1):
        _, output, inputs, backward = records[index]
        if id(output) not in grads:
            continue
        for value, g in zip(inputs, backward(grads[id(output)])):
            grads[id(value)] = np.add(grads[id(value)], g) if id(value) in grads else np.asarray(g)
    return tuple(grads.get(id(s)) for s in sources)


def _walk_in_place_add(records, target, sources):
    """Wrong: ``+=`` into an array that AddV2 handed to two values, so adding into one changes the other."""
    grads = {id(target): np.ones_like(target.value)}
    for _, output, inputs, backward in reversed(records):
        if id(output) not in grads:
            continue
        for value, g in zip(inputs, backward(grads[id(output)])):
            if id(value) in grads:
                grads[id(value)] += g
            else:
                grads[id(value)] = g
    return [grads.get(id(s)) for s in sources]


def _walk_from_the_target(records, target, sources):
    """Correct, another way: each value's gradient is the sum over its uses, found depth-first from the target."""
    made_by = {id(out): backward for _, out, _, backward in records}
    uses = {}
    for _, out, inputs, _ in records:
        for position, value in enumerate(inputs):
            uses.setdefault(id(value), []).append((out, position))
    memo = {}

    def gradient_of(value):
        if id(value) not in memo:
            parts = [made_by[id(out)](upstream)[position] for out, position in uses.get(id(value), [])
                     if (upstream := gradient_of(out)) is not None]
            memo[id(value)] = np.ones_like(value.value) if value is target else (sum(parts) if parts else None)
        return memo[id(value)]

    return [gradient_of(s) for s in sources]


_HARD_CODED = [[2.0, 1.0], [0.5], [1.0, 1.0, None], [np.ones((1, 3)), np.ones((3, 2))], [np.ones(2)]]


def _hard_coded(records, target, sources):
    """Numbers that do not depend on the records (e.g. copied from an earlier run)."""
    return next(answer for answer in _HARD_CODED if len(answer) == len(sources))


WALK_CASES = {
    "correct": _walk(),
    "correct ": _walk_in_place,
    "correct  ": _walk_from_the_target,
    "in_place": _walk_in_place_add,
    "forward_order": _walk(order=list),
    "overwrite": _walk(combine=lambda old, g: g),
    "ignores_upstream": _walk(rule_input=np.ones_like),
    "unconnected_zero": _walk(unconnected=lambda source: np.zeros_like(source.value)),
    "dead_end": _walk(skip=False),
    "used_a_tape": _walk_with_tapekit,
    "values": _hard_coded,
    "no_start": lambda records, target, sources: [None] * len(sources),
    "return_form": lambda records, target, sources: {id(s): 1.0 for s in sources},
    "shape": lambda records, target, sources: [np.ones((2, *s.value.shape)) for s in sources],
    "raised": lambda records, target, sources: records.nope,
    "not_callable": "backward_walk",
}


@pytest.mark.parametrize("case", WALK_CASES)
def test_check_backward_walk(case):
    assert_verdict(lesson08.check_backward_walk(WALK_CASES[case]), case.strip())


def test_the_walk_hints_name_the_mistake_and_get_closer():
    first = lesson08.check_backward_walk(WALK_CASES["overwrite"]).message
    assert "you overwrote instead of adding at a fan-in: a is used twice" in first
    second = lesson08.check_backward_walk(WALK_CASES["overwrite"]).message
    assert "grads.get(id(value), 0.0) + g" in second
    assert "reversed(records)" not in first + second            # never the whole answer
    assert "def backward_walk" in repr(lesson08.check_backward_walk.show_answer())


def test_the_walk_check_leaves_the_tape_usable():
    lesson08.check_backward_walk(WALK_CASES["used_a_tape"])
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = x * x
    assert float(tape.gradient(y, x)) == 6.0


def test_the_reference_walk_matches_finite_differences():
    """The check's own graphs: its reference gradients agree with central differences of the same function."""
    rng = np.random.default_rng(0)
    rec = lesson08.Record()
    _, f, (x, w), _, _ = lesson08._vectors(rec, rng)
    grad_x, grad_w = lesson08.reference_walk(rec.records, f, [x, w])

    def loss(flat):
        xv, wv = flat[:3].reshape(1, 3), flat[3:].reshape(3, 2)
        return float(np.sum(np.tanh(xv @ wv) ** 2))

    numeric = numeric_gradient(loss, np.concatenate([x.value.ravel(), w.value.ravel()]))
    np.testing.assert_allclose(np.concatenate([grad_x.ravel(), grad_w.ravel()]), numeric, rtol=1e-6)


def test_the_player_plays_the_students_walk():
    rec = lesson08.Record()
    _, f, sources, names, _ = lesson08._fan_in(rec, np.random.default_rng(1))
    events = lesson08.mini_tape_events(rec.records, f, sources, names, _walk())
    sends = [e for e in events if e["kind"] == "send"]
    assert any(e["accumulated"] for e in sends)                 # a is used twice: the second send adds up
    assert events[-1]["kind"] == "backward_end"
    forward_only = lesson08.mini_tape_events(rec.records, f, sources, names, stub_walk)
    assert {e["phase"] for e in forward_only} == {"forward"}


def stub_walk(records, target, sources):
    raise NotImplementedError("exercise not done yet")


# ---- exercise 2 of the new lesson: training the MLP with the student's tape ---------------------------

def _mlp_loss(params, x, y):
    rec = lesson08.Record()
    w1, b1, w2, b2 = params
    hidden = rec.tanh(rec.op("BiasAdd", (rec.matmul(lesson08.Value(x), w1)).value + b1.value,
                             [rec.records[-1][1], b1], lambda g: [g, g.sum(axis=0)]))
    out = rec.matmul(hidden, w2)
    out = rec.op("BiasAdd", out.value + b2.value, [out, b2], lambda g: [g, g.sum(axis=0)])
    target = lesson08.Value(y)
    error = rec.op("Sub", out.value - target.value, [out, target], lambda g: [g, -g])
    return rec, rec.reduce_sum(rec.multiply(error, error))


def _train(update=lambda p, g, lr: p - lr * g, steps_of=lambda steps: steps, rate_of=lambda lr: lr,
           loss_after=False):
    """A training loop on the check's mini tape, right by default; each argument swaps in one mistake."""
    def train(params, x, y, steps, learning_rate):
        losses = []
        for _ in range(steps_of(steps)):
            rec, loss = _mlp_loss(params, x, y)
            grads = lesson08.reference_walk(rec.records, loss, params)
            for param, grad in zip(params, grads):
                param.value = update(param.value, grad, rate_of(learning_rate))
            losses.append(float(_mlp_loss(params, x, y)[1].value) if loss_after else float(loss.value))
        return losses
    return train


def _train_with_tapekit(params, x, y, steps, learning_rate):
    with tk.GradientTape():
        pass
    return []


TRAIN_CASES = {
    "correct": _train(),
    "correct ": _train(update=lambda p, g, lr: np.subtract(p, np.multiply(lr, g))),
    "steps": _train(steps_of=lambda steps: 15),
    "values": _train(rate_of=lambda lr: 0.1),                     # ignores learning_rate
    "first_loss": _train(loss_after=True),                        # records the loss after the update
    "uphill": _train(update=lambda p, g, lr: p + lr * g),
    "not_updated": _train(update=lambda p, g, lr: p),
    "used_a_tape": _train_with_tapekit,
    "return_form": lambda params, x, y, steps, learning_rate: "done",
    "raised": lambda params, x, y, steps, learning_rate: params.nope,
    "not_callable": None,
}


@pytest.mark.parametrize("case", TRAIN_CASES)
def test_check_training(case):
    assert_verdict(lesson08.check_training(TRAIN_CASES[case]), case.strip())


def test_the_training_reference_is_the_mini_tape_on_finite_differences():
    """The check's tapekit reference takes the same first step as central differences of the loss."""
    rng = np.random.default_rng(3)
    weights = lesson08._start_weights(rng)
    shapes = [w.shape for w in weights]

    def loss(flat):
        parts, start = [], 0
        for shape in shapes:
            size = int(np.prod(shape))
            parts.append(flat[start:start + size].reshape(shape))
            start += size
        hidden = np.tanh(lesson08.XOR_X @ parts[0] + parts[1])
        return float(np.sum((hidden @ parts[2] + parts[3] - lesson08.XOR_Y) ** 2))

    flat = np.concatenate([w.ravel() for w in weights])
    losses = lesson08.reference_losses(weights, lesson08.XOR_X, lesson08.XOR_Y, 2, 0.01)
    assert losses[0] == pytest.approx(loss(flat), rel=1e-12)
    assert losses[1] == pytest.approx(loss(flat - 0.01 * numeric_gradient(loss, flat)), rel=1e-6)


def _tf_recording():
    """tests/tf_cases/lesson08/mlp_xor.out: TF 2.21's loss, gradients and five descent steps of the XOR network."""
    from pathlib import Path
    lines = (Path(__file__).parents[1] / "tf_cases" / "lesson08" / "mlp_xor.out").read_text().splitlines()
    grads = {line.split()[0]: np.array(eval(line[line.index("["):])) for line in lines[1:5]}  # noqa: S307
    steps = [float(line.split()[2]) for line in lines[5:]]
    return float(lines[0].split()[1]), grads, steps


def test_the_mini_tape_and_the_checks_reference_agree_with_tensorflow():
    """The lesson's seed-8 weights: the check's mini tape gives TF's gradients; its reference gives TF's losses."""
    tf_loss, tf_grads, tf_steps = _tf_recording()
    rng = np.random.default_rng(8)
    weights = [rng.normal(0.0, 0.8, size=(2, 4)), np.zeros(4), rng.normal(0.0, 0.8, size=(4, 1)), np.zeros(1)]
    params = [lesson08.Value(w) for w in weights]
    rec, loss = _mlp_loss(params, lesson08.XOR_X, lesson08.XOR_Y)
    grads = lesson08.reference_walk(rec.records, loss, params)
    assert float(loss.value) == pytest.approx(tf_loss, rel=1e-12)
    for name, grad in zip(["w1", "b1", "w2", "b2"], grads):
        np.testing.assert_allclose(grad.ravel(), tf_grads[name], rtol=1e-8, atol=1e-9)
    losses = lesson08.reference_losses(weights, lesson08.XOR_X, lesson08.XOR_Y, 5, 0.05)
    np.testing.assert_allclose(losses, tf_steps, rtol=1e-10)
