"""tape.events and tape.subscribe: order, content and determinism of both passes (docs/EVENTS.md)."""

import json
import sys

import numpy as np
import pytest

import tapekit as tk
from tapekit.introspect import events as ev
from tapekit._core.record.registry import execute


def lineno() -> int:
    return sys._getframe(1).f_lineno


def kinds(events, phase=None):
    return [e["kind"] for e in events if phase is None or e["phase"] == phase]


def of_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


def diamond():
    x = tk.Variable(2.0, name="x")
    with tk.GradientTape() as tape:
        a = x * 3.0
        b = x * x
        y = a * b
    grad = tape.gradient(y, x)
    return tape, grad


# ---------- forward ----------
def test_forward_events_of_a_diamond():
    tape, grad = diamond()
    assert grad.numpy() == pytest.approx(36.0)   # d(3x * x^2)/dx = 9x^2
    events = tape.events
    assert [e["seq"] for e in events] == list(range(len(events)))
    fwd = [e for e in events if e["phase"] == "forward"]
    assert kinds(fwd) == ["watch"] + ["op"] * 6
    watch = fwd[0]
    assert watch["tensor"] == "t0" and watch["how"] == "access" and watch["name"] == "x"
    assert watch["is_variable"] and watch["trainable"] and watch["differentiable"]
    assert (watch["shape"], watch["dtype"], watch["value"]) == ([], "float32", "2.")
    ops = of_kind(events, "op")
    assert [o["op"] for o in ops] == ["op0", "op1", "op2", "op3", "op4", "op5"]
    # x * x reads the variable twice, as in TF
    assert [o["type"] for o in ops] == ["ReadVariableOp", "Mul", "ReadVariableOp", "ReadVariableOp", "Mul", "Mul"]
    assert ops[0]["inputs"] == ["t0"] and ops[1]["inputs"][0] == ops[0]["outputs"][0]
    assert ops[5]["inputs"] == [ops[1]["outputs"][0], ops[4]["outputs"][0]]
    assert ops[5]["value"] == "24." and ops[5]["dtypes"] == ["float32"] and ops[5]["cut"] is None
    assert all(o["output_shapes"] == [[]] for o in ops)


def test_ids_are_stable_and_dense():
    tape, _ = diamond()
    ids = []
    for e in tape.events:
        for key in ("tensor", "to"):
            if key in e:
                ids.append(e[key])
        ids += e.get("inputs", []) + e.get("outputs", [])
    numbers = sorted({int(i[1:]) for i in ids})
    assert numbers == list(range(len(numbers)))


def test_pause_left_tape_assign_and_cut_events():
    v = tk.Variable([1.0, 2.0], name="v")
    with tk.GradientTape() as tape:
        h = v * 2.0
        left = lineno() + 1
        h.numpy()
        with tape.stop_recording():
            pause = lineno() - 1
            h * 3.0
        stop = lineno() + 1
        tk.stop_gradient(h)
        assign = lineno() + 1
        v.assign_add([1.0, 1.0])
    events = tape.events
    assert kinds(events) == ["watch", "op", "op", "left_tape", "pause", "op", "resume", "op", "assign"]
    lt = of_kind(events, "left_tape")[0]
    assert (lt["how"], lt["line"], lt["file"]) == ("numpy", left, __file__)
    assert of_kind(events, "pause")[0]["line"] == pause
    ops = of_kind(events, "op")
    assert ops[2]["cut"] == "recording_stopped" and ops[2]["line"] == pause + 2
    assert ops[3]["cut"] == "stop_gradient" and ops[3]["line"] == stop
    a = of_kind(events, "assign")[0]
    assert (a["tensor"], a["name"], a["how"], a["value"], a["line"]) == ("t0", "v", "assign_add", "[2. 3.]",
                                                                         assign)


def test_lines_of_all_ops_with_a_listener():
    x = tk.Variable(1.0)
    seen = []
    with tk.GradientTape() as tape:
        tape.subscribe(seen.append)
        first = lineno() + 1
        y = x * 2.0
        z = tk.exp(y)
    ops = of_kind(seen, "op")
    assert [o["line"] for o in ops] == [first, first, first + 1]
    assert of_kind(tape.events, "op") == ops
    del z



