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
    assert final["t2"]["g"] == "wait" and final["t5"]["g"] == "wait"   # constants are never reached


def test_fan_out_accumulation_is_visible_on_edge_and_caption():
    model = build_frames(diamond_events())
    st = model.state_at(11)
    edge_from_x = next(e["id"] for e in model.edges if e["from"] == "t0" and e["to"] == "op1")
    assert st[edge_from_x]["g"] == "acc"
    assert "fan-in" in model.frames[11]["caption"]
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
    assert "d/dz = None (not watched)" in model.frames[-1]["caption"]
    assert next(n for n in model.nodes if n["id"] == "t9")["role"] == "unseen"


def test_zero_and_none_and_unreached_are_distinct():
    events = diamond_events()
    events[-1]["results"] = [{"source": "t0", "value": "0.0", "shape": [], "dtype": "float32",
                              "cause": "unconnected_zero"}]
    final = build_frames(events).state_at(12)
    assert final["t0"]["g"] == "zero" and final["t2"]["g"] == "wait"


def test_events_are_json_and_frames_deterministic():
    a = build_frames(diamond_events()).to_json()
    b = build_frames(diamond_events()).to_json()
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    with pytest.raises(IndexError):
        build_frames(diamond_events()).state_at(99)


# ---------- real tapes (tape.events from tapekit/events.py) ----------
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
