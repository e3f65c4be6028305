"""tape.explain(): every None gradient gets a cause, the op and the user's line, and a fix.

The cases are the seeds' examples (the TF guide's "getting None" section and the course notes).
"""

import sys

import numpy as np
import pytest

import tapekit as tk
from tapekit._core.record.registry import execute


def lineno() -> int:
    """The caller's current line."""
    return sys._getframe(1).f_lineno


def check(exp, cause, op_type=None, line=None):
    assert exp.cause == cause, repr(exp)
    assert (exp.op or {}).get("type") == op_type, repr(exp)
    if line is not None:
        assert exp.line == line and exp.file == __file__, repr(exp)
    assert exp.message and (exp.fix or cause is None)


# ---------- the TF guide's examples ----------
def test_target_not_connected_to_source():
    x = tk.Variable(2.)
    y = tk.Variable(3.)
    with_line = lineno() + 1
    with tk.GradientTape() as tape:
        z = y * y
    assert tape.gradient(z, x) is None
    check(tape.explain(z, x), "not_connected", None, with_line)


def test_variable_replaced_by_tensor():
    x = tk.Variable(2.0)
    results = []
    for _epoch in range(2):
        with tk.GradientTape() as tape:
            y = x + 1
        results.append((tape.gradient(y, x), tape.explain(y, x)))
        rebind = lineno() + 1
        x = x + 1   # This should be `x.assign_add(1)`
    (g0, e0), (g1, e1) = results
    assert g0.numpy() == 1.0 and e0.cause is None
    assert g1 is None
    check(e1, "variable_replaced_by_tensor", None, rebind)
    assert "x.assign_add(1)" in e1.fix


def test_replaced_variable_points_at_the_rebinding_not_the_creation_line():
    w = tk.Variable(2.0, name="w")
    results = []
    for _step in range(2):
        with tk.GradientTape() as tape:
            loss = w * w
        results.append((tape.gradient(loss, w), tape.explain(loss, w)))
        rebind = lineno() + 1
        w = w - 0.1
    assert results[1][0] is None
    check(results[1][1], "variable_replaced_by_tensor", None, rebind)


def test_notebook_cells_are_called_cell():
    from tapekit.introspect.explain import _short_file

    assert _short_file("/tmp/ipykernel_4242/2486720287.py") == "cell"
    assert _short_file("/home/me/train.py") == "train.py"


def test_computed_outside_tapekit_with_numpy():
    x = tk.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tk.float32)
    with tk.GradientTape() as tape:
        x2 = x**2
        out = lineno() + 1
        y = np.mean(x2, axis=0)
        y = tk.reduce_mean(y, axis=0)
    assert tape.gradient(y, x) is None
    check(tape.explain(y, x), "left_the_tape", "Pow", out)


@pytest.mark.parametrize("how", ["numpy", "float"])
def test_numpy_and_float_round_trips(how):
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        h = x * 2.0
        out = lineno() + 1
        v = h.numpy() if how == "numpy" else float(h)
        y = tk.constant(v) * 3.0
    assert tape.gradient(y, x) is None
    check(tape.explain(y, x), "left_the_tape", "Mul", out)


def test_integer_source():
    x = tk.constant(10)
    with tk.GradientTape() as g:
        watch = lineno() + 1
        g.watch(x)
        y = x * x
    assert g.gradient(y, x) is None
    check(g.explain(y, x), "integer_or_string_dtype", None, watch)


def test_integer_variable():
    v = tk.Variable(2)
    with tk.GradientTape() as tape:
        read = lineno() + 1
        y = v * v
    assert tape.gradient(y, v) is None
    check(tape.explain(y, v), "integer_or_string_dtype", None, read)


def test_cast_to_integer_names_the_cast():
    x = tk.Variable(2.5)
    with tk.GradientTape() as tape:
        cast = lineno() + 1
        i = tk.cast(x, tk.int32)
        y = tk.cast(i, tk.float32) * 2.0
    assert tape.gradient(y, x) is None
    check(tape.explain(y, x), "integer_or_string_dtype", "Cast", cast)


def test_stateful_assign_cuts_the_history():
    x0 = tk.Variable(3.0)
    x1 = tk.Variable(0.0)
    with tk.GradientTape() as tape:
        assign = lineno() + 1
        x1.assign_add(x0)
        y = x1**2
    assert tape.gradient(y, x0) is None
    exp = tape.explain(y, x0)
    check(exp, "state_changed", "AssignAddVariableOp", assign)
    assert "x1.assign_add" in exp.message


# ---------- watching ----------
def test_unwatched_constant():
    x = tk.constant(3.0)
    with_line = lineno() + 1
    with tk.GradientTape() as g:
        y = x * x
    assert g.gradient(y, x) is None
    exp = g.explain(y, x)
    check(exp, "not_watched", None, with_line)
    assert "tape.watch(x)" in exp.fix


def test_non_trainable_variable():
    w = tk.Variable(2.0, trainable=False)
    with_line = lineno() + 1
    with tk.GradientTape() as tape:
        y = w * 3.0
    assert tape.gradient(y, w) is None
    exp = tape.explain(y, w)
    check(exp, "not_watched", None, with_line)
    assert "trainable=False" in exp.message


def test_watch_accessed_variables_false():
    v = tk.Variable(2.0)
    with_line = lineno() + 1
    with tk.GradientTape(watch_accessed_variables=False) as tape:
        y = v * v
    assert tape.gradient(y, v) is None
    check(tape.explain(y, v), "not_watched", None, with_line)


