"""Exercises for lesson 08 (inside the tape)."""

import numpy as np

import tapekit as tk

from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    forbidden,
    framework,
    hint,
    none_gradient_error,
    same_values,
    shape_text,
    student_constant,
    tape_routes,
    values_of,
)
from ._predict import prediction_values
from .minitape import DeadEnd, Record, Value, guarded, mini_tape_events, reference_walk

__all__ = ["check_backward_walk", "check_clip_gradient", "check_mini_divide", "check_reverse_prediction",
           "check_training", "mini_tape_events"]

# (x, upstream gradient): none is shown in the lesson; the second is a matrix
CLIP_CASES = (([0.5, -2.0, 3.0, 0.0], [4.0, -0.5, -3.0, 1.0]),
              ([[1.5, -0.25], [2.0, -7.0]], [[-2.5, 0.75], [1.0, 9.0]]))


def _clip_on(clip_gradient, x0, upstream) -> Feedback | None:
    """None when ``clip_gradient`` passes ``x0`` through and clips ``upstream``, else the hint."""
    fw = framework()
    x0, upstream = np.array(x0, dtype=np.float32), np.array(upstream, dtype=np.float32)
    x = student_constant(x0)
    total = None
    with fw.GradientTape() as tape:
        tape.watch(x)
        result, exc = call_safely(clip_gradient, x)
        if exc is None and result is not None and not isinstance(result, tuple):
            total, exc = call_safely(lambda: fw.reduce_sum(result * upstream))
    if exc is not None:
        return crashed(exc, _("clip_gradient(x)"))
    if result is None:
        return hint("none", _("clip_gradient returned None: return (y, grad_fn) from the decorated function."))
    if isinstance(result, tuple):
        return hint("not_decorated", _("the call returned a tuple: decorate the function with @tk.custom_gradient, "
                                       "which turns (y, grad_fn) into y with a custom gradient."))
    if same_values(result, np.clip(x0, -1.0, 1.0)) and not same_values(result, x0):
        return hint("clipped_value", _("the value was clipped; the forward pass must return x unchanged and only "
                                       "the gradient is clipped."))
    if not same_values(result, x0):
        return hint("value", _("the value is {values_of}; it must equal x.").format(
                                 values_of=values_of(result).tolist()))
    gradient, exc = call_safely(tape.gradient, total, x)
    if none_gradient_error(exc):
        gradient, exc = None, None
    if exc is not None:
        return crashed(exc, _("the gradient function"))
    if gradient is None:
        return hint("no_gradient", _("the gradient is None: grad_fn must return a tensor for x (and y must be "
                                     "computed from x, e.g. tk.identity(x))."))
    got = values_of(gradient)
    if same_values(got, upstream):
        return hint("not_clipped", _("the gradient passes unchanged: grad_fn(upstream) must clip the upstream "
                                     "gradient to [-1, 1]."),
                    _("grad_fn(upstream) should return upstream with every entry limited to [-1, 1]: tk.clip_by_value "
                      "does that (so do tk.minimum and tk.maximum together)."))
    if same_values(got, np.ones_like(x0)):
        return hint("ignores_upstream", _("the gradient is all ones: grad_fn must clip the upstream gradient it "
                                          "receives, not return a constant."))
    if not same_values(got, np.clip(upstream, -1.0, 1.0)):
        return hint("values", _("for the upstream gradient {upstream} the result is {got}, which is not the "
                                "upstream gradient clipped to [-1, 1].").format(
                                  upstream=upstream.tolist(), got=got.tolist()))
    return None


@exercise(answer=lambda: _CLIP_ANSWER)
def check_clip_gradient(clip_gradient) -> Feedback:
    """Exercise 3: ``clip_gradient(x)`` returns x unchanged; its gradient is the upstream gradient clipped to
    [-1, 1]. Checked on a vector and a matrix, neither shown in the lesson."""
    if not callable(clip_gradient):
        return hint("not_callable", _("pass the function itself: check_clip_gradient(clip_gradient)."))
    for x0, upstream in CLIP_CASES:
        verdict = _clip_on(clip_gradient, x0, upstream)
        if verdict is not None:
            return verdict
    return correct(_("the value passes through, the gradient is clipped."))


