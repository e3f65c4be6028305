"""Lesson 06, exercises 5 and 6: a training step in tk.function, and restoring a checkpoint.

Each check is pushed correct answers (TF's own routes included: an optimizer, load_variable), wrong ones, the
ruled-out route and hard-coded numbers; TF 2.21's behaviour behind them is in
tests/tf_cases/api/function_variables.py and tests/tf_cases/lesson06/checkpoints.py.
"""

import os
import subprocess
from pathlib import Path

import pytest

import tapekit as tk
from tapekit.exercises import lesson06_state
from tapekit.exercises._check import forget_misses


@pytest.fixture(autouse=True)
def first_miss():
    """Each test starts at the first tier of every hint."""
    forget_misses()
    yield
    forget_misses()


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")


def _mse(model, x, y):
    return tk.reduce_mean((model(x) - y) ** 2)


# ---- exercise 5: make_train_step ----------------------------------------------------------------

def make_step(model, learning_rate):
    @tk.function
    def step(x, y):
        with tk.GradientTape() as tape:
            loss = _mse(model, x, y)
        grads = tape.gradient(loss, model.trainable_variables)
        for var, grad in zip(model.trainable_variables, grads):
            var.assign_sub(learning_rate * grad)
        return loss
    return step


def make_step_optimizer(model, learning_rate):
    """TF's own route: Keras SGD, whose variables are made on the first call."""
    optimizer = tk.keras.optimizers.SGD(learning_rate=learning_rate)

    @tk.function
    def step(x, y):
        with tk.GradientTape() as tape:
            loss = _mse(model, x, y)
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss
    return step


def make_step_assign(model, learning_rate):
    @tk.function
    def step(x, y):
        with tk.GradientTape() as tape:
            loss = _mse(model, x, y)
        for var, grad in zip(model.trainable_variables, tape.gradient(loss, model.trainable_variables)):
            var.assign(var - learning_rate * grad)
        return loss
    return step


@pytest.mark.parametrize("answer", [make_step, make_step_optimizer, make_step_assign])
def test_correct_steps_pass(answer):
    assert_verdict(lesson06_state.check_train_step(answer), "correct")


def test_a_plain_python_step_is_refused():
    def plain(model, learning_rate):
        return make_step(model, learning_rate).python_function
    assert_verdict(lesson06_state.check_train_step(plain), "not_function")
    second = lesson06_state.check_train_step(plain)
    assert "@tk.function" in second.message


def test_a_hard_coded_learning_rate_fails_on_the_held_back_line():
    def fixed(model, learning_rate):
        return make_step(model, 0.05)
    feedback = lesson06_state.check_train_step(fixed)
    assert_verdict(feedback, "values")
    assert "learning_rate=0.02" in feedback.message
    assert "learning_rate passed" in lesson06_state.check_train_step(fixed).message


def test_replacing_the_variables_is_refused():
    def replacing(model, learning_rate):
        @tk.function
        def step(x, y):
            with tk.GradientTape() as tape:
                loss = _mse(model, x, y)
            grad_w, grad_b = tape.gradient(loss, [model.w, model.b])
            model.w = tk.Variable(model.w - learning_rate * grad_w)
            model.b = tk.Variable(model.b - learning_rate * grad_b)
            return loss
        return step
    # a variable made on a later call: tapekit (as TF) refuses it, and the hint says so
    assert_verdict(lesson06_state.check_train_step(replacing), "variable_each_call")


def test_replacing_by_a_tensor_is_refused():
    def replacing(model, learning_rate):
        @tk.function
        def step(x, y):
            with tk.GradientTape() as tape:
                loss = _mse(model, x, y)
            grad_w, grad_b = tape.gradient(loss, [model.w, model.b])
            model.w.assign_sub(learning_rate * grad_w)
            model.b = model.b - learning_rate * grad_b
            return loss
        return step
    # the later calls replay the first one's record (as TF runs its graph), so the step runs without
    # error and the check finds model.b replaced by a tensor
    assert_verdict(lesson06_state.check_train_step(replacing), "replaced")

    # run eagerly (as after tk.config.run_functions_eagerly(True)), the second call differentiates a
    # tensor that no tape watched: a None gradient
    tk.config.run_functions_eagerly(True)
    try:
        assert_verdict(lesson06_state.check_train_step(replacing), "none_gradient")
    finally:
        tk.config.run_functions_eagerly(False)


def test_wrong_sign_loss_after_update_and_no_update():
    def uphill(model, learning_rate):
        return make_step(model, -learning_rate)

    def after(model, learning_rate):
        inner = make_step(model, learning_rate)

        @tk.function
        def step(x, y):
            inner(x, y)
            return _mse(model, x, y)
        return step

    def frozen(model, learning_rate):
        @tk.function
        def step(x, y):
            return _mse(model, x, y)
        return step
    assert_verdict(lesson06_state.check_train_step(uphill), "values")
    assert_verdict(lesson06_state.check_train_step(after), "loss_values")
    assert_verdict(lesson06_state.check_train_step(frozen), "not_updated")


