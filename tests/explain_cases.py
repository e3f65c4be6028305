"""One tape per ``tape.explain`` text: every cause and each of its wordings (tests/messages/test_messages_zh.py).

``explanations()`` returns ``{case name: Explanation}``; run as a script it prints every repr and
``_repr_html_`` (the subprocess test runs it under ``TAPEKIT_LANG``).
"""

import numpy as np

import tapekit as tk
from tapekit._core.record.registry import execute

tk.no_gradient("ExplainCasesDouble")   # an op of the user's, declared non-differentiable (once per process)


def _not_watched_tensor():
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        y = x * x
    return tape.explain(y, x)


def _not_watched_untrainable():
    w = tk.Variable(2.0, trainable=False)
    with tk.GradientTape() as tape:
        y = w * 3.0
    return tape.explain(y, w)


def _not_watched_accessed_off():
    v = tk.Variable(2.0)
    with tk.GradientTape(watch_accessed_variables=False) as tape:
        y = v * v
    return tape.explain(y, v)


def _not_connected_unused():
    x, y = tk.Variable(2.0), tk.Variable(3.0)
    with tk.GradientTape() as tape:
        z = y * y
    return tape.explain(z, x)


def _not_connected_comparison():
    x = tk.constant(1.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        result = tk.constant(2.0) if x > 0.0 else x ** 2
    return tape.explain(result, x)


def _not_connected_outside():
    v = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        a = v * 1.0
    return tape.explain(a + v * v, v)


def _not_connected_no_path():
    x = tk.constant(1.0)
    w = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        _unused = x * 2.0
        y = w * 3.0
    return tape.explain(y, x)


def _integer_source():
    x = tk.constant(10)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    return tape.explain(y, x)


def _integer_cast_of_integer():
    v = tk.Variable(2)
    with tk.GradientTape() as tape:
        y = tk.cast(v, tk.float32) * 2.0
    return tape.explain(y, v)


def _integer_on_the_path():
    x = tk.Variable(2.5)
    with tk.GradientTape() as tape:
        y = tk.cast(tk.cast(x, tk.int32), tk.float32) * 2.0
    return tape.explain(y, x)


def _stop_gradient():
    x = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        y = tk.stop_gradient(x * x) + 0.0
    return tape.explain(y, x)


def _recording_stopped():
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        with tape.stop_recording():
            z = y * y
    return tape.explain(z, x)


def _left_the_tape():
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = tk.constant((x * 2.0).numpy()) * 3.0
    return tape.explain(y, x)


def _variable_replaced_by_tensor():
    x = tk.Variable(2.0)
    explanation = None
    for _epoch in range(2):
        with tk.GradientTape() as tape:
            y = x + 1
        explanation = tape.explain(y, x)
        x = x + 1
    return explanation


def _state_changed():
    x0, x1 = tk.Variable(3.0), tk.Variable(0.0)
    with tk.GradientTape() as tape:
        x1.assign_add(x0)
        y = x1 ** 2
    return tape.explain(y, x0)


def _no_gradient_registered():
    x = tk.Variable(7.0)
    with tk.GradientTape() as tape:   # AdjustContrastv2 has no gradient function, as in TF
        y = tk.reduce_sum(tk.image.adjust_contrast(tk.ones([2, 2, 1]) * x, 2.0))
    return tape.explain(y, x)


def _no_gradient_user_op():
    x = tk.Variable([1.0, 2.0])
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(execute("ExplainCasesDouble", lambda a: a * 2, (tk.convert_to_tensor(x),)))
    return tape.explain(y, x)


def _unconnected_zero():
    x, y = tk.Variable([2.0, 2.0]), tk.Variable(3.0)
    with tk.GradientTape() as tape:
        z = y ** 2
    return tape.explain(z, x, unconnected_gradients=tk.UnconnectedGradients.ZERO)


def _gradient_ok():
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = x * x
    return tape.explain(y, [x, y])


CASES = {name.lstrip("_"): f for name, f in list(globals().items()) if name.startswith("_") and callable(f)
         and not name.startswith("__")}
CAUSE_OF = {"not_watched_tensor": "not_watched", "not_watched_untrainable": "not_watched",
            "not_watched_accessed_off": "not_watched", "not_connected_unused": "not_connected",
            "not_connected_comparison": "not_connected", "not_connected_outside": "not_connected",
            "not_connected_no_path": "not_connected", "integer_source": "integer_or_string_dtype",
            "integer_cast_of_integer": "integer_or_string_dtype", "integer_on_the_path": "integer_or_string_dtype",
            "stop_gradient": "stop_gradient", "recording_stopped": "recording_stopped",
            "left_the_tape": "left_the_tape", "variable_replaced_by_tensor": "variable_replaced_by_tensor",
            "state_changed": "state_changed", "no_gradient_registered": "no_gradient_registered",
            "no_gradient_user_op": "no_gradient_registered", "unconnected_zero": "unconnected_zero",
            "gradient_ok": None}


def explanations() -> dict:
    return {name: f() for name, f in CASES.items()}


if __name__ == "__main__":
    np.set_printoptions(legacy=False)
    for name, explanation in explanations().items():
        print(f"=== {name}\n{explanation!r}\n--- html\n{explanation._repr_html_()}")
