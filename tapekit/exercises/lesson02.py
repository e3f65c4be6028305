"""Exercises for lesson 02 (variables)."""

import numpy as np

from ._check import Feedback, call_safely, correct, crashed, dtype_name, exercise, hint, kind_of, same_values, shape_of


def _not_a_variable(answer) -> Feedback | None:
    kind = kind_of(answer)
    if kind == "None":
        return hint("none", "`answer` is None: assign your variable to `answer`.")
    if kind != "Variable":
        return hint("not_variable", f"`answer` is a {kind}; create a tk.Variable so its value can change.")
    return None


@exercise
def check_bias(answer) -> Feedback:
    """Exercise 1: a trainable float32 Variable named 'bias' holding three zeros."""
    problem = _not_a_variable(answer)
    if problem is not None:
        return problem
    dtype = dtype_name(answer)
    if dtype and dtype.startswith(("int", "uint")):
        return hint("int_dtype", f"dtype is {dtype} because the initial values were Python ints: write 0.0 "
                                 "or pass dtype=tk.float32.")
    if dtype == "float64":
        return hint("float64", "dtype is float64: NumPy arrays keep their dtype and np.zeros makes float64. "
                               "Pass dtype=tk.float32 or start from tk.zeros(3).")
    if dtype != "float32":
        return hint("dtype", f"dtype is {dtype}; it should be float32.")
    if shape_of(answer) != (3,):
        return hint("shape", f"the shape is {shape_of(answer)}; a bias for 3 units has shape (3,).")
    if not same_values(answer, np.zeros(3)):
        return hint("values", "the initial values should all be 0.0.")
    if answer.name != "bias:0":
        return hint("name", f"the name is {answer.name!r}: pass name='bias' (tapekit adds ':0', like TensorFlow).")
    if not answer.trainable:
        return hint("trainable", "the variable is not trainable, so no tape would watch it: leave trainable=True.")
    return correct("a float32 bias variable, trainable, named 'bias:0'.")


@exercise
def check_sgd_step(step) -> Feedback:
    """Exercise 2: ``step(v, g, lr)`` changes the Variable ``v`` in place to ``v - lr * g``."""
    import tapekit as tk

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
def check_growing(answer) -> Feedback:
    """Exercise 3: a float32 Variable whose length may change (shape unknown or (None,))."""
    problem = _not_a_variable(answer)
    if problem is not None:
        return problem
    dtype = dtype_name(answer)
    if dtype != "float32":
        return hint("dtype", f"dtype is {dtype}: start from float values (e.g. [0.0]) or pass dtype=tk.float32.")
    shape = answer.shape
    if shape.rank is not None and None not in shape.as_list():
        return hint("fixed_shape", f"the shape is fixed to {tuple(shape.as_list())}, so assigning a longer vector "
                                   "raises ValueError: pass shape=tk.TensorShape(None) (or shape=[None]).")
    if shape.rank is not None and shape.rank != 1:
        return hint("rank", f"the shape {shape} is not a vector shape; use shape=[None] or tk.TensorShape(None).")
    return correct(f"shape {shape}: the variable can hold vectors of any length.")