def test_never_prints_the_answer_unasked():
    def frozen(model, learning_rate):
        @tk.function
        def step(x, y):
            return _mse(model, x, y)
        return step
    for _ in range(4):
        assert "assign_sub(learning_rate * grad)\n" not in lesson06_state.check_train_step(frozen).message
    assert "@tk.function" in repr(lesson06_state.check_train_step.show_answer())


# ---- exercise 6: restore_line -------------------------------------------------------------------

class Line(tk.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.w = tk.Variable(0.0, name="w")
        self.b = tk.Variable(0.0, name="b")
        self.calls = tk.Variable(0, trainable=False, name="calls")

    def __call__(self, x):
        self.calls.assign_add(1)
        return self.w * x + self.b


def restore_line(path):
    restored = Line()
    tk.train.Checkpoint(model=restored).restore(path).assert_consumed()
    return restored


def restore_by_load_variable(path):
    """Another route: read each value by its key (a missing key raises NotFoundError)."""
    restored = Line()
    for name in ("w", "b", "calls"):
        getattr(restored, name).assign(tk.train.load_variable(path, f"model/{name}/.ATTRIBUTES/VARIABLE_VALUE"))
    return restored


@pytest.mark.parametrize("answer", [restore_line, restore_by_load_variable])
def test_correct_restores_pass(answer):
    assert_verdict(lesson06_state.check_restore_line(answer), "correct")


def test_a_silent_restore_is_refused():
    def silent(path):
        restored = Line()
        tk.train.Checkpoint(model=restored).restore(path)
        return restored

    def partial(path):
        restored = Line()
        tk.train.Checkpoint(model=restored).restore(path).expect_partial()
        return restored
    assert_verdict(lesson06_state.check_restore_line(silent), "silent_mismatch")
    assert "assert_consumed" in lesson06_state.check_restore_line(partial).message


def test_not_restoring_or_hard_coding_fails():
    def unrestored(path):
        return Line()

    def hard_coded(path):
        line = Line()
        line.w.assign(3.0)
        line.b.assign(-2.0)
        line.calls.assign(4)
        tk.train.Checkpoint(model=Line()).restore(path).assert_consumed()
        return line
    assert_verdict(lesson06_state.check_restore_line(unrestored), "not_restored")
    assert_verdict(lesson06_state.check_restore_line(hard_coded), "not_restored")


def test_another_key_is_named():
    def other_key(path):
        restored = Line()
        tk.train.Checkpoint(net=restored).restore(path).assert_consumed()
        return restored
    feedback = lesson06_state.check_restore_line(other_key)
    assert_verdict(feedback, "match_refused")
    assert "model/w" in feedback.message


def test_returning_something_else_is_named():
    def returns_status(path):
        return tk.train.Checkpoint(model=Line()).restore(path)
    assert_verdict(lesson06_state.check_restore_line(returns_status), "not_a_line")


# ---- the same checks on TensorFlow's own answers (TF 2.21: tf.function, tf.train.Checkpoint) -----

TF_SCRIPT = '''
import tensorflow as tf
from tapekit.exercises import lesson06_state as checks

class Line(tf.Module):
    def __init__(self):
        super().__init__()
        self.w, self.b = tf.Variable(0.0), tf.Variable(0.0)
        self.calls = tf.Variable(0, trainable=False)
    def __call__(self, x):
        self.calls.assign_add(1)
        return self.w * x + self.b

def make_step(model, learning_rate):
    optimizer = tf.keras.optimizers.SGD(learning_rate=learning_rate)   # its variables: made on the first call
    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss
    return step

def make_fresh_each_call(model, learning_rate):
    @tf.function
    def step(x, y):
        return tf.Variable(1.0) * 0.0
    return step

def restore(path):
    line = Line()
    tf.train.Checkpoint(model=line).restore(path).assert_consumed()
    return line

def restore_silently(path):
    line = Line()
    tf.train.Checkpoint(model=line).restore(path)
    return line

print(checks.check_train_step(make_step).code, checks.check_train_step(make_fresh_each_call).code)
print(checks.check_restore_line(restore).code, checks.check_restore_line(restore_silently).code)
'''


@pytest.mark.skipif(not os.environ.get("TAPEKIT_TF_PYTHON"), reason="set TAPEKIT_TF_PYTHON to a Python with TF 2.21")
def test_the_checks_grade_tensorflows_own_answers():
    root = Path(__file__).resolve().parent.parent.parent
    done = subprocess.run([os.environ["TAPEKIT_TF_PYTHON"], "-c", TF_SCRIPT], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root), "TF_CPP_MIN_LOG_LEVEL": "3"}, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["correct", "variable_each_call", "correct", "silent_mismatch"], done.stdout