_CLIP_ANSWER = """@tk.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tk.clip_by_value(upstream, -1.0, 1.0)

    return tk.identity(x), grad"""


_DIVIDE_POINTS = ((3.0, 2.0), (-1.5, 0.5))


@exercise
def check_mini_divide(divide, mini_tape_class, value_class) -> Feedback:
    """Exercise 4: ``divide(a, b)`` for the notebook's mini tape: value a / b, recorded with both backward rules.

    The check differentiates ``q * q`` with ``q = divide(a, b)``, so the upstream gradient is 2q, not 1.
    """
    if not callable(divide):
        return hint("not_callable", _("pass the function itself: check_mini_divide(divide, MiniTape, Value)."))
    for a0, b0 in _DIVIDE_POINTS:
        def run(a0=a0, b0=b0):
            with mini_tape_class() as tape:
                a, b = value_class(a0), value_class(b0)
                q = divide(a, b)
                out = q * q
            return q, tape.gradient(out, [a, b])

        result, exc = call_safely(run)
        where = f"a={a0}, b={b0}"
        if exc is not None:
            return crashed(exc, _("the mini tape on q = divide(a, b), q * q at {where}").format(where=where))
        q, (grad_a, grad_b) = result
        quotient = a0 / b0
        if not same_values(getattr(q, "value", None), quotient):
            return hint("value", _("divide(a, b) at {where} gave {value}, not a / b = {quotient:g}: compute "
                                   "a.value / b.value.").format(
                                     where=where, value=_number(getattr(q, 'value', q)), quotient=quotient))
        if grad_a is None and grad_b is None:
            return hint("not_recorded", _("no gradient reaches a or b: build the result with op(\"RealDiv\", result, "
                                          "[a, b], backward), so that the active tape records it."))
        upstream = 2.0 * quotient
        expected_a, expected_b = upstream / b0, -upstream * a0 / b0 ** 2
        if grad_b is None:
            return hint("one_gradient", _("b got no gradient: backward must return a list with two gradients, one "
                                          "for a and one for b, in the order of the inputs."))
        if same_values(grad_a, 1.0 / b0) and same_values(grad_b, -a0 / b0 ** 2):
            return hint("ignores_upstream", _("the backward rule ignores its argument g, the gradient arriving from "
                                              "above: multiply each local derivative by g."))
        if same_values(grad_b, -expected_b) and same_values(grad_a, expected_a):
            return hint("sign", _("the gradient for b has the wrong sign: d(a / b)/db = -a / b**2."))
        if same_values(grad_a, expected_b) and same_values(grad_b, expected_a):
            return hint("swapped", _("the two gradients are swapped: backward returns them in the order of the "
                                     "inputs [a, b]."))
        if not same_values(grad_a, expected_a):
            return hint("grad_a", _("at {where} the gradient for a is {value}; d(a / b)/da = 1 / b, times the "
                                    "upstream g: {expected_a:.5g}.").format(
                                      where=where, value=_number(grad_a), expected_a=expected_a))
        if not same_values(grad_b, expected_b):
            return hint("grad_b", _("at {where} the gradient for b is {value}; d(a / b)/db = -a / b**2, times the "
                                    "upstream g: {expected_b:.5g}.").format(
                                      where=where, value=_number(grad_b), expected_b=expected_b))
    return correct(_("division is recorded, and its backward rule sends g / b to a and -g a / b**2 to b."))


def _number(value) -> str:
    values = values_of(value)
    if values is None or values.size != 1:
        return repr(value)
    return f"{values.reshape(()).item():.5g}"


# Exercise 5: the gradient that reaches z in loss = 3 · reverse_gradient(z) + z · z, at z = 2
REVERSE_AT = 2.0


def reverse_truth(z: float = REVERSE_AT) -> float:
    """The two paths add up: −3 through the reversed gradient, 2z through z · z."""
    return -3.0 + 2.0 * z


