"""Exercises for lesson 06 (models and training)."""

import numpy as np

from .._base.i18n import _
from ._check import (
    Feedback,
    is_variable,
    call_safely,
    correct,
    crashed,
    dtype_name,
    exercise,
    hint,
    kind_of,
    none_gradient_error,
    same_values,
    shape_of,
    shape_text,
    student_constant,
    values_of,
    wrong_shape,
)
from ._descent import LoopCase, line_model
from ._predict import prediction_values
# exercises 5 and 6 (a step in tk.function, a checkpoint) live in lesson06_state; the lesson imports them from here
from .lesson06_state import check_restore_line as check_restore_line
from .lesson06_state import check_train_step as check_train_step

# ---- Exercise 1: the training loop ------------------------------------------------------------

# The check trains its own lines y = w * x + b: the lesson's case (points of y = 2x + 1, from w = 0.5,
# b = -0.5, 15 steps of 0.1), then a held-back one with other data, start, rate and number of steps.
LOOP_X = [-1.0, -0.5, 0.0, 0.5, 1.0, 1.5]
LOOP_CASES = (LoopCase(LOOP_X, [2.0 * x + 1.0 for x in LOOP_X], (0.5, -0.5), 0.1, 15),
              LoopCase([0.0, 1.0, 2.0, 3.0, -2.0], [3.0, 2.5, 2.0, 1.5, 4.0], (1.0, 0.0), 0.05, 7))


def _as_floats(losses):
    """The losses as a list of floats, or None when they cannot be read as one number per step."""
    if losses is None or isinstance(losses, (str, bytes, dict)):
        return None
    try:
        values = [float(np.asarray(v.numpy() if hasattr(v, "numpy") else v)) for v in losses]
    except (TypeError, ValueError):
        return None
    return values


def _close(got, want) -> bool:
    return bool(np.allclose(np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64),
                            rtol=2e-3, atol=2e-4))


def _train_crashed(exc, what) -> Feedback:
    if none_gradient_error(exc):
        return hint("none_gradient", _("{what} failed on a None gradient ({exc}: {exc2}). A gradient is None when "
                                       "the tape did not record the path from the variable to the loss.").format(
                                         what=what, exc=type(exc).__name__, exc2=str(exc).splitlines()[0]),
                    _("{what} failed on a None gradient. Compute the loss inside the with-block, and update with "
                      "var.assign_sub(...): after `var = var - ...` the name holds a tensor that the next tape does "
                      "not watch.").format(what=what))
    return crashed(exc, what)


def _train_once(train, case):
    """Run ``train`` on ``case``: (model, losses, None) or (None, None, a failing verdict)."""
    model = line_model(case.start)
    what = f"train(model, x, y, {case.learning_rate}, {case.steps})"
    x, y = student_constant(case.x), student_constant(case.y)
    losses, exc = call_safely(train, model, x, y, case.learning_rate, case.steps)
    if exc is not None:
        return None, None, _train_crashed(exc, what)
    if not all(is_variable(getattr(model, name)) for name in ("w", "b")):
        return None, None, hint("replaced", _("after training, model.w or model.b is no longer a Variable: "
                                              "`model.w = model.w - ...` replaces the variable with a tensor. Update "
                                              "the variable in place."),
                                _("update in place: var.assign_sub(learning_rate * grad)."))
    if losses is None:
        return None, None, hint("no_losses", _("train returned None: collect the loss of every step in a list and "
                                               "return it."))
    return model, losses, None


@exercise(answer=lambda: _TRAIN_ANSWER)
def check_training_loop(train) -> Feedback:
    """Exercise 1: ``train(model, x, y, learning_rate, steps)`` runs ``steps`` steps of gradient descent on the
    mean squared error, updating ``model.trainable_variables`` in place, and returns one loss per step.

    Checked on the lesson's line and on a held-back one (other data, start, rate and step count).
    """
    if not callable(train):
        return hint("not_callable", _("pass the function itself: check_training_loop(train)."))
    for case in LOOP_CASES:
        model, losses, verdict = _train_once(train, case)
        if verdict is None:
            verdict = _judge_training(case, model, losses)
        if verdict is not None:
            return verdict
    case = LOOP_CASES[0]
    first, last = case.descend()[2][0], case.descend(case.steps + 1)[2][-1]
    return correct(_("{loop_steps} steps took the loss from {values:.4g} to {values2:.4g} (the best line is w = 2, "
                     "b = 1), and a held-back line with another rate and step count trained as well.").format(
                       loop_steps=case.steps, values=first, values2=last))


