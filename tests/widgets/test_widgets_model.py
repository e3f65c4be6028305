"""The tape player's pure-Python frame model, on hand-written events (docs/EVENTS.md) and real tapes."""

import json

import pytest

import tapekit as tk
from tapekit.widgets import build_frames


def _op(seq, op, typ, inputs, outputs, shapes, value, cut=None, line=1):
    return {"seq": seq, "phase": "forward", "kind": "op", "op": op, "type": typ, "inputs": inputs,
            "outputs": outputs, "input_shapes": [[] for _ in inputs], "output_shapes": shapes,
            "dtypes": ["float32"] * len(outputs), "value": value, "file": "cell", "line": line, "cut": cut}


def diamond_events():
    """x = Variable(3.); a = x * 2; b = x + 1; y = a * b  (x fans out to two ops, y joins them)."""
    ev = [
        {"seq": 0, "phase": "forward", "kind": "watch", "tensor": "t0", "how": "access", "name": "x",
         "is_variable": True, "trainable": True, "shape": [], "dtype": "float32", "value": "3.0",
         "differentiable": True},
        _op(1, "op0", "ReadVariableOp", ["t0"], ["t1"], [[]], "3.0"),
        _op(2, "op1", "Mul", ["t1", "t2"], ["t3"], [[]], "6.0", line=2),
        _op(3, "op2", "ReadVariableOp", ["t0"], ["t4"], [[]], "3.0"),
        _op(4, "op3", "AddV2", ["t4", "t5"], ["t6"], [[]], "4.0", line=3),
        _op(5, "op4", "Mul", ["t3", "t6"], ["t7"], [[]], "24.0", line=4),
    ]
    bw = [
        {"kind": "backward_start", "call": 0, "targets": ["t7"], "sources": ["t0"], "output_gradients": None},
        {"kind": "visit", "op": "op4", "type": "Mul", "grads": [{"tensor": "t7", "value": "1.0", "shape": []}]},
        {"kind": "send", "op": "op4", "to": "t3", "value": "4.0", "shape": [], "accumulated": False, "reason": None},
        {"kind": "send", "op": "op4", "to": "t6", "value": "6.0", "shape": [], "accumulated": False, "reason": None},
        {"kind": "visit", "op": "op3", "type": "AddV2", "grads": [{"tensor": "t6", "value": "6.0", "shape": []}]},
        {"kind": "send", "op": "op3", "to": "t4", "value": "6.0", "shape": [], "accumulated": False, "reason": None},
        {"kind": "visit", "op": "op2", "type": "ReadVariableOp", "grads": [{"tensor": "t4", "value": "6.0",
                                                                          "shape": []}]},
        {"kind": "send", "op": "op2", "to": "t0", "value": "6.0", "shape": [], "accumulated": False, "reason": None},
        {"kind": "visit", "op": "op1", "type": "Mul", "grads": [{"tensor": "t3", "value": "4.0", "shape": []}]},
        {"kind": "send", "op": "op1", "to": "t1", "value": "8.0", "shape": [], "accumulated": False, "reason": None},
        {"kind": "visit", "op": "op0", "type": "ReadVariableOp", "grads": [{"tensor": "t1", "value": "8.0",
                                                                          "shape": []}]},
        {"kind": "send", "op": "op0", "to": "t0", "value": "8.0", "shape": [], "accumulated": True, "reason": None},
        {"kind": "backward_end", "results": [{"source": "t0", "value": "14.0", "shape": [], "dtype": "float32",
                                              "cause": None}]},
    ]
    for k, e in enumerate(bw):
        e["seq"], e["phase"] = len(ev) + k, "backward"
    return ev + bw


def test_diamond_graph_folds_variable_reads_and_has_stable_ids():
    model = build_frames(diamond_events())
    assert [n["id"] for n in model.nodes] == ["t0", "op1", "t2", "t3", "op3", "t5", "t6", "op4", "t7"]
    edges = {(e["from"], e["to"]) for e in model.edges}
    assert ("t0", "op1") in edges and ("t0", "op3") in edges  # the read is drawn straight from x
    assert model.watched == ["t0"] and model.sources == ["t0"]


