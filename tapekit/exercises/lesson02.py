"""Exercises for lesson 02 (variables)."""

import numpy as np

import tapekit as tk

from ._check import Feedback, call_safely, correct, crashed, exercise, hint, kind_of, same_values, values_of

# Exercise 1 runs, in the lesson:
#   a = tk.Variable([1.0, 2.0]); b = a; c = tk.Variable(a)
#   a.assign_add([10.0, 10.0]); b.assign_sub([1.0, 1.0]); a = a + 100.0
# The values a wrong mental model predicts, per name: (values, code, hint)
_REBOUND = ("after `a = a + 100.0` the name a refers to the new tensor (the variable's value at that moment, plus "
            "100), no longer to the variable.")
_COPY = ("tk.Variable(a) made a new variable with a copy of a's value at that moment; later assigns to the first "
         "variable do not reach c.")
_ALIASING_MISTAKES = {
    "a": [([111.0, 112.0], "alias", "b.assign_sub changed the variable that a still referred to, because b and a "
                                    "were two names for ONE variable; a + 100.0 came after that."),
          ([10.0, 11.0], "rebound", _REBOUND),
          ([11.0, 12.0], "rebound", _REBOUND)],
    "b": [([0.0, 1.0], "alias", "`b = a` does not copy anything: b and a were two names for ONE variable, so "
                                "a.assign_add changed what b holds too."),
          ([110.0, 111.0], "rebind_is_not_assign", "`a = a + 100.0` computes a new tensor and moves the name a to "
                                                   "it; the variable itself (still named b) is not changed."),
          ([11.0, 12.0], "assign_sub", "b.assign_sub([1.0, 1.0]) changes the variable in place: subtract 1 from "
                                       "each element.")],
    "c": [([11.0, 12.0], "copy", _COPY),
          ([10.0, 11.0], "copy", _COPY)],
}


def _describe(name, value) -> str:
    kind = "a variable" if kind_of(value) == "Variable" else f"a {kind_of(value).lower()}"
    values = values_of(value)
    return f"{name} = {values.tolist() if values is not None else value!r} ({kind})"


@exercise
def check_aliasing(final, variables, a, b, c) -> Feedback:
    """Exercise 1: predict the values of ``a``, ``b``, ``c`` and which of them are still variables; then reveal."""
    if not isinstance(final, dict) or set(final) != {"a", "b", "c"}:
        return hint("final_format", "write `final` as a dict with the keys \"a\", \"b\" and \"c\", each a list "
                                    "of two numbers, e.g. {\"a\": [1.0, 2.0], ...}.")
    if not isinstance(variables, (set, frozenset, list, tuple)) or not all(isinstance(n, str) for n in variables):
        return hint("variables_format", "write `variables` as a set of names, e.g. {\"a\"} or set() for none.")
    reveal = "What the code really gives: " + "; ".join(_describe(n, v) for n, v in (("a", a), ("b", b), ("c", c)))
    live = {"a": a, "b": b, "c": c}
    for name in ("b", "c", "a"):  # b first: the alias is the heart of the exercise
        if same_values(final[name], values_of(live[name])):
            continue
        for wrong, code, text in _ALIASING_MISTAKES[name]:
            if same_values(final[name], wrong):
                return hint(code, f"{name}: {text}\n{reveal}")
        return hint("values", f"{name}: you predicted {final[name]}. Follow the code line by line, and ask for "
                              f"each line: does it change a variable in place, or make a new tensor?\n{reveal}")
    real = {name for name, value in live.items() if kind_of(value) == "Variable"}
    chosen = set(variables)
    if "a" in chosen and "a" not in real:
        return hint("a_is_tensor", f"a is no longer a variable: a + 100.0 returns a tensor, and `a = ...` gives "
                                   f"the name to it.\n{reveal}")
    if chosen != real:
        return hint("which_variables", f"the names that still refer to a tk.Variable are {sorted(real)}: `b = a` "
                                       f"kept the variable under the name b, and tk.Variable(a) made c.\n{reveal}")
    return correct(f"you followed every name.\n{reveal}")


