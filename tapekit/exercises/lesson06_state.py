"""Exercises 5 and 6 of lesson 06: a training step in ``tk.function``, and restoring a checkpoint."""

import os
import tempfile

import numpy as np

from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    framework,
    hint,
    is_variable,
    none_gradient_error,
    student_constant,
)
from ._descent import LoopCase, line_model

# ---- Exercise 5: a training step in tk.function ---------------------------------------------------

# The data of the lesson's section 7 (y = 3x, from w = b = 0, 3 steps of 0.05), then a held-back line with another rate.
STEP_CASES = (LoopCase([1.0, 2.0, 3.0], [3.0, 6.0, 9.0], (0.0, 0.0), 0.05, 3),
              LoopCase([-1.5, 0.0, 0.5, 2.0, 3.0], [4.0, 1.0, 0.5, -2.0, -3.5], (0.5, 0.25), 0.02, 4))


def _close(got, want) -> bool:
    return bool(np.allclose(np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64),
                            rtol=2e-3, atol=2e-4))


def _step_crashed(exc, what) -> Feedback:
    if isinstance(exc, ValueError) and ("non-first call" in str(exc) or "singleton" in str(exc)):
        return hint("variable_each_call", _("{what} creates a variable on every call, and a tk.function may "
                                            "create variables on its first call only. A step only updates the "
                                            "model's variables.").format(what=what),
                    _("{what} creates a variable on every call: compute `var - learning_rate * grad` into the "
                      "variable that exists, with var.assign_sub(...), instead of making a tk.Variable in the "
                      "step.").format(what=what))
    if none_gradient_error(exc):
        return hint("none_gradient", _("{what} failed on a None gradient on a later call: after `model.b = "
                                       "model.b - ...` the model holds a tensor, which the next tape does not watch. "
                                       "Update the variables in place.").format(what=what),
                    _("{what}: update each variable with var.assign_sub(learning_rate * grad), so the model keeps "
                      "its variables.").format(what=what))
    return crashed(exc, what)


def _run_steps(make_train_step, case):
    """Make a step for a fresh line of ``case`` and run it: (model, losses, None) or (None, None, a verdict)."""
    model = line_model(case.start)
    variables = (model.w, model.b)
    step, exc = call_safely(make_train_step, model, case.learning_rate)
    if exc is not None:
        return None, None, crashed(exc, f"make_train_step(model, {case.learning_rate})")
    if not hasattr(step, "python_function"):
        return None, None, hint(
            "not_function", _("make_train_step returned a {kind}, not a tk.function: decorate the step it defines "
                              "and returns.").format(kind=type(step).__name__),
            _("write `@tk.function` on the line above `def step(x, y):` inside make_train_step, and return step."))
    x, y = student_constant(case.x), student_constant(case.y)
    losses = []
    for _index in range(case.steps):
        loss, exc = call_safely(step, x, y)
        if exc is not None:
            return None, None, _step_crashed(exc, "step(x, y)")
        losses.append(loss)
    if any(now is not before for now, before in zip((model.w, model.b), variables)):
        return None, None, hint(
            "replaced", _("after the steps, model.w or model.b is not the model's own variable any more: the step "
                          "replaced it. Update the variables in place."),
            _("update in place: var.assign_sub(learning_rate * grad) for each var of model.trainable_variables."))
    return model, losses, None


def _judge_steps(case, model, losses) -> Feedback | None:
    """None when the steps did on ``case`` what gradient descent does, else the hint."""
    try:
        values = [float(np.asarray(v.numpy() if hasattr(v, "numpy") else v)) for v in losses]
    except (TypeError, ValueError):
        return hint("loss_type", _("step(x, y) returned a {kind}; return the loss, one number.").format(
            kind=type(losses[0]).__name__))
    w, b = float(model.w.numpy()), float(model.b.numpy())
    ref_w, ref_b, ref_losses = case.descend()
    held_back = case is not STEP_CASES[0]
    if _close([w, b], case.start):
        return hint("not_updated", _("after {steps} calls of step, the variables still have their first values: "
                                     "the step must update them.").format(steps=case.steps),
                    _("after the gradient, update each variable: var.assign_sub(learning_rate * grad)."))
    if not _close([w, b], [ref_w, ref_b]):
        where = _("on a line the lesson does not show, with learning_rate={rate}").format(rate=case.learning_rate) \
            if held_back else _("on the lesson's data")
        return hint("values", _("{where}, after {steps} steps the variables are not where gradient descent on the "
                                "mean squared error takes them (w = {w:.4f}, b = {b:.4f}).").format(
                                  where=where, steps=case.steps, w=w, b=b),
                    _("{where}: subtract learning_rate * gradient, with the learning_rate passed to make_train_step "
                      "(not a number of your own), and use the mean of the squared errors.").format(where=where))
    if not _close(values, ref_losses):
        return hint("loss_values", _("the variables are right, but the losses step returned are not the losses of "
                                     "its steps: return the loss the tape differentiated, computed before the "
                                     "update."))
    return None


