"""Lesson 06's exercise checks: correct answers pass, each typical mistake gets its hint.

The five broken loops are read from the lesson's source, so the answer key and the revealed
histories are about the code students see. Under TF 2.21 the same loops give the same losses,
gradients and errors (tests/tf_cases/lesson06/broken_loops.py).
"""

from pathlib import Path

import nbformat
import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson06
from tapekit.exercises._check import NOT_DONE, forget_misses


SOURCE = Path(__file__).resolve().parent.parent.parent / "notebooks" / "source" / "06_models_and_training.ipynb"


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")
    assert repr(feedback).startswith("Correct!" if code == "correct" else "Not yet. Hint:")


# ---- exercise 1: the training loop --------------------------------------------------------------

def _mse(model, x, y):
    return tk.reduce_mean((model(x) - y) ** 2)


def train_assign_sub(model, x, y, learning_rate, steps):
    losses = []
    for _ in range(steps):
        with tk.GradientTape() as tape:
            loss = _mse(model, x, y)
        grads = tape.gradient(loss, model.trainable_variables)
        for var, grad in zip(model.trainable_variables, grads):
            var.assign_sub(learning_rate * grad)
        losses.append(float(loss))
    return losses


def train_sgd(model, x, y, learning_rate, steps):
    """A second correct answer: Keras SGD, tensors as losses, the loss written out."""
    optimizer = tk.keras.optimizers.SGD(learning_rate=learning_rate)
    losses = []
    for _ in range(steps):
        with tk.GradientTape() as tape:
            error = model(x) - y
            loss = tk.reduce_sum(error * error) / tk.cast(tk.size(error), tk.float32)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(loss)
    return losses


def train_assign_after(model, x, y, learning_rate, steps):
    """A third correct answer: assign(var - ...), and the loss recorded after the update."""
    losses = []
    for _ in range(steps):
        with tk.GradientTape() as tape:
            loss = _mse(model, x, y)
        grad_w, grad_b = tape.gradient(loss, [model.w, model.b])
        model.w.assign(model.w - learning_rate * grad_w)
        model.b.assign(model.b - learning_rate * grad_b)
        losses.append(float(_mse(model, x, y)))
    return tuple(losses)


def _variant(update="sub", loss_inside=True, reduce=tk.reduce_mean, steps_delta=0, returns="list",
             learning_rate=None):
    def train(model, x, y, lr, steps):
        lr = lr if learning_rate is None else learning_rate
        losses, first_gradients = [], []
        for _ in range(steps + steps_delta):
            with tk.GradientTape() as tape:
                prediction = model(x)
                if loss_inside:
                    loss = reduce((prediction - y) ** 2)
            if not loss_inside:
                loss = reduce((prediction - y) ** 2)
            grads = tape.gradient(loss, model.trainable_variables)
            for var, grad in zip(model.trainable_variables, grads):
                if update == "sub":
                    var.assign_sub(lr * grad)
                elif update == "add":
                    var.assign_add(lr * grad)
                else:
                    var = var - lr * grad  # noqa: F841 (the mistake: rebinds the loop's name only)
            losses.append(float(loss))
            first_gradients.append(float(grads[0]))
        return {"list": losses, "none": None, "float": losses[-1] if losses else 0.0,
                "extra": losses + [0.0], "gradients": first_gradients}[returns]
    return train


def train_replacing(model, x, y, learning_rate, steps):
    losses = train_assign_sub(model, x, y, learning_rate, steps)
    model.w = tk.constant(float(model.w))           # the variable is gone
    return losses


def train_replacing_each_step(model, x, y, learning_rate, steps):
    losses = []
    for _ in range(steps):
        with tk.GradientTape() as tape:
            loss = _mse(model, x, y)
        grad_w, grad_b = tape.gradient(loss, [model.w, model.b])
        model.w = model.w - learning_rate * grad_w
        model.b = model.b - learning_rate * grad_b
        losses.append(float(loss))
    return losses


