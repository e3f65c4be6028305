"""Exercises for lesson 06 (models and training)."""

import numpy as np

import tapekit as tk

from ._check import (
    Feedback,
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
)

# ---- Exercise 1: the training loop ------------------------------------------------------------

# The check trains its own line y = w * x + b on points of y = 2x + 1, from w = 0.5, b = -0.5.
LOOP_X = [-1.0, -0.5, 0.0, 0.5, 1.0, 1.5]
LOOP_Y = [2.0 * x + 1.0 for x in LOOP_X]
LOOP_START = (0.5, -0.5)
LOOP_LEARNING_RATE = 0.1
LOOP_STEPS = 15


def _descend(steps, learning_rate=LOOP_LEARNING_RATE, reduce=np.mean, sign=1.0):
    """Plain gradient descent on the check's data, in float64: (w, b, losses before each update)."""
    x, y = np.array(LOOP_X), np.array(LOOP_Y)
    w, b = LOOP_START
    losses = []
    for _ in range(steps):
        error = w * x + b - y
        losses.append(float(reduce(error ** 2)))
        grad_w, grad_b = reduce(2.0 * error * x), reduce(2.0 * error)
        w, b = w - sign * learning_rate * grad_w, b - sign * learning_rate * grad_b
    return w, b, losses


def _line_model():
    """A fresh module ``y = w * x + b`` (scalar variables) for the check to train."""
    class CheckedLine(tk.Module):
        def __init__(self):
            super().__init__(name="line")
            self.w = tk.Variable(LOOP_START[0], name="w")
            self.b = tk.Variable(LOOP_START[1], name="b")

        def __call__(self, x):
            return self.w * x + self.b

    return CheckedLine()


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


@exercise
def check_training_loop(train) -> Feedback:
    """Exercise 1: ``train(model, x, y, learning_rate, steps)`` runs ``steps`` steps of gradient descent on the
    mean squared error, updating ``model.trainable_variables`` in place, and returns one loss per step."""
    if not callable(train):
        return hint("not_callable", "pass the function itself: check_training_loop(train).")
    model = _line_model()
    variables = (model.w, model.b)
    x, y = tk.constant(LOOP_X), tk.constant(LOOP_Y)
    what = f"train(model, x, y, {LOOP_LEARNING_RATE}, {LOOP_STEPS})"
    losses, exc = call_safely(train, model, x, y, LOOP_LEARNING_RATE, LOOP_STEPS)
    if exc is not None:
        if none_gradient_error(exc):
            return hint("none_gradient", f"{what} failed on a None gradient ({type(exc).__name__}: "
                                         f"{str(exc).splitlines()[0]}). Compute the loss inside the with-block, "
                                         "and update with var.assign_sub(...): after `var = var - ...` the name "
                                         "holds a tensor that the next tape does not watch.")
        return crashed(exc, what)
    if not all(isinstance(getattr(model, name), tk.Variable) for name in ("w", "b")):
        return hint("replaced", "after training, model.w or model.b is no longer a tk.Variable: "
                                "`model.w = model.w - ...` replaces the variable with a tensor. Update in place: "
                                "var.assign_sub(learning_rate * grad).")
    if losses is None:
        return hint("no_losses", "train returned None: collect the loss of every step in a list and return it.")
    values = _as_floats(losses)
    if values is None:
        return hint("losses_type", f"train returned a {kind_of(losses)}; return a list with one number per step "
                                   "(float(loss) of each step).")
    w, b = float(variables[0].numpy()), float(variables[1].numpy())
    if _close([w, b], LOOP_START):
        return hint("not_updated", "the model's variables still have their first values. `var = var - ...` only "
                                   "gives the name var a new tensor; update the variable itself with "
                                   "var.assign_sub(learning_rate * grad).")
    ref_w, ref_b, ref_losses = _descend(LOOP_STEPS)
    if not _close([w, b], [ref_w, ref_b]):
        return _wrong_variables(w, b, ref_w, ref_b)
    if len(values) != LOOP_STEPS:
        return hint("losses_length", f"train returned {len(values)} losses for {LOOP_STEPS} steps; append one "
                                     "loss per step.")
    after_update = ref_losses[1:] + [_descend(LOOP_STEPS + 1)[2][-1]]
    if not (_close(values, ref_losses) or _close(values, after_update)):
        return hint("loss_values", f"the variables are right, but the losses are not the mean squared errors of "
                                   f"the steps: the first one should be {ref_losses[0]:.4g}, and you returned "
                                   f"{values[0]:.4g}. Append float(loss) of each step.")
    return correct(f"{LOOP_STEPS} steps took the loss from {values[0]:.4g} to {values[-1]:.4g}; "
                   f"w = {w:.3f}, b = {b:.3f} (the best line is w = 2, b = 1).")