def test_op_lines_do_not_depend_on_the_path_through_tapekit():
    # Mul reached three ways (the operator with a variable, execute_binary, and from a user
    # function that tapekit calls back): each op's site is the innermost user line
    w = tk.Variable(2.0)

    def scaled(t):
        return t * 3.0   # the line of the third Mul

    inner = lineno() - 2
    with tk.GradientTape() as tape:
        first = lineno() + 1
        a = w * 2.0
        b = tk.multiply(a, a)
        c = tk.nest.map_structure(scaled, b)
        a = w * 2.0   # the first path again, after the others
    muls = [o for o in of_kind(tape.events, "op") if o["type"] == "Mul"]
    assert [o["stack"][0][2] for o in muls] == [first, first + 1, inner, first + 3]
    del c


# ---------- backward ----------
def test_backward_events_of_a_diamond_with_accumulation():
    tape, _ = diamond()
    back = [e for e in tape.events if e["phase"] == "backward"]
    start, end = back[0], back[-1]
    assert start["kind"] == "backward_start" and start["call"] == 0 and start["method"] == "gradient"
    assert start["sources"] == ["t0"] and start["output_gradients"] is None
    assert [e["op"] for e in back if e["kind"] == "visit"] == ["op5", "op4", "op3", "op2", "op1", "op0"]
    visit = back[1]
    assert visit["grads"] == [{"tensor": start["targets"][0], "value": "1.", "shape": []}]
    sends_to_x = [e for e in back if e["kind"] == "send" and e["to"] == "t0"]
    assert [s["accumulated"] for s in sends_to_x] == [False, True, True]
    assert sum(float(s["value"]) for s in sends_to_x) == pytest.approx(36.0)
    assert end["kind"] == "backward_end" and end["results"] == [
        {"source": "t0", "value": "36.", "shape": [], "dtype": "float32", "cause": None}]


def test_fan_out_same_input_twice():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, x)
    sends = of_kind(tape.events, "send")
    assert [(s["to"], s["value"], s["accumulated"]) for s in sends] == [("t0", "[1. 2.]", False),
                                                                        ("t0", "[1. 2.]", True)]