def test_diamond_frame_counts():
    model = build_frames(diamond_events())
    # intro + watch + 3 visible ops; backward: start + (visit + sends) for 3 ops + end
    assert model.forward_frames == 5
    assert len(model.frames) == 5 + 1 + 3 * 2 + 1
    assert [f["phase"] for f in model.frames] == ["forward"] * 5 + ["backward"] * 8


def test_diamond_every_node_state_per_frame():
    model = build_frames(diamond_events())
    ids = ["t0", "op1", "t2", "t3", "op3", "t5", "t6", "op4", "t7"]

    def fwd(i):
        st = model.state_at(i)
        return [st[k]["s"] for k in ids]

    def bwd(i):
        st = model.state_at(i)
        return [st[k]["g"] for k in ids]

    h = "hidden"
    assert fwd(0) == [h] * 9
    assert fwd(1) == ["watched"] + [h] * 8
    assert fwd(2) == ["watched", "op", "const", "value"] + [h] * 5
    assert fwd(3) == ["watched", "op", "const", "value", "op", "const", "value", h, h]
    assert fwd(4) == ["watched", "op", "const", "value", "op", "const", "value", "op", "value"]
    assert bwd(4) == [None] * 9
    w = "wait"
    assert bwd(5) == [w] * 8 + ["grad"]                    # start: only the target has its seed
    assert bwd(6) == [w] * 7 + ["active", "grad"]          # visit y = a * b
    assert bwd(7) == [w, w, w, "grad", w, w, "grad", "done", "grad"]
    assert bwd(8) == [w, w, w, "grad", "active", w, "grad", "done", "grad"]
    assert bwd(9) == ["grad", w, w, "grad", "done", w, "grad", "done", "grad"]
    assert bwd(10) == ["grad", "active", w, "grad", "done", w, "grad", "done", "grad"]
    assert bwd(11) == ["acc", "done", w, "grad", "done", w, "grad", "done", "grad"]
    final = model.state_at(12)
    assert final["t0"]["g"] == "grad" and final["t0"]["gv"] == "14.0"
    # constants are never reached: at the end they are finished (their forward look), not "waiting"
    assert final["t2"]["g"] is None and final["t5"]["g"] is None


def test_fan_out_accumulation_is_visible_on_edge_and_caption():
    model = build_frames(diamond_events())
    st = model.state_at(11)
    edge_from_x = next(e["id"] for e in model.edges if e["from"] == "t0" and e["to"] == "op1")
    assert st[edge_from_x]["g"] == "acc"
    assert "added to what it already has: 2 of 2" in model.frames[11]["caption"]
    assert edge_from_x in model.frames[11]["hot"]


def test_none_source_shows_its_cause():
    events = diamond_events()
    events[-1]["results"].append({"source": "t9", "value": None, "shape": None, "dtype": None,
                                  "cause": "not_watched"})
    next(e for e in events if e["kind"] == "backward_start")["sources"] = ["t0", "t9"]
    model = build_frames(events, explanations={"t9": {"message": "z was never watched.", "fix": "tape.watch(z)"}},
                         source_names={"t9": "z"})
    final = model.state_at(len(model.frames) - 1)
    assert final["t9"]["g"] == "none" and final["t9"]["cause"] == "not_watched"
    assert final["t9"]["why"] == "z was never watched."
    assert "∂/∂z = None (not watched)" in model.frames[-1]["caption"]
    assert next(n for n in model.nodes if n["id"] == "t9")["role"] == "unseen"


def test_zero_and_none_and_unreached_are_distinct():
    events = diamond_events()
    events[-1]["results"] = [{"source": "t0", "value": "0.0", "shape": [], "dtype": "float32",
                              "cause": "unconnected_zero"}]
    model = build_frames(events)
    final = model.state_at(12)
    assert final["t0"]["g"] == "zero" and final["t2"]["g"] is None     # zero, and finished (never reached)
    assert model.state_at(11)["t2"]["g"] == "wait"                      # unreached, while the pass runs