def _judge_training(case, model, losses) -> Feedback | None:
    """None when ``train`` did on ``case`` what gradient descent does, else the hint."""
    values = _as_floats(losses)
    if values is None:
        return hint("losses_type", _("train returned a {kind}; return a list with one number per step (float(loss) "
                                     "of each step).").format(kind=kind_of(losses)))
    w, b = float(model.w.numpy()), float(model.b.numpy())
    if _close([w, b], case.start):
        return hint("not_updated", _("the model's variables still have their first values: `var = var - ...` only "
                                     "gives the name var a new tensor."),
                    _("update the variable itself: var.assign_sub(learning_rate * grad)."))
    ref_w, ref_b, ref_losses = case.descend()
    if not _close([w, b], [ref_w, ref_b]):
        return _wrong_variables(case, w, b)
    if len(values) != case.steps:
        return hint("losses_length", _("train returned {values} losses for {loop_steps} steps; append one loss per "
                                       "step.").format(values=len(values), loop_steps=case.steps))
    after_update = ref_losses[1:] + [case.descend(case.steps + 1)[2][-1]]
    if not (_close(values, ref_losses) or _close(values, after_update)):
        step = next(i for i, (got, want) in enumerate(zip(values, ref_losses)) if not _close(got, want))
        return hint("loss_values", _("the variables are right, but from step {step} on the losses are not the mean "
                                     "squared errors of the steps (you returned {value:.4g} there). Append "
                                     "float(loss) of each step, the loss the tape differentiated.").format(
                                       step=step, value=values[step]))
    return None


def _wrong_variables(case, w, b) -> Feedback:
    """The hint for trained variables that are not where gradient descent takes them."""
    if not np.isfinite([w, b]).all() or case.mse_at(w, b) > case.mse_at(*case.start):
        if _close([w, b], case.descend(sign=-1.0)[:2]):
            return hint("wrong_sign", _("the loss grows: the update goes uphill. The gradient points to where the "
                                        "loss grows."),
                        _("subtract the gradient: var.assign_sub(learning_rate * grad)."))
        return hint("diverged", _("training made the loss larger: check the sign of the update, and use the "
                                  "learning_rate passed to train."))
    if _close([w, b], case.descend(reduce=np.sum)[:2]):
        return hint("sum_loss", _("your loss is the sum of the squared errors; use their mean (tk.reduce_mean), so "
                                  "that the step size does not depend on the number of points."))
    for steps in (case.steps - 1, case.steps + 1):
        if _close([w, b], case.descend(steps)[:2]):
            return hint("steps", _("the variables are where {steps} steps take them, not {loop_steps}: run the "
                                   "training step exactly `steps` times.").format(
                                     steps=steps, loop_steps=case.steps))
    for other in LOOP_CASES:
        if other is not case and _close([w, b], case.descend(other.steps, other.learning_rate)[:2]):
            return hint("fixed_arguments", _("on a line the lesson does not show, with learning_rate={rate} and "
                                             "steps={steps}, your train ran {other_steps} steps of {other_rate}: it "
                                             "ignores its arguments. Use the learning_rate and steps passed to "
                                             "train.").format(rate=case.learning_rate, steps=case.steps,
                                                              other_steps=other.steps,
                                                              other_rate=other.learning_rate))
    return hint("values", _("after {loop_steps} steps at learning rate {loop_learning_rate} from w = {loop_start}, b "
                            "= {loop_start2}, your variables are not where gradient descent on the mean squared error "
                            "takes them (w = {w:.4f}, b = {b:.4f}). Use the x, y, learning_rate and steps passed to "
                            "train.").format(
                              loop_steps=case.steps, loop_learning_rate=case.learning_rate, loop_start=case.start[0],
                              loop_start2=case.start[1], w=w, b=b))


_TRAIN_ANSWER = """def train(model, x, y, learning_rate, steps):
    losses = []
    for step in range(steps):
        with tk.GradientTape() as tape:
            loss = tk.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        for var, grad in zip(model.trainable_variables, grads):
            var.assign_sub(learning_rate * grad)
        losses.append(float(loss))
    return losses"""


# ---- Exercise 2: five broken loops --------------------------------------------------------------