@exercise(answer=lambda: _STEP_ANSWER)
def check_train_step(make_train_step) -> Feedback:
    """Exercise 5: ``make_train_step(model, learning_rate)`` returns a ``tk.function`` ``step(x, y)`` doing one step
    of gradient descent on the mean squared error with ``assign_sub``, returning the loss before the update.

    Checked on the lesson's data and on a held-back line (other data, start and rate); the variables must stay
    the model's own, and a variable made on a later call raises (the framework refuses it).
    """
    if not callable(make_train_step):
        return hint("not_callable", _("pass the function itself: check_train_step(make_train_step)."))
    for case in STEP_CASES:
        model, losses, verdict = _run_steps(make_train_step, case)
        if verdict is None:
            verdict = _judge_steps(case, model, losses)
        if verdict is not None:
            return verdict
    return correct(_("Your tk.function trained the lesson's line and a held-back one with another learning rate, "
                     "updating the model's own variables in place."))


_STEP_ANSWER = """def make_train_step(model, learning_rate):
    @tk.function
    def step(x, y):
        with tk.GradientTape() as tape:
            loss = tk.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        for var, grad in zip(model.trainable_variables, grads):
            var.assign_sub(learning_rate * grad)
        return loss
    return step"""


# ---- Exercise 6: restoring a checkpoint -----------------------------------------------------------

def _saved_module(weight_name):
    """A module with the variables of the lesson's Line (``w``, ``b``, ``calls``), its weight called ``weight_name``:
    with ``w`` its checkpoint fits a Line (paths are all that count), with another name it does not."""
    fw = framework()

    class SavedLine(fw.Module):
        def __init__(self):
            super().__init__()
            setattr(self, weight_name, fw.Variable(0.0))
            self.b = fw.Variable(0.0)
            self.calls = fw.Variable(0, trainable=False)

    return SavedLine()


def _saved(model, folder, name, values):
    """Assign ``values`` (attribute -> number) to ``model`` and save it with ``Checkpoint(model=...)``."""
    for attribute, value in values.items():
        getattr(model, attribute).assign(value)
    return framework().train.Checkpoint(model=model).save(os.path.join(folder, name))


def _restored_values(restore_line, path, what):
    """(w, b, calls) of what ``restore_line(path)`` returns, or a failing verdict."""
    model, exc = call_safely(restore_line, path)
    if exc is not None:
        if isinstance(exc, AssertionError):
            return None, hint("match_refused", _("{what} raised AssertionError on a checkpoint saved from a Line. "
                                                 "The saved paths start with the keyword the lesson saved with: "
                                                 "model/w, model/b, model/calls.").format(what=what),
                              _("{what}: restore with tk.train.Checkpoint(model=...), the same keyword as when it "
                                "was saved.").format(what=what))
        return None, crashed(exc, what)
    if not all(is_variable(getattr(model, name, None)) for name in ("w", "b", "calls")):
        return None, hint("not_a_line", _("{what} returned a {kind}, not a Line: make a new Line, restore into it and "
                                          "return it.").format(what=what, kind=type(model).__name__))
    return [float(model.w.numpy()), float(model.b.numpy()), float(model.calls.numpy())], None


def _judge_restores(restore_line, folder, rng) -> Feedback | None:
    shown = {"w": 3.0, "b": -2.0, "calls": 4}
    held_back = {"w": float(rng.uniform(-5, 5)), "b": float(rng.uniform(-5, 5)), "calls": int(rng.integers(5, 50))}
    for name, values in (("shown", shown), ("held_back", held_back)):
        path = _saved(_saved_module("w"), folder, name, values)
        got, verdict = _restored_values(restore_line, path, "restore_line(path)")
        if verdict is not None:
            return verdict
        if not _close(got, list(values.values())):
            return hint("not_restored", _("the Line restore_line returned does not hold the values saved at path (a "
                                          "checkpoint the lesson does not show): it has w = {w:.4g}, b = {b:.4g}. "
                                          "Restore the checkpoint at path into the new Line.").format(w=got[0],
                                                                                                      b=got[1]),
                        _("make the Line, then tk.train.Checkpoint(model=line).restore(path), and return line."))
    return None


@exercise(answer=lambda: _RESTORE_ANSWER)
def check_restore_line(restore_line) -> Feedback:
    """Exercise 6: ``restore_line(path)`` returns a new Line with the values saved at ``path`` and raises
    AssertionError when the checkpoint does not fit a Line.

    Checked on checkpoints it saves itself: the lesson's values, held-back random ones, and one saved from a
    module whose ``w`` is called ``weight`` (restoring it must raise).
    """
    if not callable(restore_line):
        return hint("not_callable", _("pass the function itself: check_restore_line(restore_line)."))
    with tempfile.TemporaryDirectory() as folder:
        verdict = _judge_restores(restore_line, folder, np.random.default_rng())
        if verdict is not None:
            return verdict
        path = _saved(_saved_module("weight"), folder, "renamed", {"weight": 1.5, "b": 0.5})
        _model, exc = call_safely(restore_line, path)
    if exc is None:
        return hint("silent_mismatch", _("a checkpoint saved from a model whose weight is called `weight` (not `w`) "
                                         "gave back a Line without a word: its w kept its first value. restore_line "
                                         "must raise when the checkpoint does not match."),
                    _("restore(path) returns a status; its assert_consumed() raises AssertionError when a saved "
                      "value or a variable is left over."))
    return correct(_("Two Lines got their saved values back, and a checkpoint of another structure was refused."))


_RESTORE_ANSWER = """def restore_line(path):
    restored = Line()
    tk.train.Checkpoint(model=restored).restore(path).assert_consumed()
    return restored"""