def test_events_are_json_and_frames_deterministic():
    a = build_frames(diamond_events()).to_json()
    b = build_frames(diamond_events()).to_json()
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    with pytest.raises(IndexError):
        build_frames(diamond_events()).state_at(99)


# ---------- real tapes (tape.events from tapekit/introspect/events.py) ----------
needs_events = pytest.mark.skipif(not hasattr(tk.GradientTape(), "events"), reason="tape.events not available yet")


@needs_events
def test_real_diamond_tape_matches_the_fixture_shape():
    x = tk.Variable(3.0, name="x")
    with tk.GradientTape(persistent=True) as tape:
        a = x * 2.0
        b = x + 1.0
        y = a * b
    grad = tape.gradient(y, x)
    assert float(grad) == pytest.approx(14.0)
    model = build_frames(tape.events)
    ops = [n["type"] for n in model.nodes if n["kind"] == "op"]
    assert ops == ["Mul", "AddV2", "Mul"]
    final = model.state_at(len(model.frames) - 1)
    xid = model.watched[0]
    assert final[xid]["g"] == "grad" and final[xid]["gv"].startswith("14")
    assert any(final[e["id"]]["g"] == "acc" for e in model.edges if e["from"] == xid)


@needs_events
def test_real_none_source_has_cause():
    w = tk.Variable(2.0, name="w")
    c = tk.constant(5.0)
    with tk.GradientTape(persistent=True) as tape:
        y = w * c
    assert tape.gradient(y, [w, c])[1] is None
    model = build_frames(tape.events)
    final = model.state_at(len(model.frames) - 1)
    res = {r["name"]: r for r in model.results}
    cid = model.sources[1]
    assert final[cid]["g"] == "none" and res[next(iter(k for k in res if k != "w"))]["cause"] == "not_watched"


@needs_events
def test_nested_tapes_outer_records_inner_gradient_ops():
    x = tk.Variable(2.0, name="x")
    with tk.GradientTape() as outer:
        with tk.GradientTape() as inner:
            y = x * x * x
        dy = inner.gradient(y, x)
    d2 = outer.gradient(dy, x)
    assert float(d2) == pytest.approx(12.0)
    m_inner, m_outer = build_frames(inner.events), build_frames(outer.events)
    n_inner = sum(n["kind"] == "op" for n in m_inner.nodes)
    n_outer = sum(n["kind"] == "op" for n in m_outer.nodes)
    assert n_inner == 2 and n_outer > n_inner   # the outer tape also recorded the inner backward ops
    assert m_outer.frames[-1]["phase"] == "backward"
    assert m_outer.state_at(len(m_outer.frames) - 1)[m_outer.sources[0]]["g"] in ("grad", "acc")


# ---------- issue 12: what the picture says (programs written as a student would) ----------
def _model(tape, target, sources, source_names=None):
    tape.gradient(target, sources)
    return build_frames(tape.events, source_names=source_names)


def _named(model, name):
    return [n for n in model.nodes if n.get("name") == name]


def _final(model):
    return model.state_at(len(model.frames) - 1)


def test_non_trainable_variable_is_drawn_as_the_ops_input_not_watched():
    w = tk.Variable(2.0, name="w")
    frozen = tk.Variable(3.0, name="frozen", trainable=False)
    with tk.GradientTape(persistent=True) as tape:
        y = w * frozen
    model = _model(tape, y, [w, frozen])
    (node,) = _named(model, "frozen")
    assert node["role"] == "frozen" and node["variable"] and not node["watched"]
    assert node["value"] == "3."
    mul = next(n for n in model.nodes if n.get("type") == "Mul")
    assert {"from": node["id"], "to": mul["id"]}.items() <= next(
        e for e in model.edges if e["from"] == node["id"]).items()   # an edge from the variable into Mul
    assert not any(n["kind"] == "tensor" and n["role"] == "const" for n in model.nodes)  # no anonymous const
    final = _final(model)
    assert final[node["id"]]["g"] == "none" and final[node["id"]]["cause"] == "not_watched"
    assert any("does not watch" in f["caption"] for f in model.frames)


