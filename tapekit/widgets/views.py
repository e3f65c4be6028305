"""Which nodes each view of the player shows: one view per level of the group hierarchy.

A view shows a group's inside (the top level for ``root``). Its child groups are drawn open (as
labelled boxes around their ops) level by level while the view stays within ``BUDGET`` items;
the groups that do not fit are drawn collapsed, as one node, and get a view of their own. So a
small tape is one view with every op, and a 5,000-op loop is a few levels of small views, each
laid out once. Edges into and out of a collapsed group are drawn once per pair of neighbours;
a value made outside a view and used inside it is drawn as a small stub (id ``~t3``).

Sizes are in CSS pixels at zoom 1; the browser (``widgets/src/text.js``) draws the same lines of
text, and both read their sizes from one file, ``widgets/constants.json``.
"""

from __future__ import annotations

import json
import unicodedata

from .._base.i18n import _
from .assets import read_asset

SHARED = json.loads(read_asset("constants.json"))
BUDGET = SHARED["budget"]               # ops + collapsed groups in one view
LINE = SHARED["line"]                   # px between lines of text in a node
LABEL_CHARS = SHARED["label_chars"]
GROUP_LABEL_CHARS = SHARED["group_label_chars"]
PX_PER_UNIT = SHARED["px_per_unit"]     # the width of one character cell: a title's, another line's
PAD = SHARED["pad"]
ROUND_TO = SHARED["round_to"]


def text_units(text) -> int:
    """The width of ``text`` in character cells: a CJK character (wide or full-width) takes two."""
    text = str(text)
    if text.isascii():       # most labels: one cell a character
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def clip(text, limit=LABEL_CHARS) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shape_text(shape) -> str:
    if shape is None:
        return "?"
    if not shape:
        return "scalar"
    return "×".join("?" if d is None else str(d) for d in shape)


def tensor_lines(node) -> list:
    """The lines drawn in a tensor's box: title, shape · dtype, value (the browser draws the same)."""
    shape = node.get("shape")
    dtype = node.get("dtype")
    meta = (dtype or "") if shape == [] else shape_text(shape) + (" · " + dtype if dtype else "")
    value = node.get("value")
    if node.get("name") is None and value is not None and node.get("role") in ("const", "output"):
        if node.get("role") == "const":
            return [clip(value), meta]
        return [clip(node["label"]), meta, clip(value)]
    lines = [clip(node["label"]), meta]
    if value is not None:
        lines.append(clip(value))
    if node.get("role") == "frozen":
        lines.append(_("not watched"))
    return lines


def group_lines(group) -> list:
    ops = group["ops"]
    count = (_("{n} op · open ▸") if ops == 1 else _("{n} ops · open ▸")).format(n=ops)
    lines = [clip(group["label"], GROUP_LABEL_CHARS), count]
    if group.get("where"):
        lines.append(group["where"])
    return lines