def test_output_gradients_and_intermediate_sources():
    x = tk.Variable([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        mid = x * 2.0
        y = mid * mid
    g = tape.gradient(y, mid, output_gradients=tk.constant([1.0, 0.5, 0.0]))
    np.testing.assert_allclose(g.numpy(), [4.0, 4.0, 0.0])
    start = of_kind(tape.events, "backward_start")[0]
    assert start["output_gradients"] == ["[1. 0.5 0.]"]
    mid_id = of_kind(tape.events, "op")[1]["outputs"][0]
    assert start["sources"] == [mid_id]
    assert of_kind(tape.events, "backward_end")[0]["results"][0]["value"] == "[4. 4. 0.]"


def test_values_survive_release_of_a_non_persistent_tape():
    x = tk.Variable(np.arange(20, dtype=np.float32))
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(x * 2.0)
    before = json.dumps(tape.events)
    tape.gradient(y, x)
    after = tape.events
    assert json.dumps(after[:len(json.loads(before))]) == before
    assert of_kind(after, "op")[1]["value"].endswith("shape=(20,)")


def test_nested_tapes():
    x = tk.Variable(3.0)
    with tk.GradientTape() as outer:
        with tk.GradientTape() as inner:
            y = x * x * x
        dy = inner.gradient(y, x)
    d2 = outer.gradient(dy, x)
    assert (dy.numpy(), d2.numpy()) == (27.0, 18.0)
    inner_ev, outer_ev = inner.events, outer.events
    assert kinds(inner_ev).count("backward_start") == 1
    assert of_kind(inner_ev, "backward_end")[0]["results"][0]["value"] == "27."
    # the outer tape recorded the inner gradient's ops too, then ran its own backward pass
    assert len(of_kind(outer_ev, "op")) > len(of_kind(inner_ev, "op"))
    assert of_kind(outer_ev, "backward_end")[0]["results"][0]["value"] == "18."


def test_jacobian_events_have_rows():
    x = tk.Variable([1.0, 2.0])
    with tk.GradientTape() as tape:
        y = x * x
    j = tape.jacobian(y, x)
    np.testing.assert_allclose(j.numpy(), [[2.0, 0.0], [0.0, 4.0]])
    start = of_kind(tape.events, "backward_start")[0]
    assert start["method"] == "jacobian"
    rows = [e["row"] for e in of_kind(tape.events, "visit")]
    assert rows == [0, 0, 0, 1, 1, 1]
    end = of_kind(tape.events, "backward_end")[0]
    assert end["results"][0]["shape"] == [2, 2] and end["results"][0]["value"] == "[[2. 0.] [0. 4.]]"


def test_two_calls_on_a_persistent_tape():
    x = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = x * x
    tape.gradient(y, x)
    tape.gradient(y, [x, tk.constant(1.0)])
    starts = of_kind(tape.events, "backward_start")
    assert [s["call"] for s in starts] == [0, 1]
    assert starts[1]["sources"] == ["t0", "t4"]          # a source the tape never saw: a fresh id
    assert of_kind(tape.events, "backward_end")[1]["results"][1]["cause"] == "not_watched"


def test_no_gradient_op_send_reason():
    tk.no_gradient("EventsTestDouble")
    x = tk.Variable(7.0)
    with tk.GradientTape() as tape:
        y = execute("EventsTestDouble", lambda a: a * 2, (tk.convert_to_tensor(x),)) * 3.0
    assert tape.gradient(y, x) is None
    sends = of_kind(tape.events, "send")
    assert sends[-1]["reason"] == "no_gradient_registered" and sends[-1]["value"] is None
    assert of_kind(tape.events, "op")[1]["cut"] == "no_gradient_registered"


def test_a_rule_that_returns_none_sends_none_returned():
    x = tk.Variable(7.0)
    with tk.GradientTape() as tape:
        y = (x // 2.0) * 3.0   # FloorDiv's rule returns None, as TF's
    assert tape.gradient(y, x) is None
    sends = of_kind(tape.events, "send")
    assert sends[-1]["reason"] == "none_returned" and sends[-1]["value"] is None
    assert of_kind(tape.events, "op")[1]["cut"] is None


def test_backward_events_are_bounded(monkeypatch):
    monkeypatch.setattr(ev, "MAX_BACKWARD_EVENTS", 10)
    x = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        y = x
        for _ in range(50):
            y = y * 1.0
    tape.gradient(y, x)
    back = [e for e in tape.events if e["phase"] == "backward"]
    assert len(back) == 1 + 10 + 1 + 1
    assert back[-2] == {"seq": back[-2]["seq"], "phase": "backward", "kind": "truncated", "dropped": 92}


# ---------- listeners and determinism ----------
def test_subscribe_sees_the_same_events_live():
    seen = []
    x = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        unsubscribe = tape.subscribe(seen.append)
        a = x * 3.0
        y = a * x
    tape.gradient(y, x)
    assert seen == tape.events
    assert kinds(seen, "backward")[0] == "backward_start" and kinds(seen)[-1] == "backward_end"
    unsubscribe()
    n = len(seen)
    with tk.GradientTape() as tape:
        y = x * 2.0
    assert len(seen) == n


def test_backward_events_of_large_ops_are_the_same_with_and_without_a_listener():
    # Without a listener the pass logs a chain op's visit and send as one raw item (and a small
    # op's as another); read back, they must give the events a listener sees live.
    def backward_events(listen):
        seen = []
        x = tk.Variable(np.linspace(0.1, 1.0, 100, dtype=np.float32))
        s = tk.Variable([0.5, 2.0])
        with tk.GradientTape() as tape:
            if listen:
                tape.subscribe(seen.append)
            y = tk.exp(x) * 2.0
            z = tk.reduce_sum(tk.math.log(y) - x) + tk.reduce_sum(s * s)
        tape.gradient(z, [x, s])
        return [e for e in (seen if listen else tape.events) if e["phase"] == "backward"]

    quiet, live = backward_events(False), backward_events(True)
    assert [e["kind"] for e in quiet].count("send") >= 6
    assert quiet == live


def test_subscribe_late_continues_ids_and_seq():
    seen = []
    x = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        a = x * 3.0
        tape.subscribe(seen.append)
        y = a * x
    tape.gradient(y, x)
    assert seen == tape.events[-len(seen):]
    assert seen[0]["seq"] > 0
    with pytest.raises(TypeError):
        tape.subscribe(42)


def _program():
    x = tk.Variable([1.0, 2.0], name="x")
    c = tk.constant([3.0, 4.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(c)
        a = x * c
        b = tk.stop_gradient(a) + x
        with tape.stop_recording():
            b * 2.0
        y = tk.reduce_sum(a * b)
    tape.gradient(y, [x, c])
    tape.jacobian(a, x)
    return json.dumps(tape.events)


def test_same_program_gives_byte_identical_json():
    assert _program() == _program()


def test_events_are_plain_json_types():
    data = json.loads(_program())

    def walk(obj):
        if isinstance(obj, dict):
            assert all(isinstance(k, str) for k in obj)
            for v in obj.values():
                walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)
        else:
            assert obj is None or isinstance(obj, (str, int, float, bool))

    walk(data)


def test_reset_starts_the_events_over():
    x = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        x * 2.0
        tape.reset()
        y = x * 3.0
    assert kinds(tape.events) == ["watch", "op", "op"] and tape.events[0]["seq"] == 0
    del y


# ---------- previews ----------
@pytest.mark.parametrize("value, text", [
    (np.float32(3.0), "3."),
    (np.array([1.5, -2.0], np.float32), "[1.5 -2.]"),
    (np.array([[1, 2], [3, 4]], np.int32), "[[1 2] [3 4]]"),
    (np.array(1e-7), "1.e-07"),
    (np.array([True, False]), "[True False]"),
    (np.array(np.nan), "nan"),
    (np.array(2 / 3), "0.6667"),
])
def test_preview_small_values(value, text):
    assert ev.preview(np.asarray(value)) == text


def test_preview_elides_large_values_with_shape():
    text = ev.preview(np.arange(1000.0).reshape(10, 100))
    assert text.startswith("[0. 1.") and text.endswith("shape=(10, 100)") and len(text) <= 40
    sample = ev.sample(np.arange(1000.0))
    assert sample.size == ev.SAMPLE_SIZE and ev.preview(sample, [1000]) == ev.preview(np.arange(1000.0))


def test_watch_events_name_the_users_line_whatever_path_read_the_variable():
    """Watches take the user's site the cheap way (a guess per kind, checked, else a walk): each
    watch, explicit or a first read through any op, names the line that caused it."""
    w = tk.Variable([[1.0, 2.0]], name="w")
    b = tk.Variable([0.5], name="b")
    x = tk.constant([[3.0], [4.0]])
    for _ in range(2):                          # the second round meets the guesses of the first
        with tk.GradientTape() as tape:
            tape.watch(x); watch_line = lineno()    # noqa: E702 - the line of the call itself
            h = tk.matmul(x, w); w_line = lineno()  # noqa: E702
            y = h + b; b_line = lineno()            # noqa: E702
        tape.gradient(y, [w, b])
        lines = {(e["how"], e["name"]): (e["line"], e["file"]) for e in of_kind(tape.events, "watch")}
        assert lines == {("watch", None): (watch_line, __file__), ("access", "w"): (w_line, __file__),
                         ("access", "b"): (b_line, __file__)}


def test_a_large_variable_read_shows_its_value_at_the_read_even_after_an_assign():
    """A large variable's reads share one ghost until it is assigned: each tape shows the value it read."""
    v = tk.Variable(np.arange(100, dtype=np.float32), name="v")    # > 64 elements: its reads keep a ghost
    tapes = []
    for _ in range(3):
        with tk.GradientTape() as tape:
            y = v * 2.0
            z = v * 3.0                                  # a second read on the same tape
        tape.gradient(y + z, v)
        tapes.append(tape)
        v.assign_add(np.full(100, 1000.0, np.float32))
    for step, tape in enumerate(tapes):
        want = "[{}. {}. {}.".format(*(1000 * step + k for k in range(3)))
        reads = [e for e in of_kind(tape.events, "op") if e["type"] == "ReadVariableOp"]
        assert len(reads) == 2 and all(e["value"].startswith(want) for e in reads), (step, reads)
        watch = of_kind(tape.events, "watch")[0]
        assert watch["value"].startswith(want) and watch["shape"] == [100]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_backward_events_show_each_large_gradients_first_elements(dtype):
    # every gradient the pass sends is sampled once (2-D, 1-D and 3-D layouts, a narrow matrix):
    # the events, replayed after gradient() or seen live, show its first elements and shape
    shapes = [(20, 16), (100,), (4, 5, 6), (40, 3)]
    def run(listen):
        seen = []
        vs = [tk.Variable(np.linspace(-1, 1, int(np.prod(s)), dtype=dtype).reshape(s)) for s in shapes]
        with tk.GradientTape() as tape:
            if listen:
                tape.subscribe(seen.append)
            z = sum(tk.reduce_sum(tk.exp(v) * v) for v in vs)
        grads = tape.gradient(z, vs)
        return vs, grads, [e for e in (seen if listen else tape.events) if e["phase"] == "backward"]

    for listen in (False, True):
        vs, grads, backward = run(listen)
        results = backward[-1]["results"]
        for v, g, r in zip(vs, grads, results):
            assert r["value"] == ev.preview(g.numpy()) and r["shape"] == list(v.shape)
        sends = [e["value"] for e in backward if e["kind"] == "send"]
        for v in vs:   # exp's send to v: d(exp(v) * v)/d exp(v) = v, then the Exp rule: v * exp(v)
            x = v.numpy()
            assert ev.preview(x) in sends and ev.preview(x * np.exp(x)) in sends


# ---------- tape.events is built once per state of the tape ----------
def test_tape_events_are_kept_until_the_tape_changes(monkeypatch):
    builds = []
    replay = ev._Builder.replay
    monkeypatch.setattr(ev._Builder, "replay", lambda self, *args: builds.append(1) or replay(self, *args))
    x = tk.Variable(2.0, name="x")
    with tk.GradientTape(persistent=True) as tape:
        y = x * x
    first = tape.events
    assert tape.events == first and len(builds) == 1            # asked again: not built again
    first[0]["kind"] = "changed by the caller"
    first.append({"kind": "extra"})
    assert tape.events[0]["kind"] == "watch" and len(tape.events) == len(first) - 1   # the caller's copies
    with tape:
        z = y + 1.0                                             # one more op: built again
    assert kinds(tape.events)[-1] == "op" and len(builds) == 2
    tape.gradient(z, x)                                         # the backward pass's events
    backward = tape.events
    assert kinds(backward)[-1] == "backward_end" and len(builds) == 3
    assert tape.events == backward and len(builds) == 3


def test_tape_events_of_a_tape_used_again_are_its_new_recording():
    x = tk.Variable(2.0, name="x")
    tape = tk.GradientTape()
    with tape:
        y = x * x
    tape.gradient(y, x)
    before = tape.events
    with tape:                                                  # spent: it starts afresh
        tk.exp(x)
    after = tape.events
    assert [e.get("type") for e in after if e["kind"] == "op"] == ["ReadVariableOp", "Exp"]
    assert before != after


def test_events_read_the_tape_only_through_its_view():
    # the log reads entries, listeners and tracked ids from the tape's TapeView (events.view_of)
    import ast
    import inspect

    from tapekit.introspect import log_records

    for module in (ev, log_records):
        tree = ast.parse(inspect.getsource(module))
        private = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                   and node.attr in ("_entries", "_listeners", "_tracked", "_log", "_events")
                   and not (isinstance(node.value, ast.Name) and node.value.id == "self")}
        assert not private, (module.__name__, private)


def test_the_builders_shortcuts_preview_values_as_preview_does():
    # _Builder.text formats a float scalar without NumPy and each distinct value once
    values = [(np.float32(v), []) for v in (0.0, -0.0, 1.0001, 1e-5, 123456.0, 1e30, np.nan, -np.inf, 2.5e-4)]
    values += [(np.array(1.5, np.float64), []), (np.array([3.25], np.float32), []), (np.int32(7), []),
               (np.bool_(True), []), (np.complex64(1 - 2j), []), (np.arange(6.0).reshape(2, 3), [2, 3]),
               (np.arange(8, dtype=np.float32), [4, 50]), (np.arange(3.0), None), (np.array(["a", "b"]), [2])]
    builder = ev._Builder(emit=None)
    for _ in range(2):                                          # formatted, then from the builder's memo
        for raw, shape in values:
            assert builder.text(raw, shape) == ev.preview(raw, shape), (raw, shape)
    assert builder.text(None, []) is None
