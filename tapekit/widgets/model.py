"""The pure-Python frame model behind the tape player: a graph plus one frame per teaching step.

Input is the plain event list of docs/EVENTS.md; output is plain data (docs/PLAYER.md):

* ``nodes`` (tensors and ops, stable ids in tape order) and ``edges`` (tensor -> op for inputs,
  op -> tensor for outputs). ``ReadVariableOp`` is folded into its variable, so a read of ``w``
  is drawn as an edge straight from ``w``; so is a read of a variable the tape does not watch.
* ``groups``: loops, iterations, calls and layers (:mod:`.groups`).
* ``frames``: each frame is a *delta* ``{"phase", "caption", "where", "set": {id: {...}}, "hot",
  "focus"}``; :meth:`FrameModel.state_at` replays them into the state of every node and edge.

Everything is built in one pass over the events (plus one over the ops for the groups): the
work is linear in the length of the tape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..introspect import cause_texts
from .._base.i18n import _
from ..introspect.sites import location_text
from .groups import build_groups, smallest_period
from .texts import separator, unasked_text

OP_SYMBOLS = {
    "AddV2": "+", "Add": "+", "Sub": "−", "Mul": "×", "RealDiv": "÷", "Div": "÷", "Neg": "−x",
    "Square": "x²", "Sqrt": "√", "Pow": "xʸ", "Exp": "exp", "Log": "log", "MatMul": "@",
    "Sum": "Σ", "Mean": "mean", "AddN": "Σ+", "Identity": "id", "StopGradient": "⊘",
    "Sin": "sin", "Cos": "cos", "Tanh": "tanh", "Relu": "relu", "Sigmoid": "σ", "Maximum": "max",
    "Minimum": "min", "Abs": "|x|", "Cast": "cast", "BiasAdd": "+b", "Softplus": "softplus",
}

_WHOLE = re.compile(r"-?\d+\.")


@dataclass
class FrameModel:
    """Graph, groups, frames and table rows built from one tape's events (see module docstring)."""

    nodes: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    frames: list = field(default_factory=list)
    watched: list = field(default_factory=list)
    sources: list = field(default_factory=list)
    targets: list = field(default_factory=list)
    results: list = field(default_factory=list)
    groups: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    children: dict = field(default_factory=dict)    # group id (None: top) -> [(kind, id)]
    # for the question mode (ask.py), not sent: the frame at which each tensor's gradient is
    # complete (after any fan-in sum), and the frames of broadcast sums as (frame, tensor id)
    arrivals: dict = field(default_factory=dict)
    broadcasts: list = field(default_factory=list)

    @property
    def forward_frames(self) -> int:
        return sum(1 for f in self.frames if f["phase"] == "forward")

    def node(self, node_id):
        """The node (tensor or op) with this id, or None."""
        index = getattr(self, "_index", None)
        if index is None or len(index) != len(self.nodes):
            index = self._index = {n["id"]: n for n in self.nodes}
        return index.get(node_id)

    def initial_state(self) -> dict:
        state = {n["id"]: {"s": "hidden", "g": None} for n in self.nodes}
        state.update({e["id"]: {"s": "hidden", "g": None} for e in self.edges})
        state.update({g["id"]: {"s": "hidden", "g": None} for g in self.groups})
        return state

    def state_at(self, index: int) -> dict:
        """Full state of every node, edge and group after frame ``index`` (0-based)."""
        if not 0 <= index < len(self.frames):
            raise IndexError(f"frame {index} out of range 0..{len(self.frames) - 1}")
        state = self.initial_state()      # fresh dicts: this replay may update them in place
        for frame in self.frames[:index + 1]:
            every = frame.get("all")
            if every:
                for value in state.values():
                    value.update(every)
            for key, change in frame["set"].items():
                entry = state.get(key)
                if entry is None:
                    state[key] = dict(change)
                else:
                    entry.update(change)
        return state

    def state_read(self, index: int) -> dict:
        """``state_at(index)``, computed once for the frame last asked: the static picture and
        ``player.svg`` both read the key frame's (do not change it)."""
        key = (index, len(self.frames))
        cached = getattr(self, "_read", None)
        if cached is None or cached[0] != key:
            cached = self._read = (key, self.state_at(index))
        return cached[1]

    def final_state(self) -> dict:
        """``state_read`` of the last frame."""
        return self.state_read(len(self.frames) - 1)

    def to_json(self) -> dict:
        return {"nodes": self.nodes, "edges": self.edges, "frames": self.frames, "groups": self.groups,
                "watched": self.watched, "sources": self.sources, "targets": self.targets,
                "results": self.results, "notes": self.notes}


def apply_frame(state: dict, frame: dict) -> None:
    """Apply one frame's delta: ``all`` (a change for every node, edge and group) then ``set``."""
    if frame.get("all"):
        for key, value in state.items():
            state[key] = {**value, **frame["all"]}
    for key, change in frame["set"].items():
        state[key] = {**state.get(key, {}), **change}