def test_watch_accessed_variables_false_reads_are_inputs_too():
    v = tk.Variable(4.0, name="v")
    x = tk.constant(1.5)
    with tk.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(x)
        y = x * v
    model = _model(tape, y, [x, v])
    (node,) = _named(model, "v")
    assert node["role"] == "frozen"
    assert any(e["from"] == node["id"] for e in model.edges)


def test_constants_show_their_values():
    x = tk.Variable(3.0, name="x")
    c = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        y = x * 2.0 + c
    model = _model(tape, y, [x])
    values = {n["value"] for n in model.nodes if n["kind"] == "tensor" and n["role"] == "const"}
    assert values == {"2.", "[1. 2. 3.]"}
    assert all(n["value"] is not None for n in model.nodes if n["kind"] == "tensor")


def test_big_constant_keeps_a_preview_with_its_shape_after_a_non_persistent_gradient():
    x = tk.Variable(tk.ones([100]), name="x")
    c = tk.constant(list(range(100)), dtype=tk.float32)
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(x + c)
    model = _model(tape, y, [x])      # the tape released its values: previews remain
    (const,) = [n for n in model.nodes if n["kind"] == "tensor" and n["role"] == "const"]
    assert const["value"].startswith("[0. 1. 2.") and const["value"].endswith("shape=(100,)")


def test_intermediates_are_named_by_the_assignment_of_their_line():
    speed = tk.Variable(4.0, name="speed")
    hours = tk.constant(2.5)
    with tk.GradientTape() as tape:
        distance = speed * hours
        total = distance * 2.0 + 1.0
    model = _model(tape, total, [speed])
    assert _named(model, "distance")[0]["named_by"] == "assignment"
    assert _named(model, "distance")[0]["value"] == "10."
    assert _named(model, "total")[0]["named_by"] == "assignment"
    assert _named(model, "hours")[0]["named_by"] == "argument"      # the constant, named as the line writes it
    assert _named(model, "distance * 2.0")[0]["named_by"] == "expression"   # no assignment: its code
    # captions speak the user's names
    assert any("Recorded Mul(speed, hours) → distance = 10.0" in f["caption"] for f in model.frames)


def test_names_passed_to_sources_and_target_name_the_nodes():
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, x)
    events = tape.events
    start = next(e for e in events if e["kind"] == "backward_start")
    model = build_frames(events, source_names={start["sources"][0]: "x"}, target_names={start["targets"][0]: "y"})
    assert _named(model, "x")[0]["id"] == start["sources"][0]
    assert _named(model, "y")[0]["id"] == start["targets"][0]


def test_watched_tensor_is_named_from_the_watch_line():
    speed = tk.constant(4.0)
    with tk.GradientTape() as tape:
        tape.watch(speed)
        y = speed * 3.0
    model = _model(tape, y, [speed])
    assert _named(model, "speed")[0]["role"] == "watched"


def test_two_dense_layers_have_layer_qualified_names_and_groups():
    tk.keras.layers.clear_session() if hasattr(tk.keras.layers, "clear_session") else None
    hidden = tk.keras.layers.Dense(3, activation="relu", name="hidden")
    out = tk.keras.layers.Dense(1, name="out")
    x = tk.constant([[1.0, 2.0]])
    with tk.GradientTape() as tape:
        h = hidden(x)
        y = out(h)
        loss = tk.reduce_mean(tk.square(y - 1.0))
    model = _model(tape, loss, hidden.trainable_weights + out.trainable_weights)
    names = {n["name"] for n in model.nodes if n.get("variable")}
    assert {"hidden/kernel", "hidden/bias", "out/kernel", "out/bias"} <= names
    assert len(_named(model, "hidden/kernel")) == 1 and len(_named(model, "out/kernel")) == 1
    layers = {g["label"]: g for g in model.groups if g["kind"] == "layer"}
    assert set(layers) == {"hidden", "out"} and layers["hidden"]["ops"] == 3   # MatMul, AddV2, Relu
    assert _named(model, "h")[0]["group"] == layers["hidden"]["id"]
    assert _named(model, "x")[0]["named_by"] == "argument"