TRAIN_CASES = {
    "correct": train_assign_sub,
    "correct ": train_sgd,
    "correct  ": train_assign_after,
    "none_gradient": _variant(loss_inside=False),
    "none_gradient ": train_replacing_each_step,
    "replaced": train_replacing,
    "not_updated": _variant(update="rebind"),
    "wrong_sign": _variant(update="add"),
    "diverged": _variant(learning_rate=3.0),
    "sum_loss": _variant(reduce=tk.reduce_sum),
    "steps": _variant(steps_delta=1),
    "steps ": _variant(steps_delta=-1),
    "values": _variant(learning_rate=0.05),
    "no_losses": _variant(returns="none"),
    "losses_type": _variant(returns="float"),
    "losses_length": _variant(returns="extra"),
    "loss_values": _variant(returns="gradients"),
    "raised": lambda model, x, y, lr, steps: model.no_such_attribute,
    "not_callable": [1.0, 0.5],
    "fixed_arguments": lambda model, x, y, lr, steps: train_assign_sub(model, x, y, 0.1, 15),
    "tape_reused": lambda model, x, y, lr, steps: _tape_outside_the_loop(model, x, y, lr, steps),
}


def _tape_outside_the_loop(model, x, y, learning_rate, steps):
    """A common crash: the tape opened once, before the loop."""
    losses = []
    with tk.GradientTape() as tape:
        loss = _mse(model, x, y)
    for _ in range(steps):
        grads = tape.gradient(loss, model.trainable_variables)
        for var, grad in zip(model.trainable_variables, grads):
            var.assign_sub(learning_rate * grad)
        losses.append(float(loss))
    return losses


def test_a_train_that_ignores_its_arguments_is_told_so_without_the_answer():
    verdict = lesson06.check_training_loop(TRAIN_CASES["fixed_arguments"])
    assert "ignores its arguments" in verdict.message and "learning_rate=0.05" in verdict.message


@pytest.mark.parametrize("case", TRAIN_CASES)
def test_check_training_loop(case):
    assert_verdict(lesson06.check_training_loop(TRAIN_CASES[case]), case.strip())


def test_the_training_reference_is_gradient_descent():
    """The check's float64 reference agrees with tapekit's tape on the check's data (and heads for w=2, b=1)."""
    for case in lesson06.LOOP_CASES:
        w, b, losses = case.descend()
        model = lesson06.line_model(case.start)
        got = train_assign_sub(model, tk.constant(case.x), tk.constant(case.y), case.learning_rate, case.steps)
        np.testing.assert_allclose([float(model.w), float(model.b)], [w, b], rtol=1e-5)
        np.testing.assert_allclose(got, losses, rtol=1e-5)
    w, b, losses = lesson06.LOOP_CASES[0].descend()
    assert losses[-1] < losses[0] / 100 and abs(w - 2.0) < 0.1 and abs(b - 1.0) < 0.01


def test_an_unwritten_train_is_not_done_yet():
    def stub(model, x, y, learning_rate, steps):
        raise NotImplementedError("exercise not done yet")

    assert lesson06.check_training_loop(stub).code == NOT_DONE


# ---- exercise 2: five broken loops --------------------------------------------------------------

def lesson_loops() -> dict:
    """loop_a ... loop_e as the lesson's source defines them (its `predict` cells)."""
    namespace = {"tk": tk}
    for cell in nbformat.read(SOURCE, as_version=4).cells:
        if "predict" in cell.metadata.get("tags", []) and "def loop_" in cell.source:
            exec(compile(cell.source, "lesson 06 predict cell", "exec"), namespace)
    return {key: namespace[f"loop_{key.lower()}"] for key in "ABCDE"}


KEY = dict(lesson06.BUG_OF_LOOP)
LOOP_CASES = {
    "correct": KEY,
    "correct ": {"A": "Wrong sign", "B": "integer-data", "C": "variable_replaced", "D": "learning rate too large",
                 "E": " LOSS_OUTSIDE_TAPE "},
    "not_dict": ["wrong_sign"],
    "missing": {"A": "wrong_sign"},
    "unknown_bug": {**KEY, "B": "dtype"},
    "unknown_bug ": {**KEY, "C": 3},
    "wrong_A": {**KEY, "A": "learning_rate_too_large", "D": "wrong_sign"},
    "wrong_B": {**KEY, "B": "loss_outside_tape", "E": "integer_data"},
    "wrong_C": {**KEY, "C": "loss_outside_tape", "E": "variable_replaced_by_tensor"},
    "wrong_D": {**KEY, "D": "wrong_sign"},
    "wrong_E": {**KEY, "E": "variable_replaced_by_tensor"},
}