def _round_up(width) -> int:
    return -(-int(width) // ROUND_TO) * ROUND_TO


def node_size(kind, lines) -> tuple:
    """(width, height) in px of a node with these lines (14 px title, 13 px others), widths rounded
    up to ``ROUND_TO`` px so that the views of a loop's iterations are alike and laid out once
    (``widgets/src/text.js`` ``boxWidth`` computes the same)."""
    if kind == "op":
        text = lines[0]
        if len(text) <= 3:
            return 38, 38
        return PAD["op"] + PX_PER_UNIT["op"] * len(text), 36
    if kind == "stub":
        return _round_up(PAD["stub"] + PX_PER_UNIT["stub"] * text_units(lines[0])), 26
    widest = max(PX_PER_UNIT["title"] * text_units(lines[0]),
                 *(PX_PER_UNIT["text"] * text_units(line) for line in lines[1:]))
    return _round_up(widest + PAD["group" if kind == "group" else "tensor"]), 10 + LINE * len(lines)


class ViewPlan:
    """The views of a model: ``views[id] = {"group", "parent", "nodes", "edges", "clusters"}``
    before layout: nodes as ``[id, kind, width, height, cluster or None]``, edges as
    ``[draw id, [edge ids], from, to]``, clusters as ``[group id, parent cluster or None, label, kind]``."""

    def __init__(self, model, budget=BUDGET):
        self.model = model
        self.budget = budget
        self.children = model.children or {None: [("op", n["id"]) for n in model.nodes if n["kind"] == "op"]}
        self.groups = {g["id"]: g for g in model.groups}
        self.nodes = {n["id"]: n for n in model.nodes}
        self.tensors_in: dict = {}
        for n in model.nodes:
            if n["kind"] == "tensor":
                self.tensors_in.setdefault(n.get("group"), []).append(n["id"])
        self.incident: dict = {}
        for e in model.edges:
            self.incident.setdefault(e["from"], []).append(e)
            self.incident.setdefault(e["to"], []).append(e)
        self.views: dict = {}
        self.build()

    def build(self) -> None:
        queue = [(None, None)]
        while queue:
            group, parent = queue.pop(0)
            view_id = "root" if group is None else group
            collapsed = self.plan(view_id, group, parent)
            queue.extend((c, view_id) for c in collapsed)

    def plan(self, view_id, group, parent) -> list:
        kids = self.children.get(group, [])
        open_groups = []
        count = len(kids)
        level = [gid for kind, gid in kids if kind == "group"]
        while level:
            extra = sum(len(self.children.get(g, [])) - 1 for g in level)
            if count + extra > self.budget:
                break
            count += extra
            open_groups += level
            level = [c for g in level for kind, c in self.children.get(g, []) if kind == "group"]
        collapsed = level
        shown = {group, *open_groups}
        rep: dict = {}
        items: list = []
        for holder in [group] + open_groups:
            for kind, child in self.children.get(holder, []):
                if kind == "op":
                    rep[child] = child
                    items.append(child)
            for tid in self.tensors_in.get(holder, []):
                rep[tid] = tid
                items.append(tid)
        for gid in collapsed:
            rep[gid] = gid
            for member in self.members(gid):
                rep[member] = gid
        for node_id in items:
            self.nodes[node_id]["view"] = view_id
        for gid in open_groups:
            self.groups[gid]["view"] = view_id
        for gid in collapsed:
            self.groups[gid]["view"] = gid
        if group is not None:
            self.groups[group]["view"] = view_id
        nodes, edges, seen_edges, stubs = [], [], set(), {}
        order = {node_id: k for k, node_id in enumerate(items)}
        for node_id in sorted(items, key=lambda i: (self._position(i), order[i])):
            node = self.nodes[node_id]
            if node["kind"] == "op":
                # room for 10 characters of a long type: the browser condenses a longer one (src/fit.js)
                lines = [node["symbol"] if len(str(node["symbol"])) <= 10 else node["type"][:10]]
                nodes.append([node_id, "op", *node_size("op", lines), node.get("group") if node.get("group") in
                              shown else None])
            else:
                nodes.append([node_id, "tensor", *node_size("tensor", tensor_lines(node)),
                              node.get("group") if node.get("group") in shown else None])
        for gid in collapsed:
            g = self.groups[gid]
            nodes.append([gid, "group", *node_size("group", group_lines(g)),
                          g["parent"] if g["parent"] in shown and g["parent"] != group else None])
        aggregated: dict = {}
        holders = {n[0]: n[4] for n in nodes}
        for member in list(rep):
            for e in self.incident.get(member, ()):
                if e["id"] in seen_edges:
                    continue
                seen_edges.add(e["id"])
                head = rep.get(e["to"])
                if head is None:
                    continue            # leaves this view
                tail = rep.get(e["from"])
                if tail is None:        # made outside this view: a stub next to each item that uses it
                    tail = f"~{e['from']}@{head}"
                    if tail not in stubs:
                        stubs[tail] = e["from"]
                        src = self.nodes[e["from"]]
                        holder = holders.get(head)
                        nodes.append([tail, "stub", *node_size("stub", ["↪ " + clip(src["label"], 16)]), holder])
                if tail == head:
                    continue
                if tail == e["from"] and head == e["to"]:
                    edges.append([e["id"], [e["id"]], tail, head])
                else:
                    key = (tail, head)
                    if key in aggregated:
                        aggregated[key][1].append(e["id"])
                    else:
                        aggregated[key] = [f"{view_id}>{len(aggregated)}", [e["id"]], tail, head]
                        edges.append(aggregated[key])
        clusters = [[gid, self.groups[gid]["parent"] if self.groups[gid]["parent"] in shown
                     and self.groups[gid]["parent"] != group else None, self.groups[gid]["label"],
                     self.groups[gid]["kind"]] for gid in open_groups]
        edges = _into_clusters(edges, nodes, clusters)
        self.views[view_id] = {"group": group, "parent": parent, "nodes": nodes, "edges": edges,
                               "clusters": clusters}
        return collapsed

    def _position(self, node_id) -> int:
        """Tape order of a node (ops: their index; tensors: where they are made or first used)."""
        node = self.nodes[node_id]
        if node["kind"] == "op":
            return int(node_id[2:]) * 2 if node_id[2:].isdigit() else 0
        producer = node.get("producer")
        if producer and producer[2:].isdigit():
            return int(producer[2:]) * 2 + 1
        uses = [e["to"] for e in self.incident.get(node_id, ()) if e["from"] == node_id]
        first = min((int(u[2:]) for u in uses if u[2:].isdigit()), default=0)
        return first * 2 - 1

    def members(self, gid) -> list:
        """Every op and tensor inside group ``gid`` (at any depth)."""
        out, todo = [], [gid]
        while todo:
            g = todo.pop()
            for kind, child in self.children.get(g, []):
                if kind == "op":
                    out.append(child)
                else:
                    todo.append(child)
            out.extend(self.tensors_in.get(g, []))
        return out


FAN_IN = 3      # edges from one node into one open group drawn as a single edge to its box


def _into_clusters(edges, nodes, clusters) -> list:
    """Edges from one node to FAN_IN or more nodes inside an open group it is not in become one
    edge to the group's box (``[draw id, edge ids, tail, head, group]``): a weight used in every
    iteration of a loop gets one arrow into the loop, not one per iteration."""
    parent = {c[0]: c[1] for c in clusters}
    holder = {n[0]: n[4] for n in nodes}

    def chain(node_id):
        out, c = [], holder.get(node_id)
        while c is not None:
            out.append(c)
            c = parent.get(c)
        return out

    buckets: dict = {}
    for edge in edges:
        inside_tail = set(chain(edge[2]))
        outer = [c for c in chain(edge[3]) if c not in inside_tail]
        if outer:
            buckets.setdefault((edge[2], outer[-1]), []).append(edge)
    merged, out = set(), []
    for edge in edges:
        key = next(((edge[2], c) for c in reversed(chain(edge[3])) if (edge[2], c) in buckets), None)
        group = buckets.get(key) if key else None
        if group is None or len(group) < FAN_IN:
            out.append(edge)
        elif key not in merged:
            merged.add(key)
            out.append([f"{group[0][0]}+", [i for e in group for i in e[1]], edge[2], group[0][3], key[1]])
    return out