def test_a_loop_is_grouped_by_iteration():
    w = tk.Variable(0.5, name="w")
    with tk.GradientTape() as tape:
        y = tk.constant(1.0)
        for _ in range(4):
            y = y * w + 1.0
    model = _model(tape, y, [w])
    (loop,) = [g for g in model.groups if g["kind"] == "loop"]
    iterations = [g for g in model.groups if g["kind"] == "iteration"]
    assert loop["label"] == "for _ in range(4)" and loop["ops"] == 8
    assert [g["label"] for g in iterations] == [f"iteration {k}" for k in range(1, 5)]
    assert all(g["parent"] == loop["id"] and g["ops"] == 2 for g in iterations)
    ops = [n for n in model.nodes if n["kind"] == "op"]
    assert [n["group"] for n in ops] == [g["id"] for g in iterations for _ in range(2)]
    assert all(n["name"] == "y" for n in model.nodes if n.get("producer") in {ops[1]["id"], ops[3]["id"]})


def test_long_loops_are_cut_into_runs_of_iterations():
    w = tk.Variable(0.5, name="w")
    with tk.GradientTape() as tape:
        y = tk.constant(1.0)
        for _ in range(100):
            y = tk.sin(y * w)
    model = _model(tape, y, [w])
    runs = [g for g in model.groups if g["kind"] == "iterations"]
    assert [g["label"] for g in runs][:2] == ["iterations 1–10", "iterations 11–20"] and len(runs) == 10
    children = model.children
    assert all(len(kids) <= 10 for kids in children.values())


def test_a_user_function_called_in_a_loop_is_one_call_group_per_call():
    w = tk.Variable(0.5, name="w")

    def step(v):
        return tk.sin(v * w)

    with tk.GradientTape() as tape:
        y = tk.constant(1.0)
        for _ in range(3):
            y = step(y)
    model = _model(tape, y, [w])
    calls = [g for g in model.groups if g["kind"] == "call"]
    assert [g["label"] for g in calls] == ["step()"] * 3 and all(g["ops"] == 2 for g in calls)


def test_partial_gradient_is_marked_until_every_part_has_arrived():
    x = tk.Variable(3.0, name="x")
    with tk.GradientTape() as tape:
        a = x * 2.0
        b = x * 5.0
        y = a + b
    model = _model(tape, y, [x])
    (xid,) = [n["id"] for n in _named(model, "x")]
    partial = [i for i in range(len(model.frames)) if model.state_at(i)[xid].get("p")]
    assert partial and model.state_at(partial[0])[xid]["p"] == "1 of 2"
    assert "part 1 of 2" in model.frames[partial[0]]["caption"]
    final = _final(model)
    assert final[xid].get("p") is None and final[xid]["gv"] == "7.0"


def test_watched_value_whose_gradient_was_not_asked_for_says_so():
    w = tk.Variable(2.0, name="w")
    b = tk.Variable(1.0, name="b")
    with tk.GradientTape() as tape:
        y = w * 3.0 + b
    model = _model(tape, y, [w])          # b is watched but not in sources
    final = _final(model)
    (bid,) = [n["id"] for n in _named(model, "b")]
    assert final[bid]["g"] == "unasked" and "not asked for" in final[bid]["why"]


def test_int_variable_already_cast_gets_a_hint_that_fits():
    n = tk.Variable(3)
    x = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        y = tk.cast(n, tk.float32) * x
    explanation = tape.explain(y, [n, x])
    assert explanation[0].cause == "integer_or_string_dtype"
    assert "casting does not help" in explanation[0].fix and "tk.cast(n, tk.float32) before" not in explanation[0].fix


