"""Exercises for lesson 02 (variables)."""

import numpy as np

from .._base.i18n import N_, _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    exercise,
    framework,
    hint,
    kind_of,
    same_values,
    student_constant,
    student_variable,
    values_of,
)

# Exercise 1 runs, in the lesson:
#   a = tk.Variable([1.0, 2.0]); b = a; c = tk.Variable(a)
#   a.assign_add([10.0, 10.0]); b.assign_sub([1.0, 1.0]); a = a + 100.0
def _aliasing_mistakes() -> dict:
    """The values a wrong mental model predicts, per name: (values, code, hint), in the language in use."""
    rebound = _("after `a = a + 100.0` the name a refers to the new tensor (the variable's value at that moment, "
                "plus 100), no longer to the variable.")
    copy = _("tk.Variable(a) made a new variable with a copy of a's value at that moment; later assigns to the first "
             "variable do not reach c.")
    return {
        "a": [([111.0, 112.0], "alias", _("b.assign_sub changed the variable that a still referred to, because b and "
                                          "a were two names for ONE variable; a + 100.0 came after that.")),
              ([10.0, 11.0], "rebound", rebound),
              ([11.0, 12.0], "rebound", rebound)],
        "b": [([0.0, 1.0], "alias", _("`b = a` does not copy anything: b and a were two names for ONE variable, so "
                                      "a.assign_add changed what b holds too.")),
              ([110.0, 111.0], "rebind_is_not_assign", _("`a = a + 100.0` computes a new tensor and moves the name a "
                                                         "to it; the variable itself (still named b) is not "
                                                         "changed.")),
              ([11.0, 12.0], "assign_sub", _("b.assign_sub([1.0, 1.0]) changes the variable in place: subtract 1 "
                                             "from each element."))],
        "c": [([11.0, 12.0], "copy", copy),
              ([10.0, 11.0], "copy", copy)],
    }


# what a name holds, in the student's words (any other kind: its type name)
_KIND_WORDS = {"Variable": N_("a variable"), "Tensor": N_("a tensor"), "ndarray": N_("a NumPy array")}


def _describe(name, value) -> str:
    kind = kind_of(value)
    kind = _(_KIND_WORDS[kind]) if kind in _KIND_WORDS else _("a {kind}").format(kind=kind.lower())
    values = values_of(value)
    return _("{name} = {values} ({kind})").format(
        name=name, values=values.tolist() if values is not None else repr(value), kind=kind)


def _aliasing_answer() -> str:
    return _("a = [110.0, 111.0] is a tensor (a + 100.0 made it); b = [10.0, 11.0] is the first variable, changed "
             "by both assigns; c = [1.0, 2.0] is a variable with a copy of the first value.")


@exercise(answer=_aliasing_answer)
def check_aliasing(final, variables, a, b, c) -> Feedback:
    """Exercise 1: predict the values of ``a``, ``b``, ``c`` and which of them are still variables; then reveal."""
    if not isinstance(final, dict) or set(final) != {"a", "b", "c"}:
        return hint("final_format", _("write `final` as a dict with the keys \"a\", \"b\" and \"c\", each a list of "
                                      "two numbers, e.g. {{\"a\": [1.0, 2.0], ...}}."))
    if not isinstance(variables, (set, frozenset, list, tuple)) or not all(isinstance(n, str) for n in variables):
        return hint("variables_format", _("write `variables` as a set of names, e.g. {{\"a\"}} or set() for none."))
    reveal = _("What the code really gives: {values}").format(
        values="; ".join(_describe(n, v) for n, v in (("a", a), ("b", b), ("c", c))))
    live = {"a": a, "b": b, "c": c}
    wrong = [name for name in ("a", "b", "c") if not same_values(final[name], values_of(live[name]))]
    if wrong:
        name = "b" if "b" in wrong else wrong[0]  # b first: the alias is the heart of the exercise
        told = _("the values you predicted for {names} are off.").format(names=", ".join(wrong))
        for mistake, code, text in _aliasing_mistakes()[name]:
            if same_values(final[name], mistake):
                return hint(code, told + " " + _ASK_EACH_LINE(), told + "\n" + _("{name}: {text}").format(
                    name=name, text=text))
        return hint("values", told + " " + _ASK_EACH_LINE())
    real = {name for name, value in live.items() if kind_of(value) == "Variable"}
    chosen = set(variables)
    if chosen != real:
        off = sorted(chosen ^ real)
        told = _("the values are right, but `variables` is wrong about {names}.").format(names=", ".join(off))
        if "a" in chosen and "a" not in real:
            return hint("a_is_tensor", told, told + " " + _("What does a + 100.0 return, and what does `a = ...` "
                                                            "give the name a?"))
        return hint("which_variables", told, told + " " + _("`b = a` copies nothing, and tk.Variable(a) makes a "
                                                            "variable."))
    return correct(_("you followed every name.\n{reveal}").format(reveal=reveal))