@pytest.mark.parametrize("case", LOOP_CASES)
def test_check_broken_loops(case):
    assert_verdict(lesson06.check_broken_loops(LOOP_CASES[case]), case.strip())


def test_a_wrong_prediction_is_told_which_loops_are_wrong_not_their_bugs():
    guess = {**KEY, "B": "loss_outside_tape", "E": "integer_data"}
    first = lesson06.check_broken_loops(guess).message
    assert first.startswith("2 of 5 are wrong: loop(s) B, E.")
    second = lesson06.check_broken_loops(guess).message
    assert "Loop B: what dtype do loop B's x and y have" in second
    for message in (first, second):
        assert "integer_data" not in message.replace("named integer_data", "") and "int32" not in message
    assert "B: integer_data" in repr(lesson06.check_broken_loops.show_answer())


def test_a_bug_named_twice_is_pointed_out():
    verdict = lesson06.check_broken_loops({**KEY, "D": "wrong_sign"})
    assert "named wrong_sign for two loops" in verdict.message


def test_the_answer_key_matches_what_each_lesson_loop_does():
    runs = {}
    for key, loop in lesson_loops().items():
        history = []
        try:
            loop(history)
            error = None
        except Exception as exc:  # the broken loops fail in their own ways
            error = exc
        runs[key] = ([float(loss) for loss, _ in history], [None if g is None else float(g) for _, g in history],
                     error)
    by_bug = {bug: runs[key] for key, bug in lesson06.BUG_OF_LOOP.items()}
    losses, grads, error = by_bug["wrong_sign"]            # TF 2.21: 67.5, 206.7, 633.1, 1938.8; no error
    assert error is None and losses == sorted(losses) and all(g < 0 for g in grads)
    losses, grads, error = by_bug["learning_rate_too_large"]  # TF 2.21: gradients -45, 90, -180, 360
    assert error is None and losses == sorted(losses) and grads == pytest.approx([-45.0, 90.0, -180.0, 360.0])
    losses, grads, error = by_bug["integer_data"]          # TF 2.21: InvalidArgumentError in w * x
    assert losses == [] and isinstance(error, tk.errors.InvalidArgumentError)
    losses, grads, error = by_bug["variable_replaced_by_tensor"]  # TF 2.21: -45.0, then None, then TypeError
    assert grads == [-45.0, None] and isinstance(error, TypeError)
    losses, grads, error = by_bug["loss_outside_tape"]     # TF 2.21: None at once, then TypeError
    assert grads == [None] and isinstance(error, TypeError)


def test_the_check_reveals_what_each_loop_did_only_after_an_answer():
    loops = lesson_loops()
    assert lesson06.check_broken_loops(..., loops).code == NOT_DONE
    right = lesson06.check_broken_loops(KEY, loops)
    text = repr(right)
    assert right and "What tape.gradient returned in each loop, step by step:" in text
    assert "  A  step 0: loss 67.5, gradient -45\n     step 1: loss 206.719, gradient -78.75" in text
    assert "  B  step 0: it raised InvalidArgumentError: cannot compute Mul" in text
    assert "  C  step 0: loss 67.5, gradient -45\n     step 1: loss 4.21875, gradient None\n" in text
    assert "then it raised TypeError: unsupported operand type(s) for *: 'float' and 'NoneType'" in text
    assert "  E  step 0: loss 67.5, gradient None\n" in text
    wrong = lesson06.check_broken_loops({**KEY, "E": "variable_replaced_by_tensor"}, loops)
    assert wrong.code == "wrong_E" and "What tape.gradient returned" not in wrong.message
    unknown = lesson06.check_broken_loops({**KEY, "A": "typo"}, loops)
    assert unknown.code == "unknown_bug" and "returned" not in unknown.message


# ---- exercise 3: accuracy -----------------------------------------------------------------------

def _hits(labels, logits):
    return tk.equal(tk.argmax(logits, axis=1, output_type=tk.int32), labels)


