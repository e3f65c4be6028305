"""The pure-Python frame model behind the tape player: a graph plus one frame per teaching step.

Input is the plain event list of docs/EVENTS.md. Output is plain data (JSON-ready):

* ``graph``: ``nodes`` (tensors and ops, stable ids in tape order) and ``edges`` (tensor -> op
  for inputs, op -> tensor for outputs). ``ReadVariableOp`` is folded into its variable, so a
  read of ``w`` is drawn as an edge straight from ``w``.
* ``frames``: each frame is a *delta* ``{"phase", "caption", "where", "set": {id: {...}}, "hot"}``;
  :meth:`FrameModel.state_at` replays them into the full state of every node and edge.

Node and edge state keys: ``s`` (forward look: ``hidden``, ``const``, ``watched``, ``value``,
``left``, ``op``, ``cut``, ``on``), ``g`` (backward look: ``None`` before the backward pass,
then ``wait`` = not reached yet, ``grad``, ``acc`` = fan-in accumulated, ``none``, ``zero``,
``active``, ``done``, ``stopped``), ``v`` (value preview), ``gv`` (gradient preview), ``gs``
(gradient shape) and ``why`` (the cause, for ``none``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

FORWARD_KINDS = ("watch", "op", "pause", "resume", "left_tape", "assign")

OP_SYMBOLS = {
    "AddV2": "+", "Add": "+", "Sub": "−", "Mul": "×", "RealDiv": "÷", "Div": "÷", "Neg": "−x",
    "Square": "x²", "Sqrt": "√", "Pow": "xʸ", "Exp": "exp", "Log": "log", "MatMul": "@",
    "Sum": "Σ", "Mean": "mean", "AddN": "Σ+", "Identity": "id", "StopGradient": "⊘",
}

CAUSE_TEXT = {
    "not_watched": "The tape never watched it: call tape.watch(x) for a tensor, or use a trainable tk.Variable.",
    "not_connected": "The target was not computed from it on this tape.",
    "integer_or_string_dtype": "Integer and string values have no gradient: cast to a float dtype first.",
    "stop_gradient": "tk.stop_gradient blocks the gradient on purpose.",
    "recording_stopped": "It was used inside tape.stop_recording(), so those ops were not recorded.",
    "left_the_tape": "The value left the tape (e.g. .numpy() or float()) and came back as a constant.",
    "variable_replaced_by_tensor": "The variable was replaced by a plain tensor (e.g. w = w - 0.1).",
    "state_changed": "The variable was assigned after it was used, so the recorded value is stale.",
    "no_gradient_registered": "An op on the path has no gradient function.",
    "unconnected_zero": "Not connected, returned as zeros (unconnected_gradients=ZERO).",
}

REASON_TEXT = {
    "integer_or_string_dtype": "integer/string input: no gradient",
    "no_gradient_registered": "no gradient registered for this op",
    "none_returned": "the gradient function returned None",
}


@dataclass
class FrameModel:
    """Graph, frames and watched rows built from one tape's events (see module docstring)."""

    nodes: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    frames: list = field(default_factory=list)
    watched: list = field(default_factory=list)
    sources: list = field(default_factory=list)
    results: list = field(default_factory=list)

    @property
    def forward_frames(self) -> int:
        return sum(1 for f in self.frames if f["phase"] == "forward")

    def initial_state(self) -> dict:
        state = {n["id"]: {"s": "hidden", "g": None} for n in self.nodes}
        state.update({e["id"]: {"s": "hidden", "g": None} for e in self.edges})
        return state

    def state_at(self, index: int) -> dict:
        """Full state of every node and edge after frame ``index`` (0-based)."""
        if not 0 <= index < len(self.frames):
            raise IndexError(f"frame {index} out of range 0..{len(self.frames) - 1}")
        state = self.initial_state()
        for frame in self.frames[:index + 1]:
            for key, change in frame["set"].items():
                state[key] = {**state[key], **change}
        return state

    def to_json(self) -> dict:
        return {"nodes": self.nodes, "edges": self.edges, "frames": self.frames,
                "watched": self.watched, "sources": self.sources}


def split_events(events):
    """(forward events, the last backward group) of a tape's event list."""
    forward = [e for e in events if e.get("phase") == "forward"]
    backward: list = []
    for e in events:
        if e.get("kind") == "backward_start":
            backward = []
        if e.get("phase") == "backward":
            backward.append(e)
    return forward, backward