BUGS = ("variable_replaced_by_tensor", "loss_outside_tape", "wrong_sign", "learning_rate_too_large", "integer_data")
BUG_OF_LOOP = {"A": "wrong_sign", "B": "integer_data", "C": "variable_replaced_by_tensor",
               "D": "learning_rate_too_large", "E": "loss_outside_tape"}
_ALIASES = {"variable_replaced": "variable_replaced_by_tensor", "replaced_variable": "variable_replaced_by_tensor",
            "w_=_w_-_...": "variable_replaced_by_tensor", "learning_rate": "learning_rate_too_large",
            "integer": "integer_data", "int_data": "integer_data", "sign": "wrong_sign"}

def _explain(bug: str, loop: str) -> str:
    """What bug ``bug`` does in ``loop`` ("Loop A"), in the language in use."""
    texts = {
        "wrong_sign": _("{loop} adds the gradient (w.assign_add): every step goes uphill, so the loss grows at every "
                        "step. An update subtracts the gradient: w.assign_sub(learning_rate * grad)."),
        "integer_data": _("{loop} writes its data as whole numbers, so x and y are int32, while w is float32. "
                          "Tensors of different dtypes do not mix: w * x raises InvalidArgumentError at the first "
                          "step. Write the data as floats, [1.0, 2.0, 3.0, 4.0], or cast them with "
                          "tk.cast(x, tk.float32)."),
        "variable_replaced_by_tensor": _("{loop} updates with `w = w - ...`. After the first step the name w holds a "
                                         "plain tensor, which the next tape does not watch: from the second step on "
                                         "the gradient is None. Update in place: w.assign_sub(learning_rate * "
                                         "grad)."),
        "learning_rate_too_large": _("{loop}'s learning rate is too large for this loss. Each step jumps over the "
                                     "minimum (w = 3) and lands farther away on the other side, so the gradient "
                                     "changes sign at every step and the loss grows. A smaller rate (0.05, as in the "
                                     "other loops) converges."),
        "loss_outside_tape": _("{loop} computes the loss after the with-block. The tape recorded only w * x, not the "
                               "loss, so the gradient is None at the very first step. Compute the loss inside the "
                               "with-block."),
    }
    return texts[bug].format(loop=loop)


def _bug_name(given):
    if not isinstance(given, str):
        return None
    name = given.strip().lower().replace("-", "_").replace(" ", "_")
    return _ALIASES.get(name, name)


def _number(value) -> str:
    return f"{float(np.asarray(value.numpy() if hasattr(value, 'numpy') else value)):.6g}"


def _run_loop(loop) -> list[str]:
    """What one loop did: a line per step (loss and gradient), then the error it raised, if any."""
    history: list = []
    _result, exc = call_safely(loop, history)
    lines = []
    for step, entry in enumerate(history):
        loss, grad = entry
        lines.append(_("step {step}: loss {loss}, gradient {gradient}").format(
            step=step, loss=_number(loss), gradient="None" if grad is None else _number(grad)))
    if exc is not None:
        first = str(exc).splitlines()[0].strip() if str(exc) else ""
        raised = _("then it raised {error}: {line}") if history else _("step 0: it raised {error}: {line}")
        lines.append(raised.format(error=type(exc).__name__, line=first))
    return lines


def _reveal(loops) -> str:
    parts = [_("What tape.gradient returned in each loop, step by step:")]
    for key in sorted(loops):
        lines = _run_loop(loops[key])
        parts.append(f"  {key}  " + ("\n     ".join(lines) if lines else _("(no step ran)")))
    return "\n" + "\n".join(parts)


def _clue(bug: str, loop: str) -> str:
    """A question that leads to ``bug`` in ``loop`` without naming it, in the language in use."""
    clues = {
        "wrong_sign": _("which way does {loop}'s update move w: against the gradient, or with it?"),
        "integer_data": _("what dtype do {loop}'s x and y have, and can they be multiplied by a float32 w?"),
        "variable_replaced_by_tensor": _("after {loop}'s first update, is the name w still a Variable?"),
        "learning_rate_too_large": _("compare {loop}'s learning rate with the other loops', and follow the sign of "
                                     "its gradient from step to step."),
        "loss_outside_tape": _("where does {loop} compute its loss: inside the with-block, or after it?"),
    }
    return clues[bug].format(loop=loop)


def _loops_answer() -> str:
    return "\n".join(f"{key}: {BUG_OF_LOOP[key]}. " + _explain(BUG_OF_LOOP[key], _("Loop {key}").format(key=key))
                     for key in sorted(BUG_OF_LOOP))