def _mse_at(w, b) -> float:
    return float(np.mean((w * np.array(LOOP_X) + b - np.array(LOOP_Y)) ** 2))


def _wrong_variables(w, b, ref_w, ref_b) -> Feedback:
    """The hint for trained variables that are not where gradient descent takes them."""
    if not np.isfinite([w, b]).all() or _mse_at(w, b) > _mse_at(*LOOP_START):
        if _close([w, b], _descend(LOOP_STEPS, sign=-1.0)[:2]):
            return hint("wrong_sign", "the loss grows: the update goes uphill. The gradient points to where the "
                                      "loss grows, so subtract it: var.assign_sub(learning_rate * grad).")
        return hint("diverged", "training made the loss larger: check the sign of the update, and use the "
                                "learning_rate passed to train.")
    if _close([w, b], _descend(LOOP_STEPS, reduce=np.sum)[:2]):
        return hint("sum_loss", "your loss is the sum of the squared errors; use their mean (tk.reduce_mean), so "
                                "that the step size does not depend on the number of points.")
    for steps in (LOOP_STEPS - 1, LOOP_STEPS + 1):
        if _close([w, b], _descend(steps)[:2]):
            return hint("steps", f"the variables are where {steps} steps take them, not {LOOP_STEPS}: run the "
                                 "training step exactly `steps` times.")
    return hint("values", f"after {LOOP_STEPS} steps at learning rate {LOOP_LEARNING_RATE} from w = "
                          f"{LOOP_START[0]}, b = {LOOP_START[1]}, gradient descent on the mean squared error gives "
                          f"w = {ref_w:.4f}, b = {ref_b:.4f}; yours gives w = {w:.4f}, b = {b:.4f}. Use the x, y, "
                          "learning_rate and steps passed to train.")


# ---- Exercise 2: five broken loops --------------------------------------------------------------

BUGS = ("variable_replaced_by_tensor", "loss_outside_tape", "wrong_sign", "learning_rate_too_large", "integer_data")
BUG_OF_LOOP = {"A": "wrong_sign", "B": "integer_data", "C": "variable_replaced_by_tensor",
               "D": "learning_rate_too_large", "E": "loss_outside_tape"}
_ALIASES = {"variable_replaced": "variable_replaced_by_tensor", "replaced_variable": "variable_replaced_by_tensor",
            "w_=_w_-_...": "variable_replaced_by_tensor", "learning_rate": "learning_rate_too_large",
            "integer": "integer_data", "int_data": "integer_data", "sign": "wrong_sign"}

_EXPLAIN = {
    "wrong_sign": "{loop} adds the gradient (w.assign_add): every step goes uphill, so the loss grows at every "
                  "step. An update subtracts the gradient: w.assign_sub(learning_rate * grad).",
    "integer_data": "{loop} writes its data as whole numbers, so x and y are int32, while w is float32. "
                    "Tensors of different dtypes do not mix: w * x raises InvalidArgumentError at the first "
                    "step. Write the data as floats, [1.0, 2.0, 3.0, 4.0], or cast them with "
                    "tk.cast(x, tk.float32).",
    "variable_replaced_by_tensor": "{loop} updates with `w = w - ...`. After the first step the name w holds a "
                                   "plain tensor, which the next tape does not watch: from the second step on the "
                                   "gradient is None. Update in place: w.assign_sub(learning_rate * grad).",
    "learning_rate_too_large": "{loop}'s learning rate is too large for this loss. Each step jumps over the "
                               "minimum (w = 3) and lands farther away on the other side, so the gradient changes "
                               "sign at every step and the loss grows. A smaller rate (0.05, as in the other "
                               "loops) converges.",
    "loss_outside_tape": "{loop} computes the loss after the with-block. The tape recorded only w * x, not the "
                         "loss, so the gradient is None at the very first step. Compute the loss inside the "
                         "with-block.",
}


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
    _, exc = call_safely(loop, history)
    lines = []
    for step, entry in enumerate(history):
        loss, grad = entry
        lines.append(f"step {step}: loss {_number(loss)}, gradient {'None' if grad is None else _number(grad)}")
    if exc is not None:
        first = str(exc).splitlines()[0].strip() if str(exc) else ""
        lines.append(f"{'then ' if history else 'step 0: '}it raised {type(exc).__name__}: {first}")
    return lines