def build_frames(events, explanations=None, source_names=None) -> FrameModel:
    """Build the :class:`FrameModel` of a tape's ``events``.

    ``explanations`` maps a source id to ``{"message", "fix", "op", ...}`` from ``tape.explain``;
    ``source_names`` maps a source id to a display name for sources the tape never saw.
    """
    forward, backward = split_events(events)
    builder = _Builder(explanations or {}, source_names or {})
    builder.forward(forward)
    if backward:
        builder.backward(backward)
    return builder.model


def where_text(event) -> str | None:
    line = event.get("line")
    if line is None:
        return None
    file = str(event.get("file") or "")
    short = file.rsplit("/", 1)[-1]
    if short.startswith("ipykernel_") or short.startswith("<ipython"):
        short = "cell"
    return f"{short}:{line}"


class _Builder:
    def __init__(self, explanations, source_names):
        self.model = FrameModel()
        self.explanations = explanations
        self.source_names = source_names
        self.tensors: dict = {}     # tensor id -> node dict
        self.ops: dict = {}         # op id -> node dict
        self.alias: dict = {}       # read tensor id -> variable id (folded ReadVariableOp)
        self.op_edges: dict = {}    # op id -> (input edge ids, output edge ids)
        self.edges_into: dict = {}  # tensor id -> edge ids leaving it towards ops
        self.shown: set = set()
        self.paused = 0

    # ---------- graph ----------
    def tensor(self, tid, **info):
        tid = self.alias.get(tid, tid)
        node = self.tensors.get(tid)
        if node is None:
            node = {"id": tid, "kind": "tensor", "name": None, "variable": False, "trainable": False,
                    "watched": False, "shape": None, "dtype": None, "value": None, "role": "const"}
            self.tensors[tid] = node
            self.model.nodes.append(node)
        for key, val in info.items():
            if val is not None:
                node[key] = val
        return node

    def add_frame(self, phase, caption, event=None, changes=None, hot=()):
        self.model.frames.append({"phase": phase, "caption": caption,
                                  "where": where_text(event) if event else None,
                                  "set": changes or {}, "hot": list(hot)})

    def label(self, tid) -> str:
        node = self.tensors.get(self.alias.get(tid, tid))
        info = self.source_names.get(tid)
        given = info.get("name") if isinstance(info, dict) else info
        if node is None:
            return given or tid
        return node["name"] or given or tid

    # ---------- forward ----------
    def forward(self, events):
        self.add_frame("forward", "The tape is empty. Press play to watch it record.")
        for ev in events:
            handler = getattr(self, "on_" + ev.get("kind", ""), None)
            if handler is not None:
                handler(ev)

    def on_watch(self, ev):
        node = self.tensor(ev["tensor"], name=ev.get("name"), variable=bool(ev.get("is_variable")),
                           trainable=bool(ev.get("trainable")), shape=ev.get("shape"),
                           dtype=ev.get("dtype"), value=ev.get("value"))
        node["watched"] = True
        node["role"] = "variable" if node["variable"] else "watched"
        self.model.watched.append(node["id"])
        self.shown.add(node["id"])
        how = "reading it" if ev.get("how") == "access" else "tape.watch()"
        what = "variable" if node["variable"] else "tensor"
        extra = "" if ev.get("differentiable", True) else " Its dtype is not floating, so it gets no gradient."
        self.add_frame("forward", f"The tape starts watching {what} {self.label(node['id'])} ({how}).{extra}",
                       ev, {node["id"]: {"s": "watched", "v": ev.get("value")}}, [node["id"]])

    def on_op(self, ev):
        inputs, outputs = list(ev.get("inputs", [])), list(ev.get("outputs", []))
        if ev.get("type") == "ReadVariableOp" and not ev.get("cut") and len(inputs) == 1 and len(outputs) == 1:
            self.alias[outputs[0]] = self.alias.get(inputs[0], inputs[0])
            return
        op_id = ev["op"]
        cut = ev.get("cut")
        node = {"id": op_id, "kind": "op", "type": ev.get("type"), "cut": cut,
                "symbol": OP_SYMBOLS.get(ev.get("type"), ev.get("type")), "where": where_text(ev)}
        self.ops[op_id] = node
        self.model.nodes.append(node)
        changes = {op_id: {"s": "cut" if cut else "op"}}
        in_edges, out_edges = [], []
        in_shapes = ev.get("input_shapes") or [None] * len(inputs)
        for k, tid in enumerate(inputs):
            src = self.tensor(tid, shape=in_shapes[k] if k < len(in_shapes) else None)
            eid = f"{op_id}:i{k}"
            self.model.edges.append({"id": eid, "from": src["id"], "to": op_id, "slot": k})
            self.edges_into.setdefault(src["id"], []).append(eid)
            in_edges.append(eid)
            changes[eid] = {"s": "cut" if cut else "on"}
            if src["id"] not in self.shown:
                self.shown.add(src["id"])
                changes[src["id"]] = {"s": "const", "v": src["value"]}
        shapes, dtypes = ev.get("output_shapes") or [], ev.get("dtypes") or []
        for k, tid in enumerate(outputs):
            out = self.tensor(tid, shape=shapes[k] if k < len(shapes) else None,
                              dtype=dtypes[k] if k < len(dtypes) else None,
                              value=ev.get("value") if k == 0 else None)
            out["role"] = "output"
            out["producer"] = op_id
            eid = f"{op_id}:o{k}"
            self.model.edges.append({"id": eid, "from": op_id, "to": out["id"], "slot": k})
            out_edges.append(eid)
            changes[eid] = {"s": "cut" if cut else "on"}
            changes[out["id"]] = {"s": "value", "v": out["value"]}
            self.shown.add(out["id"])
        self.op_edges[op_id] = (in_edges, out_edges)
        args = ", ".join(self.label(t) for t in inputs)
        shape = _shape_text(shapes[0]) if shapes else ""
        caption = f"Recorded {ev.get('type')}({args}) → {self.label(outputs[0]) if outputs else '?'} {shape}"
        if ev.get("value") is not None:
            caption += f" = {ev['value']}"
        if cut:
            caption += f". Gradients will not flow through it: {cut.replace('_', ' ')}."
        if self.paused:
            caption += " (inside stop_recording)"
        self.add_frame("forward", caption, ev, changes, [op_id] + out_edges)

    def on_pause(self, ev):
        self.paused += 1
        self.add_frame("forward", "tape.stop_recording(): ops in this block are not recorded.", ev)

    def on_resume(self, ev):
        self.paused = max(0, self.paused - 1)
        self.add_frame("forward", "Recording resumes.", ev)

    def on_left_tape(self, ev):
        tid = self.alias.get(ev["tensor"], ev["tensor"])
        self.tensor(tid)
        how = ev.get("how") or "numpy"
        self.add_frame("forward", f"{self.label(tid)} left the tape via {how}: a value made from it is a "
                       "constant the tape cannot trace.", ev, {tid: {"s": "left"}}, [tid])

    def on_assign(self, ev):
        tid = self.alias.get(ev["tensor"], ev["tensor"])
        self.tensor(tid, name=ev.get("name"))
        self.add_frame("forward", f"{self.label(tid)}.{ev.get('how', 'assign')}(...) changed its value to "
                       f"{ev.get('value')}.", ev, {tid: {"v": ev.get("value")}}, [tid])

    # ---------- backward ----------
    def backward(self, events):
        start = events[0]
        targets = [self.alias.get(t, t) for t in start.get("targets", [])]
        sources = [self.alias.get(s, s) for s in start.get("sources", [])]
        for sid in sources:
            if sid not in self.tensors:
                info = self.source_names.get(sid)
                info = info if isinstance(info, dict) else {"name": info}
                node = self.tensor(sid, name=info.get("name"), shape=info.get("shape"), dtype=info.get("dtype"))
                node["role"] = "unseen"
        self.model.sources = sources
        self.has_grad = set(targets)
        changes = {}
        for nid in self.tensors:
            changes[nid] = {"g": "wait"}
        for oid in self.ops:
            changes[oid] = {"g": "wait"}
        for edge in self.model.edges:
            changes[edge["id"]] = {"g": "wait"}
        seeds = start.get("output_gradients") or [None] * len(targets)
        for k, tid in enumerate(targets):
            seed = seeds[k] if k < len(seeds) else None
            changes[tid] = {"g": "grad", "gv": seed or "ones (seed)", "gs": self.tensors[tid]["shape"]
                            if tid in self.tensors else None}
        names = ", ".join(self.label(t) for t in targets)
        self.add_frame("backward", f"tape.gradient starts at {names}: d{names}/d{names} = 1. "
                       "The tape is now walked backwards.", start, changes, targets)
        pending_sends: list = []
        visit = None
        for ev in events[1:]:
            kind = ev.get("kind")
            if kind == "visit":
                self.flush_sends(visit, pending_sends)
                visit, pending_sends = None, []
                if ev.get("op") in self.ops:  # folded ReadVariableOps have no frames of their own
                    visit = ev
                    self.on_visit(ev)
            elif kind == "send" and visit is not None:
                pending_sends.append(ev)
            elif kind == "backward_end":
                self.flush_sends(visit, pending_sends)
                visit, pending_sends = None, []
                self.on_end(ev)

    def on_visit(self, ev):
        op_id = ev["op"]
        changes = {op_id: {"g": "active"}}
        hot = [op_id]
        parts = []
        outs = self.op_edges.get(op_id, ([], []))[1]
        for k, grad in enumerate(ev.get("grads") or []):
            if grad is None or k >= len(outs):
                continue
            changes[outs[k]] = {"g": "grad", "gv": grad.get("value"), "gs": grad.get("shape")}
            hot.append(outs[k])
            parts.append(f"d/d{self.label(grad.get('tensor'))} = {grad.get('value')}")
        caption = f"Visit {ev.get('type')} ({op_id}): the gradient arrives on its output"
        caption += (": " + "; ".join(parts)) if parts else "."
        self.add_frame("backward", caption, None, changes, hot)

    def flush_sends(self, visit, sends):
        if visit is None:
            return
        op_id = visit["op"]
        ins = self.op_edges.get(op_id, ([], []))[0]
        inputs = [e for e in self.model.edges if e["to"] == op_id]
        changes = {op_id: {"g": "done"}}
        hot = [op_id]
        parts = []
        used = set()
        for ev in sends:
            to = self.alias.get(ev.get("to"), ev.get("to"))
            eid = next((e["id"] for e in inputs if e["from"] == to and e["id"] not in used), None)
            if eid is None:
                continue
            used.add(eid)
            hot.append(eid)
            if ev.get("value") is None:
                why = ev.get("reason") or "none_returned"
                changes[eid] = {"g": "none", "why": REASON_TEXT.get(why, why)}
                parts.append(f"nothing to {self.label(to)} ({REASON_TEXT.get(why, why)})")
                continue
            acc = bool(ev.get("accumulated")) or to in self.has_grad
            self.has_grad.add(to)
            changes[eid] = {"g": "acc" if acc else "grad", "gv": ev.get("value"), "gs": ev.get("shape")}
            node_change = {"g": "acc" if acc else "grad", "gv": ev.get("value"), "gs": ev.get("shape")}
            if acc:
                node_change["gv"] = "sum of incoming"
                parts.append(f"{ev.get('value')} to {self.label(to)} (added to what is already there: fan-in)")
            else:
                parts.append(f"{ev.get('value')} to {self.label(to)}")
            changes[to] = node_change
            hot.append(to)
        if not sends:
            changes[op_id] = {"g": "stopped"}
            for eid in ins:
                changes[eid] = {"g": "none", "why": "no gradient function"}
            parts.append("nothing: it has no gradient function")
        self.add_frame("backward", f"{visit.get('type')} sends " + "; ".join(parts) + ".", None, changes, hot)

    def on_end(self, ev):
        changes, hot, lines = {}, [], []
        results = ev.get("results") or []
        for res in results:
            sid = self.alias.get(res.get("source"), res.get("source"))
            cause = res.get("cause")
            info = self.explanations.get(res.get("source")) or self.explanations.get(sid) or {}
            name = self.label(sid)
            if cause is None:
                changes[sid] = {"g": "grad", "gv": res.get("value"), "gs": res.get("shape")}
                lines.append(f"d/d{name} = {res.get('value')}")
            elif cause == "unconnected_zero":
                changes[sid] = {"g": "zero", "gv": res.get("value"), "gs": res.get("shape"),
                                "why": info.get("message") or CAUSE_TEXT[cause]}
                lines.append(f"d/d{name} = zeros (not connected)")
            else:
                why = info.get("message") or CAUSE_TEXT.get(cause, cause)
                changes[sid] = {"g": "none", "gv": None, "why": why, "cause": cause}
                lines.append(f"d/d{name} = None ({cause.replace('_', ' ')})")
                for eid in self.edges_into.get(sid, []):
                    changes.setdefault(eid, {"g": "none", "why": why})
                op_id = _op_id(info.get("op"))
                if op_id in self.ops:
                    changes[op_id] = {"g": "stopped", "why": why}
                    for eid in self.op_edges[op_id][0]:
                        changes[eid] = {"g": "none", "why": why}
            self.model.results.append({"source": sid, "name": name, "value": res.get("value"),
                                       "shape": res.get("shape"), "dtype": res.get("dtype"),
                                       "cause": cause, "message": changes[sid].get("why"),
                                       "fix": info.get("fix")})
            hot.append(sid)
        self.add_frame("backward", ("Done. " + "; ".join(lines)) if lines else "Done.", None, changes, hot)


def _op_id(op):
    if isinstance(op, dict):
        return op.get("id") or op.get("op")
    if isinstance(op, (list, tuple)) and op:
        return op[0]
    return op


def _shape_text(shape) -> str:
    if shape is None:
        return ""
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