def test_variable_replaced_by_tensor_in_another_cell_is_named_so(tmp_path):
    import linecache

    cells = ["import tapekit as tk\nw = tk.Variable(2.0, name='w')\nwith tk.GradientTape(persistent=True) as tape:\n"
             "    y = w * 3.0\n",
             "from tapekit.widgets import build_frames\nw = w + 1\ng = tape.gradient(y, [w])\n"
             "model = build_frames(tape.events)\n"]
    namespace = {}
    for k, source in enumerate(cells):
        name = f"/tmp/ipykernel_4242/{k}.py"      # how IPython names a cell's code
        linecache.cache[name] = (len(source), None, source.splitlines(True), name)
        exec(compile(source, name, "exec"), namespace)
    model = namespace["model"]
    assert model.results[0]["cause"] == "variable_replaced_by_tensor"
    assert "variable replaced by tensor" in model.frames[-1]["caption"]
    op = next(n for n in model.nodes if n["kind"] == "op")
    assert op["where"] == "cell:4"          # the line form explain uses


def test_captions_speak_to_students():
    x = tk.Variable(2.0, name="x")
    k = tk.constant(3)
    with tk.GradientTape() as tape:
        y = x * 3.0
        z = tk.stop_gradient(y) * 2.0
        n = k * 2                       # an int op on nothing watched: not recorded
        q = tk.cast(y, tk.int32) * 2    # recorded, cut: no gradient flows through ints
    del n, q
    model = _model(tape, z, [x])
    text = " ".join(f["caption"] for f in model.frames)
    assert "shadow" not in text and ".." not in text and "()" not in text
    assert "Recorded Mul(x, 3.0) → y = 6.0 (scalar, float32)" in text


def test_truncated_backward_pass_is_shown():
    events = diamond_events()
    bw_end = events.pop()
    events.append({"seq": len(events), "phase": "backward", "kind": "truncated", "dropped": 12})
    events.append(bw_end)
    model = build_frames(events)
    assert model.notes and "12" in model.notes[0]
    assert any("not animated" in f["caption"] for f in model.frames)


def test_frames_replay_to_the_same_state_from_checkpoints_or_from_zero():
    w = tk.Variable(0.5, name="w")
    with tk.GradientTape() as tape:
        y = tk.constant(1.0)
        for _ in range(30):
            y = y * w
    model = _model(tape, y, [w])
    from tapekit.widgets.model import apply_frame

    state = model.initial_state()
    for i, frame in enumerate(model.frames):
        apply_frame(state, frame)
        if i % 17 == 0:
            assert state == model.state_at(i)


# ---------- views: one layout per level of the group hierarchy ----------
def _views(model):
    from tapekit.widgets.views import ViewPlan

    return ViewPlan(model).views


def test_small_tape_is_one_view_with_every_op():
    x = tk.Variable(3.0, name="x")
    with tk.GradientTape() as tape:
        y = x * 2.0 + 1.0
    model = _model(tape, y, [x])
    views = _views(model)
    assert list(views) == ["root"]
    drawn = {n[0] for n in views["root"]["nodes"]}
    assert {n["id"] for n in model.nodes} == drawn


def test_300_op_loop_any_op_is_two_clicks_away_and_views_stay_small():
    w = tk.Variable(0.5, name="w")
    with tk.GradientTape() as tape:
        y = tk.constant(1.0)
        for _ in range(100):
            y = tk.sin(y * w + 1.0)
    model = _model(tape, y, [w])
    assert sum(n["kind"] == "op" for n in model.nodes) == 300
    views = _views(model)
    depth = {"root": 0}
    for vid, view in views.items():        # views are listed parents first
        if vid != "root":
            depth[vid] = depth[view["parent"]] + 1
    for node in model.nodes:
        if node["kind"] == "op":
            assert depth[node["view"]] <= 2, node        # opening at most two groups shows it
    shown = {}
    for vid, view in views.items():
        kinds = [n[1] for n in view["nodes"]]
        assert kinds.count("op") + kinds.count("group") <= 40
        for node_id, kind, *_ in view["nodes"]:
            if kind in ("op", "tensor"):
                shown.setdefault(node_id, []).append(vid)
    assert all(len(v) == 1 for v in shown.values())       # every node is drawn in exactly one view
    root_groups = [n for n in views["root"]["nodes"] if n[1] == "group"]
    assert len(root_groups) == 10                          # the loop's runs of ten iterations