def _reverse_hint(got: float) -> Feedback | None:
    z = REVERSE_AT
    known = {
        3.0 + 2.0 * z: ("not_reversed", _("the gradient through reverse_gradient comes back with its sign flipped.")),
        -(3.0 + 2.0 * z): ("all_reversed", _("only the path through reverse_gradient is flipped; z · z is an ordinary "
                                             "product.")),
        2.0 * z: ("one_path", _("z is used twice: through reverse_gradient and in z · z. The gradients of both "
                                "paths add up at z.")),
        -3.0: ("one_path", _("z is used twice: through reverse_gradient and in z · z. The gradients of both paths "
                             "add up at z.")),
    }
    for value, (code, text) in known.items():
        if np.isclose(got, value):
            return hint(code, text)
    return None


@exercise(answer=lambda: _("predicted_z_grad = {value:g}").format(value=reverse_truth()) + "\n"
          + _("through reverse_gradient: 3 with its sign flipped, −3; through z · z: 2z = 4; together 1."))
def check_reverse_prediction(prediction) -> Feedback:
    """Exercise 5: one number, or the player (``TapePlayer(..., ask=Ask.gradient(z))``) once answered there."""
    got, verdict = prediction_values(prediction, "gradient")
    if verdict is not None:
        return verdict
    if got.size != 1:
        return hint("shape", _("z is a scalar, so its gradient is one number."))
    got = float(got.reshape(()))
    if np.isclose(got, reverse_truth()):
        return correct(_("two paths fan in at z: the reversed one and the ordinary one, added up."))
    known = _reverse_hint(got)
    if known is not None:
        return known
    return hint("values", _("not right. Follow each use of z back from loss, then add the two gradients."),
                _("reverse_gradient sends −upstream back; z · z sends 2z."))


# ---- the backward walk: the check's own graphs, none of them shown in the lesson -------------------

def _fan_in(rec, rng):
    a, b = Value(rng.uniform(0.5, 1.5)), Value(rng.uniform(-1.5, -0.5))
    p = rec.multiply(a, b)
    f = rec.add(rec.multiply(p, a), b)
    return "p = a·b; f = p·a + b", f, [a, b], ["a", "b"], _("a is used twice (in a·b and in p·a)")


def _diamond(rec, rng):
    x = Value(rng.uniform(0.3, 1.2))
    u = rec.sin(x)
    f = rec.add(rec.multiply(u, rec.tanh(x)), u)
    return "u = sin(x); f = u·tanh(x) + u", f, [x], ["x"], _("u is used twice (in u·tanh(x) and in … + u)")


def _unused(rec, rng):
    a, b, c = (Value(v) for v in rng.uniform(0.4, 1.4, size=3))
    d = rec.tanh(rec.multiply(a, b))
    f = rec.multiply(d, d)
    rec.multiply(rec.sin(c), a)                      # recorded after f, and not part of it
    return "d = tanh(a·b); f = d·d; then e = sin(c)·a", f, [a, b, c], ["a", "b", "c"], _("d is used twice (d·d)")


def _vectors(rec, rng):
    x, w = Value(rng.uniform(-1.0, 1.0, size=(1, 3))), Value(rng.uniform(-1.0, 1.0, size=(3, 2)))
    h = rec.tanh(rec.matmul(x, w))
    f = rec.reduce_sum(rec.multiply(h, h))
    return "h = tanh(x @ w); f = reduce_sum(h·h), x (1, 3), w (3, 2)", f, [x, w], ["x", "w"], \
        _("h is used twice (h·h)")


def _shared(rec, rng):
    x = Value(rng.uniform(0.3, 1.2, size=2))
    u, v = rec.sin(x), rec.tanh(x)
    w = rec.multiply(u, x)                           # u's other use, recorded before the sum
    f = rec.reduce_sum(rec.add(rec.add(u, v), w))
    return "u = sin(x); f = reduce_sum((u + tanh(x)) + u·x), x of shape (2,)", f, [x], ["x"], \
        _("u is used twice (in u + tanh(x) and in u·x)")


WALK_GRAPHS = (_fan_in, _diamond, _unused, _vectors, _shared)


def _same_gradients(got, expected) -> bool:
    if not isinstance(got, (list, tuple)) or len(got) != len(expected):
        return False
    return all((g is None) if e is None else (g is not None and same_values(g, e, rtol=1e-7, atol=1e-9))
               for g, e in zip(got, expected))