def compact_frames(frames: list) -> list:
    """Frames as the widget syncs and stores them: one list each, ``[phase ("f"/"b"), caption,
    where, set, hot, focus, all]`` with ``set`` flattened to ``[id, n, key, value, ... (n pairs),
    id, n, ...]``. A third of the size, and far fewer containers for ipywidgets to walk."""
    out = []
    for f in frames:
        flat = []
        for key, change in f["set"].items():
            flat.append(key)
            flat.append(len(change))
            for name, value in change.items():
                flat.append(name)
                flat.append(value)
        out.append([f["phase"][0], f["caption"], f.get("where"), flat, f["hot"], f["focus"], f.get("all")])
    return out


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


def build_frames(events, explanations=None, source_names=None, target_names=None) -> FrameModel:
    """Build the :class:`FrameModel` of a tape's ``events``.

    ``explanations`` maps a source id to ``{"message", "fix", "op", ...}`` from ``tape.explain``;
    ``source_names`` maps a source id to a display name (or ``{"name", "shape", "dtype"}``) as the
    user's ``sources=`` call writes it; ``target_names`` maps a target id to its name likewise.
    """
    _location.cache_clear()     # a place depends on the notebook's history (sites.cell_place)
    forward, backward = split_events(events)
    builder = _Builder(explanations or {}, source_names or {}, target_names or {})
    builder.forward(forward)
    if backward:
        builder.backward(backward)
    return builder.model


def where_text(event) -> str | None:
    """``In [7] line 3`` / ``train.py:12``: the line form ``explain`` uses (sites.location_text)."""
    return _location(event.get("file"), event.get("line"))


@lru_cache(maxsize=4096)
def _location(file, line) -> str | None:
    return location_text(file, line)   # a loop runs the same few lines again and again


def variable_label(var) -> str | None:
    """A variable's label: a Keras variable's ``path`` (``hidden/kernel``), else its name without ``:0``."""
    path = getattr(var, "path", None)
    if isinstance(path, str) and path:
        return path
    name = getattr(var, "name", None)
    return name.rsplit(":", 1)[0] if isinstance(name, str) else None


def display_value(value, shape=None) -> str | None:
    """A preview as a student reads it: a float scalar ``3.`` as ``3.0`` (TF prints ``3.0``)."""
    if value is None:
        return None
    text = str(value)
    if shape == [] and text.endswith(".") and _WHOLE.fullmatch(text):
        return text + "0"
    return text


KERNEL_ONLY = ("named_by", "producer", "trainable")   # node keys the front end never reads: not synced


def synced_node(node: dict) -> dict:
    """A node as the ``graph`` trait sends and stores it (docs/PLAYER.md, "Stored output")."""
    return {key: value for key, value in node.items() if key not in KERNEL_ONLY}


def elided(preview: str) -> bool:
    """Whether a preview shows only the first elements (``[1. 2. …] shape=(100,)``)."""
    return "…" in preview


def said(preview, shape) -> str | None:
    """A value as a caption says it: in full when the preview is, else its shape (the badge on the
    graph shows the first elements; captions repeating them were a third of the stored frames)."""
    if preview is None or not elided(preview) or shape is None:
        return preview
    return _("a {shape} array").format(shape=shape_tuple(shape))


# ops whose inputs broadcast to the output's shape: the gradient to a smaller input is summed
BROADCASTING = {"AddV2", "Add", "Sub", "Mul", "RealDiv", "Div", "DivNoNan", "MulNoNan", "Maximum", "Minimum", "Pow",
                "SquaredDifference", "FloorDiv", "FloorMod", "Atan2", "Xdivy", "Xlogy", "BiasAdd", "BroadcastTo",
                "SelectV2"}


def summed_axes(grad_shape, sent_shape) -> list | None:
    """The axes of an output gradient summed away to fit an input of ``sent_shape`` that was
    broadcast (leading axes, and axes where the input has size 1), or None if none were."""
    if grad_shape is None or sent_shape is None or list(grad_shape) == list(sent_shape):
        return None
    lead = len(grad_shape) - len(sent_shape)
    if lead < 0:
        return None
    axes = list(range(lead))
    for k, size in enumerate(sent_shape):
        if size == grad_shape[lead + k]:
            continue
        if size != 1:
            return None
        axes.append(lead + k)
    return axes or None


def broadcast_note(op_type, grad_shape, sent_shape, label) -> str:
    """``"summed over axis 0: (4, 3) → (3,), as b was broadcast; "`` or ``""``: what the backward step
    did to a broadcast input's gradient (lesson 03's bias)."""
    clause = broadcast_clause(op_type, grad_shape, sent_shape, label)
    return clause + separator() if clause else ""