# ---------- linear time, counted in operations (not seconds) ----------
def _loop_events(n_iterations):
    w = tk.Variable(0.5, name="w")
    with tk.GradientTape() as tape:
        y = tk.constant(1.0)
        for _ in range(n_iterations):
            y = tk.sin(y * w)
    tape.gradient(y, [w])
    return tape.events


def _lines_executed(fn):
    """Python lines run inside tapekit/widgets while ``fn()`` runs (a count, not a time)."""
    import sys

    import tapekit.widgets as widgets

    folder = widgets.__file__.rsplit("/", 1)[0]
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        if not frame.f_code.co_filename.startswith(folder):
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count


def test_building_the_model_and_views_is_linear_in_the_tape():
    from tapekit.widgets.views import ViewPlan

    small, large = _loop_events(200), _loop_events(800)
    work = [_lines_executed(lambda ev=ev: ViewPlan(build_frames(ev))) for ev in (small, large)]
    ratio = work[1] / work[0]
    assert 3.0 < ratio < 5.0, (work, ratio)   # 4x the ops: about 4x the work (a quadratic build: 16x)


def test_compact_frames_keep_everything_the_frames_say():
    from tapekit.widgets.model import compact_frames

    model = build_frames(diamond_events())
    compact = compact_frames(model.frames)
    assert len(compact) == len(model.frames)
    for frame, (phase, caption, where, flat, hot, focus, every) in zip(model.frames, compact):
        changes, i = {}, 0
        while i < len(flat):          # as widgets/player.js expandFrames reads them
            key, n = flat[i], flat[i + 1]
            changes[key] = {flat[i + 2 + 2 * j]: flat[i + 3 + 2 * j] for j in range(n)}
            i += 2 + 2 * n
        assert changes == frame["set"] and caption == frame["caption"] and hot == frame["hot"]
        assert phase == frame["phase"][0] and focus == frame["focus"] and where == frame.get("where")
        assert every == frame.get("all")
    assert len(json.dumps(compact)) < len(json.dumps(model.frames))


def _line_module_step():
    """Lesson 06: a tk.Module whose call counts itself with assign_add (an assignment, no op)."""

    class Line(tk.Module):
        def __init__(self):
            super().__init__()
            self.w = tk.Variable(0.0, name="w")
            self.b = tk.Variable(0.0, name="b")
            self.calls = tk.Variable(0, trainable=False, name="calls")

        def __call__(self, x):
            self.calls.assign_add(1)
            return self.w * x + self.b

    line = Line()
    x = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        loss = tk.reduce_mean((line(x) - tk.constant([2.0, 4.0, 6.0])) ** 2)
    tape.gradient(loss, line.trainable_variables)
    return build_frames(tape.events)


def test_a_variable_only_assigned_is_drawn_with_its_value():
    model = _line_module_step()
    calls = next(n for n in model.nodes if n["label"] == "calls")
    assert calls["variable"] and calls["role"] == "frozen" and calls["value"] == "1" and calls["shape"] == []
    assign = next(k for k, f in enumerate(model.frames) if "calls.assign_add" in f["caption"])
    assert model.state_at(assign)[calls["id"]] == {"s": "frozen", "g": None, "v": "1"}


def test_at_the_last_frame_nothing_reads_not_reached_yet():
    model = _line_module_step()
    final = model.final_state()
    assert not [key for key, state in final.items() if state.get("g") == "wait"]
    constants = [n["id"] for n in model.nodes if n.get("role") == "const"]
    assert constants and all(final[c]["g"] is None for c in constants)
    # mid-way through the backward pass they still wait
    assert any(model.state_at(len(model.frames) - 2)[c]["g"] == "wait" for c in constants)