def _walk_result(walk, records, target, sources):
    """The student's gradients on the check's records, with every tape refused while the walk runs."""
    refused = _("the backward walk must not call a GradientTape: walk the records yourself, with each record's "
                "backward rule.")
    with forbidden(tape_routes(tk) + tape_routes(), "used_a_tape", refused):
        return call_safely(walk, guarded(records), target, sources)


def _unconnected_hint(got, expected, names) -> Feedback | None:
    for g, e, name in zip(got, expected, names):
        if e is None and g is not None:
            if values_of(g) is not None and not np.any(values_of(g)):
                return hint("unconnected_zero", _("{name} is not connected to the target, and your walk gave it "
                                                  "zeros. TensorFlow (and this lesson) gives None there, so that "
                                                  "a missing connection is not mistaken for a zero gradient.").format(
                                                    name=name),
                            _("return grads.get(id(source)) for each source: None when nothing was sent to it."))
            return hint("unconnected", _("{name} is not connected to the target, yet your walk gave it a gradient: "
                                         "only values that the walk actually sends to get one.").format(name=name))
    return None


def _mistake(got, graph, variant_of) -> Feedback | None:
    """The hint that names the mistake a wrong result matches, or None."""
    text, names, twice = graph
    if all(g is None for g in got):
        return hint("no_start", _("on {graph}, no source got a gradient. The walk starts from the target: its "
                                  "gradient with respect to itself is 1.").format(graph=text),
                    _("start from a dict that maps id(target) to np.ones_like(target.value), then let each "
                      "visited record send its gradients on."))
    if _same_gradients(got, variant_of(forward=True)):
        return hint("forward_order", _("on {graph}, the walk visited the records in the order they ran. A record "
                                       "can pass a gradient on only once its output's gradient is complete: visit "
                                       "them in reverse order.").format(graph=text),
                    _("loop over reversed(records): the last operation first."))
    if _same_gradients(got, variant_of(overwrite=True)):
        return hint("overwrite", _("on {graph}, you overwrote instead of adding at a fan-in: {twice}, so its "
                                   "gradients must add up.").format(graph=text, twice=twice),
                    _("when a gradient arrives for a value that already has one, add it: "
                      "grads[id(value)] = grads.get(id(value), 0.0) + g."))
    if _same_gradients(got, variant_of(in_place=True)):
        return hint("in_place", _("on {graph}, a gradient array was changed in place (+=) while another value "
                                  "still shared it: AddV2 sends the same array g to both of its inputs, so adding "
                                  "into one changes the other.").format(graph=text),
                    _("make a new array when you add: grads[id(value)] = grads[id(value)] + g, not +=."))
    if _same_gradients(got, variant_of(ignore_upstream=True)):
        return hint("ignores_upstream", _("on {graph}, each backward rule got 1 instead of the gradient of its "
                                          "output. Pass the gradient that arrived at the record's output: that is "
                                          "the chain rule.").format(graph=text))
    return _unconnected_hint(got, variant_of(), names)


def _wrong_form(got, sources, text) -> Feedback | None:
    if not isinstance(got, (list, tuple)) or len(got) != len(sources):
        return hint("return_form", _("on {graph}, the walk returned {kind}; return a list with one gradient per "
                                     "source, in the order of sources.").format(graph=text, kind=type(got).__name__))
    for g, source in zip(got, sources):
        values = values_of(g)
        if g is not None and (values is None or values.shape != source.value.shape):
            return hint("shape", _("on {graph}, a gradient has shape {got}, expected shape {expected}: a "
                                   "gradient has the shape of its source.").format(
                                     graph=text, got=None if values is None else shape_text(values.shape),
                                     expected=shape_text(source.value.shape)))
    return None