def _reveal(loops) -> str:
    parts = ["What tape.gradient returned in each loop, step by step:"]
    for key in sorted(loops):
        lines = _run_loop(loops[key])
        parts.append(f"  {key}  " + ("\n     ".join(lines) if lines else "(no step ran)"))
    return "\n" + "\n".join(parts)


@exercise
def check_broken_loops(answer, loops=None) -> Feedback:
    """Exercise 2: ``answer`` maps each loop ("A" ... "E") to the name of its bug (one of ``BUGS``).

    Given ``loops`` (a dict of the notebook's loop functions, each taking a ``history`` list), the
    verdict then shows what each loop did, step by step: the truth comes only after the answer.
    """
    if not isinstance(answer, dict):
        return hint("not_dict", f"`answer` is a {kind_of(answer)}; write a dict like {{'A': 'wrong_sign', ...}}.")
    missing = sorted(set(BUG_OF_LOOP) - set(answer))
    if missing:
        return hint("missing", f"no bug named for loop(s) {missing}: name one for each of A, B, C, D and E.")
    names = {key: _bug_name(answer[key]) for key in BUG_OF_LOOP}
    for key in sorted(names):
        if names[key] not in BUGS:
            return hint("unknown_bug", f"{answer[key]!r} (loop {key}) is not one of the bug names; use one of "
                                       f"{', '.join(BUGS)}.")
    revealed = _reveal(loops) if loops else ""
    for key in sorted(BUG_OF_LOOP):
        if names[key] != BUG_OF_LOOP[key]:
            message = f"loop {key} is not {names[key]}. " + _EXPLAIN[BUG_OF_LOOP[key]].format(loop=f"Loop {key}")
            if list(names.values()).count(names[key]) > 1:
                message += f" (You named {names[key]} for two loops; each bug appears in exactly one.)"
            return hint(f"wrong_{key}", message + revealed)
    return correct("five loops, five different bugs. Two of them (A and D) raise no error at all: only the "
                   "loss shows them. Always look at the loss, and at None gradients." + revealed)


# ---- Exercise 3: accuracy -----------------------------------------------------------------------

@exercise
def check_accuracy(accuracy) -> Feedback:
    """Exercise 3: ``accuracy(labels, logits)`` returns the fraction (float32 scalar) of rows whose
    largest logit is at the label's index."""
    if not callable(accuracy):
        return hint("not_callable", "pass the function itself: check_accuracy(accuracy).")
    logits = np.array([[2.0, 0.1, -1.0], [0.0, 3.0, 0.5], [1.0, 0.2, 4.0], [0.3, 0.1, 0.0], [1.0, 2.0, 0.0]],
                      dtype=np.float32)
    labels = np.array([0, 1, 1, 2, 1], dtype=np.int32)
    hits = logits.argmax(axis=1) == labels
    result, exc = call_safely(accuracy, tk.constant(labels), tk.constant(logits))
    if exc is not None:
        return crashed(exc, "accuracy(labels, logits)")
    if shape_of(result) == (5,):
        return hint("not_reduced", "that is one value per example; average them into one number.")
    if shape_of(result) != ():
        return hint("shape", f"the result has shape {shape_of(result)}; return one number.")
    dtype = dtype_name(result)
    if dtype and dtype.startswith(("int", "uint")) or dtype == "bool":
        return hint("int_mean", "the mean of integers stays an integer (it truncates to 0 here): cast the "
                                "hits to tk.float32 before tk.reduce_mean.")
    if same_values(result, hits.sum()):
        return hint("count", "that is the number of correct rows; divide by the number of rows.")
    if same_values(result, 1.0 - hits.mean()):
        return hint("inverted", "that is the error rate: count rows where argmax equals the label.")
    if not same_values(result, hits.mean()):
        return hint("values", f"expected {hits.mean():g}: take tk.argmax(logits, axis=1), compare with the "
                              "labels, cast to float32 and average.")
    return correct(f"accuracy {hits.mean():g} on the test batch.")