# ---------- cuts ----------
def test_stop_gradient():
    x = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        stop = lineno() + 1
        y = tk.stop_gradient(x * x) + 0.0
    assert tape.gradient(y, x) is None
    check(tape.explain(y, x), "stop_gradient", "StopGradient", stop)


def test_stop_recording():
    x = tk.constant(3.0)
    with tk.GradientTape() as t:
        t.watch(x)
        y = x * x
        with t.stop_recording():
            inside = lineno() + 1
            z = y * y
    assert t.gradient(z, x) is None
    check(t.explain(z, x), "recording_stopped", "Mul", inside)


def test_control_flow_skips_a_variable():
    x = tk.constant(1.0)
    v0 = tk.Variable(2.0)
    v1 = tk.Variable(2.0)
    with_line = lineno() + 1
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        test = lineno() + 1
        if x > 0.0:
            result = v0
        else:
            result = v1**2
    dv0, dv1 = tape.gradient(result, [v0, v1])
    assert dv0.numpy() == 1.0 and dv1 is None
    exp = tape.explain(result, [v0, v1])
    assert exp[0].cause is None
    check(exp[1], "not_connected", None, with_line)
    assert tape.gradient(result, x) is None
    check(tape.explain(result, x), "not_connected", "Greater", test)


def test_floordiv_has_a_rule_that_returns_none_as_in_tf():
    x = tk.Variable(7.0)
    with tk.GradientTape() as tape:
        y = (x // 2.0) * 3.0
    assert tape.gradient(y, x) is None
    check(tape.explain(y, x), "not_connected", "FloorDiv")
    assert "returns None" in tape.explain(y, x).message


def test_user_declared_no_gradient():
    tk.no_gradient("ExplainTestDouble")
    x = tk.Variable([1.0, 2.0])
    with tk.GradientTape() as tape:
        op_line = lineno() + 1
        y = tk.reduce_sum(execute("ExplainTestDouble", lambda a: a * 2, (tk.convert_to_tensor(x),)))
    assert tape.gradient(y, x) is None
    check(tape.explain(y, x), "no_gradient_registered", "ExplainTestDouble", op_line)


def test_unconnected_zero():
    x = tk.Variable([2., 2.])
    y = tk.Variable(3.)
    with tk.GradientTape(persistent=True) as tape:
        z = y**2
    g = tape.gradient(z, x, unconnected_gradients=tk.UnconnectedGradients.ZERO)
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0])
    exp = tape.explain(z, x, unconnected_gradients=tk.UnconnectedGradients.ZERO)
    check(exp, "unconnected_zero")
    assert exp[0].underlying == "not_connected"
    assert tape.events[-1]["results"][0]["cause"] == "unconnected_zero"


def test_target_computed_after_the_with_block():
    v = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as t:
        a = v * 1.0
        b = v * v
    assert t.gradient(a + b, v) is None
    exp = t.explain(a + b, v)
    check(exp, "not_connected")
    assert "outside the with-block" in exp.message


# ---------- behaviour of explain itself ----------
def test_gradient_that_exists_has_no_cause_and_intermediate_sources_work():
    x = tk.Variable(3.0)
    with tk.GradientTape(persistent=True) as tape:
        mid = x * x
        y = mid * 2.0
    exp = tape.explain(y, {"x": x, "mid": mid})
    assert [e.cause for e in exp] == [None, None]
    assert exp.structure["mid"].cause is None
    assert tape.explain(y, y).cause is None


def test_explain_right_after_gradient_on_non_persistent_tape():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        stop = lineno() + 1
        y = tk.reduce_sum(tk.stop_gradient(x) * x) + tk.reduce_sum(tk.stop_gradient(x * 2.0))
    g = tape.gradient(y, x)
    np.testing.assert_allclose(g.numpy(), [1.0, 2.0])
    with tk.GradientTape() as t2:
        t2.watch(x)
        z = tk.stop_gradient(x * x)
    assert t2.gradient(z, x) is None
    check(t2.explain(z, x), "stop_gradient", "StopGradient", lineno() - 2)
    assert tape.explain(y, x).cause is None, stop


def test_backward_end_causes_match_explain():
    w = tk.Variable(1.0, name="w")
    c = tk.constant(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = tk.stop_gradient(w * 2.0) + c
    grads = tape.gradient(y, [w, c])
    assert grads == [None, None]
    end = tape.events[-1]
    assert [r["cause"] for r in end["results"]] == ["stop_gradient", "not_watched"]
    assert [e.cause for e in tape.explain(y, [w, c])] == ["stop_gradient", "not_watched"]


def test_repr_and_html_are_readable_and_escaped():
    vs = [tk.Variable(1.0, name="<img src=x onerror=alert(1)>")]
    with tk.GradientTape() as tape:
        z = tk.stop_gradient(vs[0] * 2.0)
    exp = tape.explain(z, [vs[0]])
    text = repr(exp)
    assert "stop_gradient" in text and "Fix:" in text and "StopGradient" in text
    page = exp._repr_html_()
    assert "<img" not in page and "&lt;img" in page
    assert exp.to_dict()["items"][0]["cause"] == "stop_gradient"


def test_explain_rejects_bad_arguments():
    x = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        y = x * 2.0
    with pytest.raises(TypeError):
        tape.explain(None, x)
    with pytest.raises(TypeError):
        tape.explain(y, [1.0])
    with pytest.raises(AttributeError):
        _ = tape.explain(y, [x, x]).cause