def _walk_on(walk, make_graph, rng) -> Feedback | None:
    rec = Record()
    text, target, sources, names, twice = make_graph(rec, rng)
    got, exc = _walk_result(walk, rec.records, target, sources)
    if isinstance(exc, DeadEnd):
        return hint("dead_end", _("on {graph}, the walk called the backward rule of {op} with None: that "
                                  "record's output got no gradient, because it does not lead to the target. "
                                  "Skip such a record.").format(graph=text, op=exc.op_type),
                    _("upstream = grads.get(id(output)); if it is None, continue with the next record."))
    if exc is not None:
        return crashed(exc, _("backward_walk on {graph}").format(graph=text))
    expected = reference_walk(rec.records, target, sources)
    if _same_gradients(got, expected):
        return None
    verdict = _wrong_form(got, sources, text)
    if verdict is None:
        verdict = _mistake(got, (text, names, twice),
                           lambda **mistake: reference_walk(rec.records, target, sources, **mistake))
    if verdict is None:
        wrong = [name for name, g, e in zip(names, got, expected)
                 if not _same_gradients([g], [e])]
        verdict = hint("values", _("on {graph}, the gradient of {names} is wrong. Follow the walk by hand: "
                                   "reverse order, each rule gets its output's gradient, gradients add up.").format(
                                     graph=text, names=", ".join(wrong)),
                       _("each record sends backward(upstream)[i] to inputs[i]; check that your loop pairs "
                         "them with zip(inputs, backward(upstream))."))
    return verdict


@exercise(answer=lambda: _WALK_ANSWER)
def check_backward_walk(backward_walk) -> Feedback:
    """Exercise 1: ``backward_walk(records, target, sources)``, run on five graphs the lesson does not show (a
    fan-in, a diamond, an unconnected source behind a dead-end record, matrices, an array two values share),
    with new random values each time and every tape refused while it runs; compared with the reference walk."""
    if not callable(backward_walk):
        return hint("not_callable", _("pass the function itself: check_backward_walk(backward_walk)."))
    rng = np.random.default_rng()
    for make_graph in WALK_GRAPHS:
        verdict = _walk_on(backward_walk, make_graph, rng)
        if verdict is not None:
            return verdict
    return correct(_("reverse order, the chain rule at each record, gradients added up at each fan-in, None "
                     "for an unconnected source: on five graphs you had not seen."))


_WALK_ANSWER = """def backward_walk(records, target, sources):
    grads = {id(target): np.ones_like(target.value)}
    for op_type, output, inputs, backward in reversed(records):
        upstream = grads.get(id(output))
        if upstream is None:               # this record does not lead to the target
            continue
        for value, g in zip(inputs, backward(upstream)):
            grads[id(value)] = grads.get(id(value), 0.0) + g     # a fan-in adds up
    return [grads.get(id(source)) for source in sources]"""


# ---- training the tiny MLP with the student's tape ---------------------------------------------------

# (data, steps, learning rate): XOR from new random weights, then a regression the lesson does not show
XOR_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_Y = np.array([[0.0], [1.0], [1.0], [0.0]])
TRAIN_CASES = (("xor", 12, 0.05), ("regression", 7, 0.02))


def _train_data(name, rng):
    if name == "xor":
        return XOR_X, XOR_Y
    x = rng.uniform(-1.0, 1.0, size=(6, 2))
    return x, np.sin(2.0 * x[:, :1]) * x[:, 1:]


def _start_weights(rng):
    """W1 (2, 4), b1 (4,), W2 (4, 1), b2 (1,): the lesson's 2-4-1 network."""
    return [rng.normal(0.0, 0.8, size=(2, 4)), rng.normal(0.0, 0.1, size=4),
            rng.normal(0.0, 0.8, size=(4, 1)), rng.normal(0.0, 0.1, size=1)]


def reference_losses(weights, x, y, steps, learning_rate):
    """Gradient descent on the lesson's MLP with the framework's own tape: the loss before each step."""
    fw = framework()
    params = [fw.Variable(w, dtype=fw.float64) for w in weights]
    x, y = fw.constant(x, dtype=fw.float64), fw.constant(y, dtype=fw.float64)
    losses = []
    for _step in range(steps):
        with fw.GradientTape() as tape:
            hidden = fw.tanh(fw.nn.bias_add(fw.matmul(x, params[0]), params[1]))
            error = fw.nn.bias_add(fw.matmul(hidden, params[2]), params[3]) - y
            loss = fw.reduce_sum(error * error)
        for param, grad in zip(params, tape.gradient(loss, params)):
            param.assign_sub(learning_rate * grad)
        losses.append(float(loss.numpy()))
    return np.array(losses)