def _ASK_EACH_LINE() -> str:
    return _("Follow the code line by line, and ask for each line: does it change a variable in place, or make a "
             "new tensor?")


# Exercise 2: (start, gradient, learning rate); none is shown in the lesson, the last is a matrix
SGD_CASES = (([1.0, 2.0, 3.0], [0.5, -1.0, 2.0], 0.1), ([1.0, 2.0, 3.0], [0.5, -1.0, 2.0], 0.5),
             ([[0.25, -1.5], [2.0, 0.0]], [[1.0, 2.0], [-3.0, 0.5]], 0.05))


def _sgd_step_on(step, start, grad, lr) -> Feedback | None:
    """None when ``step`` updates a variable holding ``start`` right, else the hint."""
    start, grad = np.array(start, dtype=np.float32), np.array(grad, dtype=np.float32)
    v = student_variable(start)
    identity = id(v)
    result, exc = call_safely(step, v, student_constant(grad), lr)
    if exc is not None:
        return crashed(exc, _("sgd_step(v, g, lr)"))
    if id(v) != identity or kind_of(v) != "Variable":
        return hint("replaced", _("the variable object changed; update it in place."),
                    _("update it in place with v.assign_sub(...)."))
    now = v.numpy()
    expected = start - lr * grad
    if same_values(now, start):
        if result is not None and same_values(result, expected):
            return hint("rebinds", _("the new values are right but they went into a new tensor, and the variable "
                                     "kept its old value: `v = v - lr * g` only rebinds a local name."),
                        _("a variable changes in place through its assign methods (assign, assign_add, "
                          "assign_sub): which one takes a step down by lr * g?"))
        return hint("unchanged", _("the variable still holds its old value: change it through one of its assign "
                                   "methods."),
                    _("a variable has assign, assign_add and assign_sub: use the one that subtracts the step lr * g."))
    if same_values(now, start + lr * grad):
        return hint("sign", _("the variable moved up the gradient: subtract lr * g, don't add it."))
    if same_values(now, start - grad):
        return hint("lr", _("the step ignores the learning rate: subtract lr * g, not g."))
    if same_values(now, -lr * grad):
        return hint("assign", _("assign replaced the value with -lr * g: the new value is the old one minus lr * g."))
    if not same_values(now, expected):
        return hint("values", _("after one step with lr={lr} the variable holds {now}, which is not v - lr * "
                                "g.").format(lr=lr, now=now.tolist()))
    return None


@exercise(answer=lambda: _SGD_ANSWER)
def check_sgd_step(step) -> Feedback:
    """Exercise 2: ``step(v, g, lr)`` changes the Variable ``v`` in place to ``v - lr * g``; checked on three
    held-back cases (two rates, and a matrix)."""
    if not callable(step):
        return hint("not_callable", _("pass the function itself: check_sgd_step(sgd_step)."))
    for start, grad, lr in SGD_CASES:
        verdict = _sgd_step_on(step, start, grad, lr)
        if verdict is not None:
            return verdict
    return correct(_("the variable is updated in place and keeps its identity."))


_SGD_ANSWER = """def sgd_step(v, g, lr):
    v.assign_sub(lr * g)"""
_APPEND_ANSWER = """def append(history, value):
    history.assign(tk.concat([history, [value]], axis=0))"""