@exercise(answer=_loops_answer)
def check_broken_loops(answer, loops=None) -> Feedback:
    """Exercise 2: ``answer`` maps each loop ("A" ... "E") to the name of its bug (one of ``BUGS``).

    A wrong answer is told which loops are wrong (then, on the next try, a question about the first
    of them), never which bug they have. Given ``loops`` (a dict of the notebook's loop functions,
    each taking a ``history`` list), a correct answer also shows what each loop did, step by step.
    """
    if not isinstance(answer, dict):
        return hint("not_dict", _("`answer` is a {kind}; write a dict like {{'A': 'wrong_sign', ...}}.").format(
                                    kind=kind_of(answer)))
    missing = sorted(set(BUG_OF_LOOP) - set(answer))
    if missing:
        return hint("missing", _("no bug named for loop(s) {missing}: name one for each of A, B, C, D and E.").format(
                                   missing=missing))
    names = {key: _bug_name(answer[key]) for key in BUG_OF_LOOP}
    for key in sorted(names):
        if names[key] not in BUGS:
            return hint("unknown_bug", _("{answer!r} (loop {key}) is not one of the bug names; use "
                                         "one of {bugs}.").format(
                                           answer=answer[key], key=key, bugs=', '.join(BUGS)))
    wrong = [key for key in sorted(BUG_OF_LOOP) if names[key] != BUG_OF_LOOP[key]]
    if wrong:
        told = _("{count} of 5 are wrong: loop(s) {wrong}.").format(count=len(wrong), wrong=", ".join(wrong))
        twice = sorted({names[key] for key in wrong if list(names.values()).count(names[key]) > 1})
        if twice:
            told += " " + _("(You named {bug} for two loops; each bug appears in exactly one.)").format(
                bug=", ".join(twice))
        first = wrong[0]
        return hint("wrong_" + first, told + " " + _("Run them and look at the loss and the gradient of each step."),
                    told + " " + _("Loop {key}: {clue}").format(key=first, clue=_clue(BUG_OF_LOOP[first],
                                                                                      _("loop {key}").format(
                                                                                          key=first))))
    revealed = _reveal(loops) if loops else ""
    return correct(_("five loops, five different bugs. Two of them (A and D) raise no error at all: only the "
                     "loss shows them. Always look at the loss, and at None gradients.") + revealed)


# ---- Exercise 3: accuracy -----------------------------------------------------------------------

# the lesson's batch, then a held-back one (8 rows, 4 classes)
ACCURACY_CASES = (
    (np.array([[2.0, 0.1, -1.0], [0.0, 3.0, 0.5], [1.0, 0.2, 4.0], [0.3, 0.1, 0.0], [1.0, 2.0, 0.0]]),
     np.array([0, 1, 1, 2, 1])),
    (np.array([[0.1, 0.9, -0.3, 0.0], [1.5, 0.2, 0.3, -1.0], [0.0, 0.0, 0.2, 2.1], [-0.5, 0.4, 1.9, 0.3],
               [0.7, 0.6, 0.5, 0.4], [-1.0, -2.0, -0.5, -3.0], [0.2, 2.2, 0.1, 0.0], [3.0, 1.0, 2.0, 0.5]]),
     np.array([1, 0, 3, 1, 0, 2, 3, 0])),
)


def _accuracy_on(accuracy, logits, labels) -> Feedback | None:
    """None when ``accuracy`` is right on this batch, else the hint."""
    hits = logits.argmax(axis=1) == labels
    result, exc = call_safely(accuracy, student_constant(labels, "int32"), student_constant(logits))
    if exc is not None:
        return crashed(exc, _("accuracy(labels, logits)"))
    if shape_of(result) == labels.shape:
        return hint("not_reduced", _("that is one value per example; average them into one number."))
    if shape_of(result) != ():
        return wrong_shape(_("the result"), shape_of(result) or (), ())
    dtype = dtype_name(result)
    if dtype and dtype.startswith(("int", "uint")) or dtype == "bool":
        return hint("int_mean", _("the result is {dtype}: the mean of integers stays an integer (it "
                                  "truncates).").format(dtype=dtype),
                    _("cast the hits to tk.float32 before tk.reduce_mean."))
    if dtype != "float32" and same_values(result, hits.mean()):
        return hint("dtype", _("the fraction is right, but it is a {kind} of dtype {dtype}: return a float32 "
                               "tensor, as tk.reduce_mean of float32 hits gives.").format(
                                 kind=kind_of(result), dtype=dtype or values_of(result).dtype.name))
    if same_values(result, hits.sum()):
        return hint("count", _("that is the number of correct rows; divide by the number of rows."))
    if same_values(result, 1.0 - hits.mean()):
        return hint("inverted", _("that is the error rate: count rows where argmax equals the label."))
    if not same_values(result, hits.mean()):
        return hint("values", _("on a batch of {rows} rows you returned {got}: compare the index of each row's "
                                "largest logit with its label, and average the hits.").format(
                                  rows=labels.size, got=np.round(values_of(result), 4).tolist()),
                    _("take tk.argmax(logits, axis=1), compare it with the labels, cast to float32 and average."))
    return None