def broadcast_clause(op_type, grad_shape, sent_shape, label) -> str:
    """``broadcast_note`` without the separator after it."""
    axes = summed_axes(grad_shape, sent_shape) if op_type in BROADCASTING else None
    if not axes:
        return ""
    fields = {"old": shape_tuple(grad_shape), "new": shape_tuple(sent_shape), "label": label}
    if len(axes) == 1:
        return _("summed over axis {axis}: {old} → {new}, as {label} was broadcast").format(axis=axes[0], **fields)
    return _("summed over axes {axes} and {last}: {old} → {new}, as {label} was broadcast").format(
        axes=", ".join(map(str, axes[:-1])), last=axes[-1], **fields)


def shape_tuple(shape) -> str:
    return "(" + ", ".join("None" if d is None else str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def shape_words(shape) -> str:
    if shape is None:
        return _("shape unknown")
    if not shape:
        return _("scalar")
    return _("shape {shape}").format(shape=shape_tuple(shape))


def _executions(ops) -> None:
    """Mark ``exec_start``/``exec_last`` on op events: where one run of a line's ops starts again.

    A line can record several ops (``loss = tk.reduce_mean(...)`` records Sum and RealDiv; a
    Keras layer call three); in a loop it records them again and again at the same instruction.
    Consecutive ops at the same instruction are cut into executions by the shortest repeating
    pattern of op types.
    """
    runs: dict = {}             # block -> [offset, [op events]]
    done = []

    def close(run):
        types = [e.get("type") for e in run]
        period = smallest_period(types)
        for k, e in enumerate(run):
            e["_exec_start"] = k % period == 0
            e["_exec_last"] = k % period == period - 1 or k == len(run) - 1
        done.append(run)

    for ev in ops:
        stack = ev.get("stack") or []
        if ev.get("type") == "ReadVariableOp":   # folded into the variable: not part of a run
            continue
        if not stack:
            ev["_exec_start"] = ev["_exec_last"] = True
            continue
        block, offset = stack[-1][0], stack[-1][1]
        current = runs.get(block)
        if current is not None and current[0] == offset:
            current[1].append(ev)
        else:
            if current is not None:
                close(current[1])
            runs[block] = [offset, [ev]]
    for _offset, run in runs.values():
        close(run)


class _Builder:
    def __init__(self, explanations, source_names, target_names):
        self.model = FrameModel()
        self.explanations = explanations
        self.source_names = source_names
        self.target_names = target_names
        self.nodes: dict = {}       # id -> node dict (tensors and ops)
        self.ops: dict = {}         # op id -> node dict
        self.alias: dict = {}       # read tensor id -> variable id (folded reads)
        self.in_edges: dict = {}    # op id -> [edge dicts]
        self.out_edges: dict = {}   # op id -> [edge ids]
        self.uses: dict = {}        # tensor id -> [edge ids] towards ops
        self.shown: set = set()
        self.blocks: dict = {}
        self.paused = 0
        self.first_read: set = set()
        self.shown_groups: set = set()

    # ---------- graph ----------
    def resolve(self, tid):
        return self.alias.get(tid, tid)

    def tensor(self, tid, **info):
        tid = self.resolve(tid)
        node = self.nodes.get(tid)
        if node is None:
            node = {"id": tid, "kind": "tensor", "name": None, "label": tid, "named_by": None, "role": "const",
                    "variable": False, "trainable": False, "watched": False, "shape": None, "dtype": None,
                    "value": None, "producer": None, "group": None, "where": None}
            self.nodes[tid] = node
            self.model.nodes.append(node)
            given = self.given_name(tid)
            if given:
                self.name(node, *given)
        for key, val in info.items():
            if val is not None:
                node[key] = val
        return node

    def given_name(self, tid):
        info = self.source_names.get(tid)
        name = info.get("name") if isinstance(info, dict) else info
        if name:
            return name, "sources"
        if self.target_names.get(tid):
            return self.target_names[tid], "target"
        return None

    _RANK = {"variable": 5, "sources": 4, "assignment": 3, "target": 2, "argument": 1, "expression": 0, None: -1}

    def name(self, node, name, how) -> None:
        """Give ``node`` the name ``name`` unless it has a better one (variable > sources > assignment)."""
        if name and self._RANK[how] > self._RANK[node["named_by"]]:
            node["name"], node["label"], node["named_by"] = name, name, how

    def label(self, tid) -> str:
        node = self.nodes.get(self.resolve(tid))
        if node is not None:
            return node["label"]
        given = self.given_name(tid)
        return given[0] if given else tid

    def value_of(self, tid) -> str | None:
        node = self.nodes.get(self.resolve(tid))
        return None if node is None else display_value(node["value"], node["shape"])

    def add_frame(self, phase, caption, event=None, changes=None, hot=(), focus=None, where=None, every=None):
        where = where or (where_text(event) if event else None)
        focus_node = self.nodes.get(focus)
        frame = {"phase": phase, "caption": caption, "set": changes or {}, "hot": list(hot), "focus": focus}
        if where is not None and (focus_node is None or focus_node.get("where") != where):
            frame["where"] = where    # else the focus node's line (docs/PLAYER.md)
        if every:
            frame["all"] = every
        self.model.frames.append(frame)

    # ---------- forward ----------
    def forward(self, events):
        ops = [e for e in events if e.get("kind") == "op"]
        _executions(ops)
        self.name_plan = self.plan_names(ops)
        self.add_frame("forward", _("The tape is empty. Press play to watch it record."))
        for ev in events:
            handler = getattr(self, "on_" + ev.get("kind", ""), None)
            if handler is not None:
                handler(ev)
        op_nodes = [n for n in self.model.nodes if n["kind"] == "op"]
        self.mark_layers(op_nodes)
        tree = build_groups(op_nodes, self.blocks)
        for op in op_nodes:        # what grouping needed, not part of the graph contract
            for key in ("block", "offset", "exec_start", "layer"):
                op.pop(key, None)
        self.tree = tree
        self.model.groups = tree.groups
        self.model.children = tree.children
        self.place_tensors()
        self.group_frames()

    def plan_names(self, ops) -> dict:
        """{op id: (name per output, named_by)} from the assignment targets of the user's lines."""
        plan = {}
        for ev in ops:
            if ev.get("type") == "ReadVariableOp" or not ev.get("_exec_last"):
                continue
            outs = ev.get("outputs") or []
            assigns = ev.get("assigns")
            if assigns:
                names = [n.strip() for n in assigns.split(" = ")[-1].split(",")]
                if len(names) != len(outs):
                    names = [f"{assigns}[{k}]" for k in range(len(outs))] if len(names) == 1 else names[:1]
                plan[ev["op"]] = (names, "assignment")
            elif ev.get("expr") and len(outs) == 1:
                plan[ev["op"]] = ([ev["expr"]], "expression")
        return plan

    def mark_layers(self, ops) -> None:
        """Ops of one Keras layer call (a line's execution reading ``layer/kernel``...) get ``layer``."""
        execution: list = []
        for op in ops + [None]:
            if op is None or op["exec_start"]:
                self.layer_segments(execution)
                execution = []
            if op is not None:
                execution.append(op)

    def layer_segments(self, execution) -> None:
        if len(execution) < 2:
            return
        current = None
        for op in execution:
            sources = (self.nodes[e["from"]] for e in self.in_edges[op["id"]])
            prefixes = [src["name"].rsplit("/", 1)[0] for src in sources
                        if src["variable"] and src["name"] and "/" in src["name"]]
            if prefixes and prefixes[0] != current:
                current = prefixes[0]
                op["exec_start"] = True
            op["layer"] = current

    def on_watch(self, ev):
        if not ev.get("name") and not ev.get("is_variable"):
            ev = {**ev, "name": _watched_name(ev.get("file"), ev.get("line"))}
        node = self.tensor(ev["tensor"], variable=bool(ev.get("is_variable")), trainable=bool(ev.get("trainable")),
                           shape=ev.get("shape"), dtype=ev.get("dtype"), value=ev.get("value"), where=where_text(ev))
        if ev.get("name"):
            self.name(node, ev["name"], "variable" if ev.get("is_variable") else "sources")
        node["watched"] = True
        node["role"] = "variable" if node["variable"] else "watched"
        self.model.watched.append(node["id"])
        self.shown.add(node["id"])
        if node["variable"] and ev.get("how") == "access":
            text = _("The tape starts watching the variable {name} (it was read inside the with-block).")
        elif node["variable"]:
            text = _("The tape starts watching the variable {name} (tape.watch()).")
        else:
            text = _("tape.watch({name}): the tape now follows {name}.")
        text = text.format(name=node["label"])
        if not ev.get("differentiable", True):
            text = _("{text} Its dtype is {dtype}, not a float, so it can get no gradient.").format(
                text=text, dtype=ev.get("dtype"))
        value = display_value(node["value"], node["shape"])
        self.add_frame("forward", text, ev, {node["id"]: {"s": "watched", "v": value}}, [node["id"]], node["id"])

    def on_read(self, ev):
        var = self.tensor(ev["variable"], variable=True, trainable=bool(ev.get("trainable")), shape=ev.get("shape"),
                          dtype=ev.get("dtype"), value=ev.get("value"), where=where_text(ev))
        if ev.get("name"):
            self.name(var, ev["name"], "variable")
        if not var["watched"]:
            var["role"] = "frozen"
        self.alias[ev["tensor"]] = var["id"]
        if var["id"] in self.first_read:
            return
        self.first_read.add(var["id"])
        self.shown.add(var["id"])
        why = "trainable=False" if not ev.get("trainable") else _("the tape was made with "
                                                                   "watch_accessed_variables=False")
        value = display_value(var["value"], var["shape"])
        self.add_frame("forward", _("The code reads the variable {name} = {value}, but the tape does not watch "
                                    "it ({why}): it enters the graph as an input the gradient will not reach.").format(
                           name=var["label"], value=value, why=why),
                       ev, {var["id"]: {"s": "frozen", "v": value}}, [var["id"]], var["id"])

    def on_op(self, ev):
        inputs = [self.resolve(t) for t in ev.get("inputs", [])]
        outputs = list(ev.get("outputs", []))
        if ev.get("code"):
            code = ev["code"]
            self.blocks[code["block"]] = {"name": code.get("name"), "loops": [
                {**loop, "where": where_text({"file": ev.get("file"), "line": loop.get("line")})}
                for loop in code.get("loops") or []]}
        if ev.get("type") == "ReadVariableOp" and not ev.get("cut") and len(inputs) == 1 and len(outputs) == 1:
            self.alias[outputs[0]] = inputs[0]
            return
        op_id = ev["op"]
        cut = ev.get("cut")
        stack = ev.get("stack") or []
        node = {"id": op_id, "kind": "op", "type": ev.get("type"), "cut": cut,
                "symbol": OP_SYMBOLS.get(ev.get("type"), ev.get("type")), "where": where_text(ev),
                "expr": ev.get("expr"), "group": None,
                "block": stack[-1][0] if stack else None, "offset": stack[-1][1] if stack else None,
                "exec_start": ev.get("_exec_start", True)}
        self.ops[op_id] = node
        self.nodes[op_id] = node
        self.model.nodes.append(node)
        changes = {op_id: {"s": "cut" if cut else "op"}}
        in_edges, out_edges = [], []
        in_shapes = ev.get("input_shapes") or []
        in_values = ev.get("input_values") or []
        in_dtypes = ev.get("input_dtypes") or []
        nodes = self.nodes
        for k, tid in enumerate(inputs):
            shape = in_shapes[k] if k < len(in_shapes) else None
            src = nodes.get(tid)
            if src is None:
                src = self.tensor(tid, shape=shape)
            elif shape is not None:
                src["shape"] = shape
            if src["dtype"] is None and k < len(in_dtypes):
                src["dtype"] = in_dtypes[k]
            if src["value"] is None and k < len(in_values) and in_values[k] is not None:
                src["value"] = in_values[k]
                if src["named_by"] is None and src["role"] == "const":   # a constant is known by its value
                    src["label"] = _clip(display_value(src["value"], src["shape"]))
            eid = f"{op_id}:i{k}"
            edge = {"id": eid, "from": src["id"], "to": op_id, "slot": k}
            self.model.edges.append(edge)
            self.uses.setdefault(src["id"], []).append(edge)
            in_edges.append(edge)
            changes[eid] = {"s": "cut" if cut else "on"}
            if src["id"] not in self.shown:
                self.shown.add(src["id"])
                changes[src["id"]] = {"s": "frozen" if src["role"] == "frozen" else "const",
                                      "v": display_value(src["value"], src["shape"])}
        shapes, dtypes = ev.get("output_shapes") or [], ev.get("dtypes") or []
        names, how = self.name_plan.get(op_id, ((), None))
        for k, tid in enumerate(outputs):
            out = self.tensor(tid, shape=shapes[k] if k < len(shapes) else None,
                              dtype=dtypes[k] if k < len(dtypes) else None,
                              value=ev.get("value") if k == 0 else None, where=node["where"])
            if k < len(names):
                self.name(out, names[k], how)
            out["role"] = "output"
            out["producer"] = op_id
            eid = f"{op_id}:o{k}"
            self.model.edges.append({"id": eid, "from": op_id, "to": out["id"], "slot": k})
            out_edges.append(eid)
            changes[eid] = {"s": "cut" if cut else "on"}
            changes[out["id"]] = {"s": "value", "v": display_value(out["value"], out["shape"])}
            self.shown.add(out["id"])
        self.in_edges[op_id] = in_edges
        self.out_edges[op_id] = out_edges
        self.name_operands(ev, inputs)
        self.add_frame("forward", self.op_caption(ev, inputs, outputs, shapes, cut), None, changes,
                       [op_id] + out_edges, op_id, where=node["where"])

    def name_operands(self, ev, inputs) -> None:
        """Name unnamed inputs (constants, mostly) by the names the line writes for them:
        ``y - y_true`` names the Sub's inputs; ``layer(x)`` names the layer's input ``x``."""
        operands = ev.get("operands")
        if not operands or not ev.get("_exec_start", True):
            return
        if len(operands) == len(inputs):
            pairs = zip(inputs, operands)
        else:       # a call into a library (a Keras layer): its first non-variable input is the argument
            plain = [t for t in inputs if not self.nodes[t]["variable"]]
            pairs = [(plain[0], operands[0])] if plain and len(operands) == 1 else []
        for tid, name in pairs:
            node = self.nodes[tid]
            if name and node["producer"] is None and not node["variable"]:
                self.name(node, name, "argument")

    def op_caption(self, ev, inputs, outputs, shapes, cut) -> str:
        args = ", ".join(self.label(t) for t in inputs)
        call = f"{ev.get('type')}({args})"
        if outputs:
            first = self.nodes[self.resolve(outputs[0])]
            shape = shapes[0] if shapes else None
            value = display_value(ev.get("value"), shape)
            result = first["label"] + (f" = {value}" if value is not None and not elided(value) else "")
            caption = (_("Recorded {call} → {result} ({shape}, {dtype})") if first["dtype"] else
                       _("Recorded {call} → {result} ({shape})")).format(
                call=call, result=result, shape=shape_words(shape), dtype=first["dtype"])
        else:
            caption = _("Recorded {call}").format(call=call)
        if cut:
            caption = _("{caption}. Gradients will not flow back through it: {why}").format(
                caption=caption, why=cause_texts.text(cut, "cut", cause_texts.label(cut)))
        if self.paused:
            caption = _("{caption} (inside stop_recording)").format(caption=caption)
        return caption

    def on_pause(self, ev):
        self.paused += 1
        self.add_frame("forward", _("tape.stop_recording(): ops in this block are not recorded."), ev)

    def on_resume(self, ev):
        self.paused = max(0, self.paused - 1)
        self.add_frame("forward", _("Recording resumes."), ev)

    def on_left_tape(self, ev):
        tid = self.resolve(ev["tensor"])
        self.tensor(tid)
        how = {"numpy": ".numpy()", "float": "float()", "int": "int()", "__array__": "NumPy"}.get(ev.get("how"),
                                                                                               ev.get("how"))
        self.add_frame("forward", _("{name} left the tape through {how}: what is computed from that "
                                    "value is a constant the tape cannot trace back.").format(
                           name=self.label(tid), how=how), ev, {tid: {"s": "left"}}, [tid], tid)

    def on_assign(self, ev):
        tid = self.resolve(ev["tensor"])
        node = self.tensor(tid)
        if ev.get("name"):
            self.name(node, ev["name"], "variable")
        value = display_value(ev.get("value"), node["shape"])
        change = {"v": value}
        if tid not in self.shown:   # a variable only assigned (lesson 06's counter): drawn with its value
            node.update(variable=True, role="frozen", value=ev.get("value"), where=where_text(ev))
            if node["shape"] is None and value is not None and not value.startswith("["):
                node["shape"] = []
            self.shown.add(tid)
            change["s"] = "frozen"
        self.add_frame("forward", _("{name}.{method}(...) changed its value to {value}").format(
                           name=self.label(tid), method=ev.get("how", "assign"), value=value),
                       ev, {tid: change}, [tid], tid)

    # ---------- groups ----------
    def place_tensors(self) -> None:
        """Put each tensor in a group: its producer's, else the innermost group of all its users."""
        tree = self.tree
        for node in self.model.nodes:
            if node["kind"] == "op":
                continue
            if node["producer"] is not None:
                node["group"] = self.ops[node["producer"]]["group"]
                continue
            if node["role"] in ("variable", "frozen", "watched", "unseen"):
                node["group"] = None     # made before the tape's loops and calls: drawn at the top level
                continue
            users = [self.ops[e["to"]]["group"] for e in self.uses.get(node["id"], [])]
            node["group"] = _common_group(tree, users) if users else None

    def group_frames(self) -> None:
        """Show a group's collapsed node from the frame its first op appears."""
        for frame in self.model.frames:
            op_id = frame["focus"]
            op = self.ops.get(op_id)
            if op is None:
                continue
            for gid in self.tree.chain(op["group"]):
                if gid in self.shown_groups:
                    break
                self.shown_groups.add(gid)
                frame["set"][gid] = {"s": "op"}

    # ---------- backward ----------
    def backward(self, events):
        start = events[0]
        targets = [self.resolve(t) for t in start.get("targets", [])]
        sources = [self.resolve(s) for s in start.get("sources", [])]
        for sid in sources:
            if sid not in self.nodes:
                info = self.source_names.get(sid)
                info = info if isinstance(info, dict) else {"name": info}
                node = self.tensor(sid, shape=info.get("shape"), dtype=info.get("dtype"))
                node["role"] = "unseen"
        for tid in targets:
            given = self.target_names.get(tid)
            if given and tid in self.nodes:
                self.name(self.nodes[tid], given, "target")
        self.model.sources = sources
        self.model.targets = targets
        self.has_grad = set(targets)
        self.expected = {}          # tensor id -> how many gradients it will receive
        self.received = {}
        for ev in events:
            if ev.get("kind") == "send" and ev.get("value") is not None and ev.get("op") in self.ops:
                to = self.resolve(ev.get("to"))
                self.expected[to] = self.expected.get(to, 0) + 1
        changes = {}
        seeds = start.get("output_gradients") or [None] * len(targets)
        for k, tid in enumerate(targets):
            seed = seeds[k] if k < len(seeds) else None
            node = self.nodes.get(tid)
            changes[tid] = {"g": "grad", "gv": display_value(seed, node and node["shape"]) or _("1 (seed)")}
        names = ", ".join(self.label(t) for t in targets)
        self.backward_from = len(self.model.frames)
        self.add_frame("backward", _("tape.gradient starts at {names}: the gradient of {names} with respect to "
                                     "itself is 1. Now the tape is walked backwards, from the last op recorded to "
                                     "the first.").format(names=names),
                       start, changes, targets, targets[0] if targets else None,
                       every={"g": "wait"})
        for tid in targets:
            self.model.arrivals[tid] = len(self.model.frames) - 1
        self.active_groups: list = []
        pending_sends: list = []
        visit = None
        for ev in events[1:]:
            kind = ev.get("kind")
            if kind == "visit":
                self.flush_sends(visit, pending_sends)
                visit, pending_sends = None, []
                if ev.get("op") in self.ops:  # folded reads have no frames of their own
                    visit = ev
                    self.on_visit(ev)
            elif kind == "send" and visit is not None:
                pending_sends.append(ev)
            elif kind == "truncated":
                self.flush_sends(visit, pending_sends)
                visit, pending_sends = None, []
                self.on_truncated(ev)
            elif kind == "backward_end":
                self.flush_sends(visit, pending_sends)
                visit, pending_sends = None, []
                self.on_end(ev)

    def group_changes(self, op_id, changes) -> None:
        """Mark the groups around the visited op active, and the groups left behind done."""
        chain = self.tree.chain(self.ops[op_id]["group"]) if op_id in self.ops else []
        keep, before = set(chain), set(self.active_groups)
        for gid in self.active_groups:
            if gid not in keep:
                changes[gid] = {"g": "done"}
        for gid in chain:
            if gid not in before:
                changes[gid] = {"g": "active"}
        self.active_groups = chain

    def on_visit(self, ev):
        op_id = ev["op"]
        changes = {op_id: {"g": "active"}}
        self.group_changes(op_id, changes)
        hot = [op_id]
        parts = []
        outs = self.out_edges.get(op_id, [])
        for k, grad in enumerate(ev.get("grads") or []):
            if grad is None or k >= len(outs):
                continue
            value = display_value(grad.get("value"), grad.get("shape"))
            changes[outs[k]] = {"g": "grad", "gv": value}
            hot.append(outs[k])
            parts.append(f"{self.label(grad.get('tensor'))}: {said(value, grad.get('shape'))}")
        node = self.ops[op_id]
        caption = (_("{op} gets the gradient at its output {grads}") if parts else
                   _("{op} gets the gradient at its output")).format(op=node["type"], grads=separator().join(parts))
        self.add_frame("backward", caption, None, changes, hot, op_id, where=node["where"])

    def flush_sends(self, visit, sends):
        if visit is None:
            return
        op_id = visit["op"]
        node = self.ops[op_id]
        ins = self.in_edges.get(op_id, [])
        grads = visit.get("grads") or []
        out_shape = grads[0].get("shape") if len(grads) == 1 and grads[0] else None
        changes = {op_id: {"g": "done"}}
        hot = [op_id]
        parts = []
        used = set()
        for ev in sends:
            to = self.resolve(ev.get("to"))
            edge = next((e for e in ins if e["from"] == to and e["id"] not in used), None)
            if edge is None:
                continue
            eid = edge["id"]
            used.add(eid)
            hot.append(eid)
            if ev.get("value") is None:
                why = ev.get("reason") or "none_returned"
                reason = cause_texts.text(why, "send", why)
                changes[eid] = {"g": "none", "why": reason}
                parts.append(_("nothing to {name} ({reason})").format(name=self.label(to), reason=reason))
                continue
            value = display_value(ev.get("value"), ev.get("shape"))
            self.received[to] = got = self.received.get(to, 0) + 1
            total = self.expected.get(to, 1)
            acc = got > 1 or bool(ev.get("accumulated")) or to in self.has_grad
            self.has_grad.add(to)
            changes[eid] = {"g": "acc" if acc else "grad", "gv": value}
            node_change = {"g": "acc" if acc else "grad", "gv": value}
            if got < total:
                node_change["p"] = _("{got} of {total}").format(got=got, total=total)
            elif total > 1:
                node_change["p"] = None
            label = self.label(to)
            summed = broadcast_clause(node["type"], out_shape, ev.get("shape"), label)
            self.mark_arrival(to, summed, complete=got >= total)
            fields = {"value": said(value, ev.get("shape")), "label": label, "got": got, "total": total,
                      "summed": summed + separator() if summed else ""}
            if acc:
                node_change["gv"] = _("sum so far") if got < total else _("sum of all parts")
                parts.append(_("{value} to {label} ({summed}added to what it already has: {got} of {total})").format(
                    **fields))
            elif got < total:
                parts.append(_("{value} to {label} ({summed}part 1 of {total}: more will be added)").format(**fields))
            elif summed:
                parts.append(_("{value} to {label} ({summed})").format(value=fields["value"], label=label,
                                                                        summed=summed))
            else:
                parts.append(_("{value} to {label}").format(**fields))
            changes[to] = node_change
            hot.append(to)
        if not sends:
            changes[op_id] = {"g": "stopped"}
            for edge in ins:
                changes[edge["id"]] = {"g": "none", "why": _("no gradient function")}
            parts.append(_("nothing: it has no gradient function"))
        self.add_frame("backward", _("{op} passes back {parts}").format(op=node["type"], parts=separator().join(parts)),
                       None, changes, hot, op_id,
                       where=node["where"])

    def mark_arrival(self, tid, summed, complete) -> None:
        """Note the frame about to be added for the question mode: a broadcast sum, a complete gradient."""
        frame = len(self.model.frames)
        if summed:
            self.model.broadcasts.append((frame, tid))
        if complete:
            self.model.arrivals.setdefault(tid, frame)

    def finish_untouched(self, changes) -> None:
        """At the last frame, what the backward pass never reached (constants, unconnected values) is
        finished, not "not reached yet": it goes back to its forward look."""
        touched = set(changes)
        for frame in self.model.frames[self.backward_from:]:
            touched.update(frame["set"])
        for item in (*self.model.nodes, *self.model.edges, *self.model.groups):
            if item["id"] not in touched:
                changes[item["id"]] = {"g": None}

    def on_truncated(self, ev):
        dropped = ev.get("dropped", 0)
        note = _("The backward pass was longer than the player keeps: its last {dropped} steps are not "
                 "animated. The final gradients below are complete.").format(dropped=f"{dropped:,}")
        self.model.notes.append(note)
        self.add_frame("backward", note)

    def on_end(self, ev):
        changes, hot, lines = {}, [], []
        for gid in self.active_groups:
            changes[gid] = {"g": "done"}
        self.active_groups = []
        results = ev.get("results") or []
        asked = set()
        for res in results:
            sid = self.resolve(res.get("source"))
            asked.add(sid)
            cause = res.get("cause")
            info = self.explanations.get(res.get("source")) or self.explanations.get(sid) or {}
            name = self.label(sid)
            value = display_value(res.get("value"), res.get("shape"))
            if cause is None:
                changes[sid] = {"g": "grad", "gv": value, "p": None}
                lines.append(f"∂/∂{name} = {value}")
            elif cause == "unconnected_zero":
                changes[sid] = {"g": "zero", "gv": value, "p": None,
                                "why": info.get("message") or cause_texts.text(cause, "result")}
                lines.append(_("∂/∂{name} = zeros (not connected)").format(name=name))
            else:
                why = info.get("message") or cause_texts.text(cause, "result", cause)
                changes[sid] = {"g": "none", "gv": None, "why": why, "cause": cause, "p": None}
                lines.append(_("∂/∂{name} = None ({cause})").format(name=name, cause=cause_texts.label(cause)))
                for edge in self.uses.get(sid, []):
                    changes.setdefault(edge["id"], {"g": "none", "why": why})
                op_id = _op_id(info.get("op"))
                if op_id in self.ops:
                    changes[op_id] = {"g": "stopped", "why": why}
                    for edge in self.in_edges[op_id]:
                        changes[edge["id"]] = {"g": "none", "why": why}
            self.model.results.append({"source": sid, "name": name, "value": value,
                                       "shape": res.get("shape"), "dtype": res.get("dtype"),
                                       "cause": cause, "message": changes[sid].get("why"),
                                       "fix": info.get("fix")})
            hot.append(sid)
        for tid in self.model.watched:
            if tid not in asked and tid not in self.model.targets:
                changes[tid] = {"g": "unasked", "why": unasked_text(), "p": None}
        for tid in self.received:   # anything still marked partial is complete now
            if tid not in changes and self.expected.get(tid, 1) > 1:
                changes[tid] = {"p": None, "gv": _("sum of all parts")}
        self.finish_untouched(changes)
        done = _("Done. {results}").format(results=separator().join(lines)) if lines else _("Done.")
        self.add_frame("backward", done, None, changes, hot,
                       hot[0] if hot else None)


def _clip(text, limit=24) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _watched_name(file, line):
    """``x`` from the user's line ``tape.watch(x)`` (a plain name only), else None."""
    import linecache

    if not file or not line:
        return None
    match = re.search(r"\.watch\(\s*([A-Za-z_]\w*)\s*\)", linecache.getline(file, line))
    return match.group(1) if match else None


def _common_group(tree, gids):
    """The innermost group that contains all of ``gids`` (None: the top level)."""
    common = None
    for k, gid in enumerate(gids):
        chain = tree.chain(gid)
        if k == 0:
            common = chain
            continue
        members = set(chain)
        common = [g for g in common if g in members]
        if not common:
            return None
    return common[0] if common else None


def _op_id(op):
    if isinstance(op, dict):
        return op.get("id") or op.get("op")
    if isinstance(op, (list, tuple)) and op:
        return op[0]
    return op