def _losses_of(result, steps) -> tuple[np.ndarray | None, Feedback | None]:
    try:
        values = np.array([float(np.asarray(values_of(loss)).reshape(())) for loss in result])
    except (TypeError, ValueError):
        return None, hint("return_form", _("train must return a list of numbers: the loss of each step (e.g. "
                                           "float(loss.value))."))
    if values.size != steps:
        return None, hint("steps", _("train(..., steps={steps}, ...) returned {n} losses: run exactly `steps` "
                                     "steps and return one loss per step.").format(steps=steps, n=values.size))
    return values, None


def _training_hint(got, expected, uphill, learning_rate) -> Feedback | None:
    """The hint for losses ``got`` against gradient descent's ``expected``; ``uphill()`` gives an ascent's."""
    if np.allclose(got, expected, rtol=1e-6, atol=1e-9):
        return None
    if not np.isclose(got[0], expected[0], rtol=1e-6):
        return hint("first_loss", _("the first loss is {got:.6g}, but mlp_loss at the weights given to train is "
                                    "{expected:.6g}: compute the loss from the params, x and y that train "
                                    "receives, before the first update.").format(got=got[0], expected=expected[0]))
    if np.allclose(got, got[0]):
        return hint("not_updated", _("the loss never changes: after each gradient, update every parameter in "
                                     "params (p.value = p.value - learning_rate * g)."))
    if np.allclose(got, uphill(), rtol=1e-6, atol=1e-9):
        return hint("uphill", _("the loss grows: step against the gradient, p.value - learning_rate * g."))
    step = int(np.argmax(~np.isclose(got, expected, rtol=1e-6, atol=1e-9)))
    return hint("values", _("the losses agree with gradient descent for {step} step(s), then differ. Each step: a "
                            "new MiniTape, the loss, all gradients, then p.value - learning_rate * g with "
                            "learning_rate={learning_rate} for every parameter.").format(
                              step=step, learning_rate=learning_rate),
                _("check that train uses its learning_rate argument, updates all four parameters, and computes "
                  "every gradient from the same tape before changing any parameter."))


def _train_on(train, case, rng) -> Feedback | None:
    name, steps, learning_rate = case
    x, y = _train_data(name, rng)
    weights = _start_weights(rng)
    params = [Value(w.copy()) for w in weights]
    refused = _("train must use your MiniTape and backward_walk, not a GradientTape.")
    with forbidden(tape_routes(tk) + tape_routes(), "used_a_tape", refused):
        result, exc = call_safely(train, params, x.copy(), y.copy(), steps, learning_rate)
    if exc is not None:
        return crashed(exc, _("train(params, x, y, steps={steps}, learning_rate={learning_rate})").format(
            steps=steps, learning_rate=learning_rate))
    got, verdict = _losses_of(result, steps)
    if verdict is not None:
        return verdict
    return _training_hint(got, reference_losses(weights, x, y, steps, learning_rate),
                          lambda: reference_losses(weights, x, y, steps, -learning_rate), learning_rate)


@exercise(answer=lambda: _TRAIN_ANSWER)
def check_training(train) -> Feedback:
    """Exercise 2: ``train(params, x, y, steps, learning_rate)`` returns the loss of each step of gradient descent
    on the lesson's 2-4-1 MLP, computed with the student's mini tape. Run from new random weights on XOR and on a
    regression the lesson does not show, with steps and learning rates of its own and every tape refused;
    the losses must be those of the framework's own tape (so the gradients agree) and fall."""
    if not callable(train):
        return hint("not_callable", _("pass the function itself: check_training(train)."))
    rng = np.random.default_rng()
    for case in TRAIN_CASES:
        verdict = _train_on(train, case, rng)
        if verdict is not None:
            return verdict
    return correct(_("your tape trains the network: step by step the same losses as GradientTape gives, on data "
                     "you had not seen."))


_TRAIN_ANSWER = """def train(params, x, y, steps, learning_rate):
    losses = []
    for step in range(steps):
        with MiniTape() as tape:
            loss = mlp_loss(params, x, y)
        grads = tape.gradient(loss, params)
        for param, grad in zip(params, grads):
            param.value = param.value - learning_rate * grad
        losses.append(float(loss.value))
    return losses"""