@exercise(answer=lambda: _ACCURACY_ANSWER)
def check_accuracy(accuracy) -> Feedback:
    """Exercise 3: ``accuracy(labels, logits)`` returns the fraction (float32 scalar) of rows whose
    largest logit is at the label's index. Checked on the lesson's batch and on a held-back one."""
    if not callable(accuracy):
        return hint("not_callable", _("pass the function itself: check_accuracy(accuracy)."))
    for logits, labels in ACCURACY_CASES:
        verdict = _accuracy_on(accuracy, logits.astype(np.float32), labels)
        if verdict is not None:
            return verdict
    logits, labels = ACCURACY_CASES[0]
    return correct(_("accuracy {hits:g} on the test batch, and right on a batch you have not seen.").format(
        hits=(logits.argmax(axis=1) == labels).mean()))


_ACCURACY_ANSWER = """def accuracy(labels, logits):
    hits = tk.equal(tk.argmax(logits, axis=1, output_type=labels.dtype), labels)
    return tk.reduce_mean(tk.cast(hits, tk.float32))"""


# Exercise 4: the gradient that reaches b of a fresh Line (w = b = 0) under the mean squared error
STEP_X = [1.0, 2.0, 3.0]
STEP_TARGET = [1.0, 1.0, 1.0]


def step_bias_truth() -> float:
    """dloss/db for loss = mean((w·x + b − target)²) at w = b = 0: the mean of 2·(error)."""
    errors = 0.0 * np.asarray(STEP_X) - np.asarray(STEP_TARGET)
    return float(np.mean(2.0 * errors))


def _step_bias_hint(got: float) -> Feedback | None:
    errors = -np.asarray(STEP_TARGET)
    share = 2.0 * errors / len(STEP_X)
    if np.isclose(got, share[0]):
        return hint("no_sum", _("that is the gradient from ONE example. b is added to all 3 predictions, and the "
                                "3 gradients add up at b."))
    if np.isclose(got, -step_bias_truth()):
        return hint("sign", _("check the sign: the predictions (0) are below the targets (1), so a larger b "
                              "makes the loss smaller."))
    if np.isclose(got, float(np.sum(share * np.asarray(STEP_X)))):
        return hint("that_is_w", _("that is the gradient of w: b's path has no factor x."))
    if np.isclose(got, float(np.sum(2.0 * errors))):
        return hint("no_mean", _("reduce_mean divides by the number of examples, 3: each example's gradient has "
                                 "that factor."))
    return None


@exercise(answer=lambda: _("predicted_b_grad = {value:g}").format(value=step_bias_truth()) + "\n"
          + _("each of the 3 examples sends 2·(0 − 1)/3 to b, and the 3 add up."))
def check_step_bias(prediction) -> Feedback:
    """Exercise 4: one number, or the player (``TapePlayer(..., ask=Ask.gradient(fresh.b))``) once answered."""
    got, verdict = prediction_values(prediction, "gradient")
    if verdict is not None:
        return verdict
    if got.size != 1:
        return hint("shape", _("b is a scalar, so its gradient is one number, not shape {shape}.").format(
                                 shape=shape_text(got.shape)))
    got = float(got.reshape(()))
    if np.isclose(got, step_bias_truth(), rtol=1e-5, atol=1e-6):
        return correct(_("b is added to every prediction, so the 3 examples' gradients add up at b."))
    known = _step_bias_hint(got)
    if known is not None:
        return known
    return hint("values", _("not right. Start at the loss: what gradient reaches each prediction, and how many "
                            "predictions use b?"),
                _("loss = mean(error²) sends 2·error/3 to each prediction; add them up."))