@exercise
def check_sgd_step(step) -> Feedback:
    """Exercise 2: ``step(v, g, lr)`` changes the Variable ``v`` in place to ``v - lr * g``."""
    if not callable(step):
        return hint("not_callable", "pass the function itself: check_sgd_step(sgd_step).")
    start = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    grad = np.array([0.5, -1.0, 2.0], dtype=np.float32)
    for lr in (0.1, 0.5):
        v = tk.Variable(start)
        identity = id(v)
        result, exc = call_safely(step, v, tk.constant(grad), lr)
        if exc is not None:
            return crashed(exc, "sgd_step(v, g, lr)")
        if id(v) != identity or kind_of(v) != "Variable":
            return hint("replaced", "the variable object changed; update it in place with v.assign_sub(...).")
        now = v.numpy()
        expected = start - lr * grad
        if same_values(now, start):
            if result is not None and same_values(result, expected):
                return hint("rebinds", "the new values are right but they went into a new tensor, and the "
                                       "variable kept its old value: `v = v - lr * g` only rebinds a local name. "
                                       "Use v.assign_sub(lr * g).")
            return hint("unchanged", "the variable still holds its old value: call v.assign_sub(lr * g).")
        if same_values(now, start + lr * grad):
            return hint("sign", "the variable moved up the gradient: subtract lr * g (assign_sub), don't add it.")
        if same_values(now, start - grad):
            return hint("lr", "the step ignores the learning rate: subtract lr * g, not g.")
        if same_values(now, -lr * grad):
            return hint("assign", "assign replaced the value with -lr * g; use assign_sub(lr * g) "
                                  "(or assign(v - lr * g)).")
        if not same_values(now, expected):
            return hint("values", f"after one step with lr={lr} the variable holds {now.tolist()}; "
                                  f"expected {expected.tolist()}.")
    return correct("the variable is updated in place and keeps its identity.")


@exercise
def check_append(append) -> Feedback:
    """Exercise 3: ``append(history, value)`` puts ``value`` at the end of a variable of unknown length, in place."""
    if not callable(append):
        return hint("not_callable", "pass the function itself: check_append(append).")
    for start, value in (([0.5], 0.25), ([1.0, 2.0, 3.0], -1.0)):
        history = tk.Variable(start, shape=tk.TensorShape(None), name="history")
        identity = id(history)
        result, exc = call_safely(append, history, value)
        if isinstance(exc, tk.errors.InvalidArgumentError) and ("oncat" in str(exc)):
            return hint("scalar", "value is a single number (rank 0), and tk.concat joins tensors of the same rank: "
                                  "wrap it in a list, [value], to make a vector of length 1.")
        if isinstance(exc, (tk.errors.InvalidArgumentError, ValueError)) and "shape" in str(exc):
            return hint("assign_add", "assign_add and assign_sub add element by element and keep the shape. To make "
                                      "the vector longer, assign a new, longer value: history.assign(...).")
        if exc is not None:
            return crashed(exc, f"append(history, {value})")
        if id(history) != identity:
            return hint("replaced", "the variable object changed; change it in place with history.assign(...).")
        now = history.numpy()
        expected = np.array([*start, value], dtype=np.float32)
        if same_values(now, np.array(start, dtype=np.float32)):
            if result is not None and same_values(result, expected):
                return hint("rebinds", "the longer vector went into a new tensor, and the variable kept its old "
                                       "value: `history = ...` only moves a local name. Call history.assign(...).")
            return hint("unchanged", "the variable still holds its old value: call history.assign(...) with the "
                                     "longer vector.")
        if same_values(now, np.array(start, dtype=np.float32) + value):
            return hint("assign_add", "the value was added to every element. assign_add adds element by element and "
                                      "keeps the shape; to make the vector longer, assign a new, longer value: "
                                      "history.assign(...).")
        if same_values(now, np.array([value, *start], dtype=np.float32)):
            return hint("order", "the new value went to the front; put it at the end: tk.concat([history, [value]], "
                                 "axis=0).")
        if not same_values(now, expected):
            return hint("values", f"after append(history, {value}) the variable holds {now.tolist()}; expected "
                                  f"{expected.tolist()}.")
    return correct("the variable grew in place and kept its identity.")