@exercise(answer=lambda: _APPEND_ANSWER)
def check_append(append) -> Feedback:
    """Exercise 3: ``append(history, value)`` puts ``value`` at the end of a variable of unknown length, in place."""
    if not callable(append):
        return hint("not_callable", _("pass the function itself: check_append(append)."))
    fw = framework()
    for start, value in (([0.5], 0.25), ([1.0, 2.0, 3.0], -1.0), ([], 4.5)):
        history = fw.Variable(np.array(start, dtype=np.float32), shape=fw.TensorShape(None), name="history")
        identity = id(history)
        result, exc = call_safely(append, history, value)
        if isinstance(exc, fw.errors.InvalidArgumentError) and ("oncat" in str(exc)):
            return hint("scalar", _("value is a single number (rank 0), and tk.concat joins tensors of the same "
                                    "rank."), _("wrap value in a list, [value], to make a vector of length 1."))
        if isinstance(exc, (fw.errors.InvalidArgumentError, ValueError)) and "shape" in str(exc):
            return hint("assign_add", _("assign_add and assign_sub add element by element and keep the shape. To "
                                        "make the vector longer, assign a new, longer value."),
                        _("assign the longer vector: history.assign(...)."))
        if exc is not None:
            return crashed(exc, _("append(history, {value})").format(value=value))
        if id(history) != identity:
            return hint("replaced", _("the variable object changed; change it in place."),
                        _("change it in place with history.assign(...)."))
        now = history.numpy()
        expected = np.array([*start, value], dtype=np.float32)
        if same_values(now, expected):
            continue
        if same_values(now, np.array(start, dtype=np.float32)):
            if result is not None and same_values(result, expected):
                return hint("rebinds", _("the longer vector went into a new tensor, and the variable kept its old "
                                         "value: `history = ...` only moves a local name."),
                            _("give the variable its new value: history.assign(...)."))
            return hint("unchanged", _("the variable still holds its old value."),
                        _("call history.assign(...) with the longer vector."))
        if same_values(now, np.array(start, dtype=np.float32) + value):
            return hint("assign_add", _("the value was added to every element. assign_add adds element by element "
                                        "and keeps the shape; to make the vector longer, assign a new, longer value: "
                                        "history.assign(...)."))
        if same_values(now, np.array([value, *start], dtype=np.float32)):
            return hint("order", _("the new value went to the front; put it at the end."))
        if not same_values(now, expected):
            return hint("values", _("after append(history, {value}) the variable holds {now}.").format(
                                      value=value, now=now.tolist()))
    return correct(_("the variable grew in place and kept its identity."))


# ---- Exercise 4: a variable's value, kept as a tensor ------------------------------------------------

SNAPSHOT_CASES = (([1.0, 2.0], [10.0, 10.0]), ([[0.5, -1.0], [2.0, 4.0]], [[1.0, 1.0], [1.0, 1.0]]))


def _snapshot_on(snapshot, start, change) -> Feedback | None:
    v = student_variable(start)
    result, exc = call_safely(snapshot, v)
    if exc is not None:
        return crashed(exc, _("snapshot(v)"))
    if result is v or kind_of(result) == "Variable":
        return hint("variable", _("snapshot returned a Variable: it changes when v does (or is v itself). A "
                                  "snapshot is an ordinary tensor."),
                    _("an operation on a variable returns a tensor: tk.identity(v), or tk.convert_to_tensor(v)."))
    if kind_of(result) != "Tensor":
        return hint("not_tensor", _("snapshot returned a {kind}; return a tensor (NumPy data lives outside "
                                    "TensorFlow's operations).").format(kind=kind_of(result)))
    if not same_values(result, np.array(start, dtype=np.float32)):
        return hint("values", _("the snapshot holds {got}, not the variable's value.").format(
                                  got=values_of(result).tolist()))
    v.assign_add(np.array(change, dtype=np.float32))
    if not same_values(result, np.array(start, dtype=np.float32)):
        return hint("follows", _("after v.assign_add(...) the snapshot changed too: it still refers to the "
                                 "variable's storage."))
    return None


@exercise(answer=lambda: _SNAPSHOT_ANSWER)
def check_snapshot(snapshot) -> Feedback:
    """Exercise 4: ``snapshot(v)`` returns a tensor (not a Variable) holding v's value now, which stays the same
    when v changes later; checked on two held-back variables."""
    if not callable(snapshot):
        return hint("not_callable", _("pass the function itself: check_snapshot(snapshot)."))
    for start, change in SNAPSHOT_CASES:
        verdict = _snapshot_on(snapshot, start, change)
        if verdict is not None:
            return verdict
    return correct(_("a tensor with the variable's value at that moment: the variable may change, the snapshot "
                     "does not."))


_SNAPSHOT_ANSWER = """def snapshot(v):
    return tk.identity(v)"""