ACCURACY_CASES = {
    "correct": lambda y, z: tk.reduce_mean(tk.cast(_hits(y, z), tk.float32)),
    "correct ": lambda y, z: tk.cast(tk.reduce_sum(tk.cast(_hits(y, z), tk.int32)), tk.float32)
    / tk.cast(tk.size(y), tk.float32),
    "argmax_int64": lambda y, z: tk.reduce_mean(tk.cast(tk.equal(tk.argmax(z, axis=1), y), tk.float32)),
    "int_mean": lambda y, z: tk.reduce_mean(tk.cast(_hits(y, z), tk.int32)),
    "count": lambda y, z: tk.reduce_sum(tk.cast(_hits(y, z), tk.float32)),
    "inverted": lambda y, z: 1.0 - tk.reduce_mean(tk.cast(_hits(y, z), tk.float32)),
    "not_reduced": lambda y, z: tk.cast(_hits(y, z), tk.float32),
    "values": lambda y, z: tk.constant(0.5),
    "values ": lambda y, z: tk.constant(0.6),          # the lesson's printed accuracy, hard-coded
    "dtype": lambda y, z: np.mean(np.argmax(z.numpy(), axis=1) == y.numpy()),          # a NumPy float64
    "dtype ": lambda y, z: float(np.mean(np.argmax(z.numpy(), axis=1) == y.numpy())),  # a Python float
    "dtype  ": lambda y, z: tk.reduce_mean(tk.cast(_hits(y, z), tk.float64)),
    "correct  ": lambda y, z: tk.constant(np.mean(np.argmax(z.numpy(), axis=1) == y.numpy()), tk.float32),
    "shape": lambda y, z: tk.constant([0.5, 0.5]),
    "raised": lambda y, z: y.no_such_attribute,
    "not_callable": 0.6,
}


@pytest.mark.parametrize("case", ACCURACY_CASES)
def test_check_accuracy(case):
    assert_verdict(lesson06.check_accuracy(ACCURACY_CASES[case]), case.strip())


def test_a_hard_coded_batch_size_fails_on_the_held_back_batch():
    fixed = lambda y, z: tk.reduce_sum(tk.cast(_hits(y, z), tk.float32)) / 5.0  # noqa: E731
    assert lesson06.check_accuracy(fixed).code == "values"


def test_the_argmax_crash_gets_a_hint_in_the_students_terms():
    first = lesson06.check_accuracy(ACCURACY_CASES["argmax_int64"]).message
    assert "int64" in first and "int32" in first and "output_type" not in first
    assert "output_type=labels.dtype" in lesson06.check_accuracy(ACCURACY_CASES["argmax_int64"]).message


# ---- exercise 4: predict the bias gradient of a training step in the player ---------------------

TF_STEP = (-4.0, -2.0)    # tests/tf_cases/lesson06/step_bias_player.out (dloss/dw, dloss/db), TF 2.21

STEP_CASES = {
    "correct": -2.0,
    "correct ": tk.constant(-2.0000002),     # float32 rounding, as a tensor
    "correct  ": [-2],
    "no_sum": -2.0 / 3.0,
    "sign": 2.0,
    "that_is_w": -4.0,
    "no_mean": -6.0,
    "values": 5.0,
    "shape": [-2.0, -2.0],
}


@pytest.mark.parametrize("case", STEP_CASES)
def test_check_step_bias(case):
    forget_misses()
    verdict = lesson06.check_step_bias(STEP_CASES[case])
    assert verdict.code == case.strip(), verdict.message
    assert verdict.ok or "-2" not in verdict.message


def test_the_step_bias_key_is_tensorflows():
    assert lesson06.step_bias_truth() == TF_STEP[1]


def test_the_step_bias_check_reads_the_player():
    from tapekit.widgets import Ask, TapePlayer
    forget_misses()
    w, b = tk.Variable(0.0, name="w"), tk.Variable(0.0, name="b")
    with tk.GradientTape() as tape:
        loss = tk.reduce_mean((w * tk.constant(lesson06.STEP_X) + b - tk.constant(lesson06.STEP_TARGET)) ** 2)
    player = TapePlayer(tape, target=loss, sources=[w, b], ask=Ask.gradient(b))
    assert player.graph["questions"][0]["answer"]["value"] == pytest.approx(TF_STEP[1])
    assert lesson06.check_step_bias(player).code == "not_done"
    player.answers = {"q1": {"given": "-4", "correct": False, "tries": 1}}
    assert lesson06.check_step_bias(player).code == "that_is_w"
    player.answers = {"q1": {"given": "-2.0", "correct": True, "tries": 2}}
    assert lesson06.check_step_bias(player).ok
