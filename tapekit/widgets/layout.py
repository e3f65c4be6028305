"""Lay the player's views out once with Graphviz: the system ``dot`` if present, else WebAssembly.

Each view (``views.ViewPlan``) becomes a DOT graph with node sizes fixed in advance and neutral
names (``n0, n1, ...``: ids never reach Graphviz); only coordinates come back (Graphviz's json0
output), and the browser draws the nodes itself (``widgets/player.js``). ``view_svg`` draws one
view in Python the same way, for the static picture.
"""

from __future__ import annotations

import html
import json
import shutil

from . import graphviz_run
from .static import element_classes
from .views import LINE, group_lines, tensor_lines


def find_dot():
    """Path of the system ``dot`` binary, or None (tests monkeypatch this)."""
    return shutil.which("dot")


# ---------------------------------------------------------------- views (hierarchical layout)
# Each view of a ViewPlan (views.py) is laid out on its own, with node sizes fixed in advance,
# and only coordinates come back (Graphviz's json0 output): the browser draws the nodes itself.
# Identical views (the iterations of a loop) have identical DOT sources and are laid out once.

VIEW_FONT = "Helvetica"
REFERENCE_STAGE = (760, 460)   # px: a typical drawing area, to choose a small view's direction
SMALL_VIEW = 60                # nodes: views up to this size are laid out both ways
MANY_VIEWS = 150               # views: above this, only the top two levels get layout choices


WRAP = 4                       # collapsed groups per row when a run of them is wrapped


def view_dot(view, rankdir="LR", wrap=False, rows=False) -> tuple[str, list]:
    """(DOT source, node ids in DOT-name order) of one planned view; names are n0, n1, ...

    ``wrap``: top to bottom, with the collapsed groups of each box in rows of ``WRAP`` (a long run
    of iterations reads like lines of text instead of one very long line); ``rows``: top to
    bottom, each open iteration on one row, the next one below it."""
    names = {}
    for node in view["nodes"]:
        names[node[0]] = f"n{len(names)}"
    members: dict = {}
    for node in view["nodes"]:
        members.setdefault(node[4], []).append(node)
    sub: dict = {}
    for gid, parent, *_ in view["clusters"]:
        sub.setdefault(parent, []).append(gid)
    labels = {c[0]: c[2] for c in view["clusters"]}
    kinds = {c[0]: c[3] for c in view["clusters"]}
    number = {gid: k for k, gid in enumerate(_cluster_walk(view))}
    lines = ["digraph v {",
             f'graph [rankdir={rankdir}, nodesep=0.22, ranksep=0.3, pad=0.15, labeljust=l, fontsize=13, compound=true, '
             f'fontname="{VIEW_FONT}"];',
             'node [shape=box, fixedsize=true, label=""];',
             "edge [arrowsize=0.8];"]

    def emit(holder, indent):
        for node in members.get(holder, ()):
            node_id, kind, width, height = node[:4]
            shape = "ellipse" if kind == "op" else "box"
            lines.append(f"{indent}{names[node_id]} [width={width / 72:.3f}, height={height / 72:.3f}, shape={shape}];")
        if wrap:
            row = [names[n[0]] for n in members.get(holder, ()) if n[1] == "group"]
            for k in range(0, len(row), WRAP):
                part = row[k:k + WRAP]
                lines.append(f"{indent}{{rank=same; {'; '.join(part)}}}")
                for a, b in zip(part, part[1:]):   # keep tape order along the row
                    lines.append(f"{indent}{a} -> {b} [style=invis, weight=20];")
        for gid in sub.get(holder, ()):
            # a stand-in of about the same width: the browser draws the label, and views that differ
            # only in it ("iteration 11" / "iteration 21") stay alike, so they are laid out once
            label = "m" * -(-len(labels.get(gid) or " ") // 4) * 4
            lines.append(f'{indent}subgraph cluster_{number[gid]} {{ label="{label}"; margin=14;')
            emit(gid, indent + "  ")
            if rows and kinds.get(gid) == "iteration" and not sub.get(gid):   # one iteration, one row
                lines.append(f"{indent}  {{rank=same; {'; '.join(names[n[0]] for n in members.get(gid, ()))}}}")
            lines.append(indent + "}")

    emit(None, "  ")
    holder = {n[0]: n[4] for n in view["nodes"]}
    rowed = rows and [g for g in number if kinds.get(g) == "iteration" and not sub.get(g)]
    for k, edge in enumerate(view["edges"]):
        into = f', lhead=cluster_{number[edge[4]]}' if len(edge) > 4 else ""
        if rowed and holder.get(edge[2]) != holder.get(edge[3]):
            into += ", weight=0"          # rows start at the left: no pull from one row's end to the next
        lines.append(f'  {names[edge[2]]} -> {names[edge[3]]} [id="{k}"{into}];')
    for a, b in zip(rowed or [], (rowed or [])[1:]):
        first_a, first_b = members.get(a, [None])[0], members.get(b, [None])[0]
        if first_a and first_b:
            lines.append(f"  {names[first_a[0]]} -> {names[first_b[0]]} [style=invis, weight=10];")
    lines.append("}")
    return "\n".join(lines), [n[0] for n in view["nodes"]]


def _dot_string(text) -> str:
    return str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def layout_views(plan, engine=None, timeout=None) -> tuple[dict, list, str]:
    """(views, layouts, engine used) for the views of a ``views.ViewPlan``.

    Views with the same DOT source (the iterations of a loop) share one layout: ``layouts[k] =
    {"w", "h", "nodes": [[x, y, w, h]], "edges": [[path d, arrow d]], "clusters": [[x, y, w, h]]}``
    (px; slot order), and ``views[id] = {"group", "parent", "layout": k, "nodes": [[id, kind]],
    "edges": [[draw id, [edge ids]]], "clusters": [group ids]}`` name what fills each slot.
    """
    engine = graphviz_run.check_engine(engine)
    sources, unique, views, choices = {}, [], {}, {}
    many = len(plan.views) > MANY_VIEWS
    for view_id, view in plan.views.items():
        directions = [("LR", False, False)]
        top = view["parent"] in (None, "root")
        if many and not top:          # a very large tape: deep views get the one layout that
            pass                      # suits their runs of iterations (below), to stay quick
        elif len(view["nodes"]) <= SMALL_VIEW:
            directions.append(("TB", False, False))
            if sum(n[1] == "group" for n in view["nodes"]) > WRAP:
                directions.append(("TB", True, False))
        if sum(c[3] == "iteration" for c in view["clusters"]) > 1:
            directions.append(("TB", False, True))
            if many and not top:
                directions.pop(0)     # rows of iterations read best; left to right is not needed
        options = []
        for rankdir, wrap, rows in directions:
            source, _ = view_dot(view, rankdir, wrap, rows)
            if source not in sources:
                sources[source] = len(unique)
                unique.append((source, view))
            options.append(sources[source])
        choices[view_id] = options
        views[view_id] = {"group": view["group"], "parent": view["parent"], "layout": None,
                          "nodes": [[n[0], n[1]] for n in view["nodes"]],
                          "edges": [[e[0], e[1]] for e in view["edges"]],
                          "clusters": _cluster_walk(view)}
    outputs, used = _run_graphviz([source for source, _ in unique], engine, timeout)
    geometry = [_geometry(view, doc) for (_, view), doc in zip(unique, outputs)]
    kept: dict = {}       # index in geometry -> index in layouts
    layouts = []

    def keep(k):
        if k not in kept:
            kept[k] = len(layouts)
            layouts.append(geometry[k])
        return kept[k]

    for view_id, options in choices.items():
        best = max(options, key=lambda k: _fit(geometry[k]))
        views[view_id]["layout"] = keep(best)
        if len(set(options)) > 1:   # the browser picks the one that fits its drawing area best
            views[view_id]["layouts"] = [keep(k) for k in options]
    return views, layouts, used


def _fit(geo) -> float:
    """How large a layout can be drawn in the reference stage (capped: bigger than 1.5 is no gain)."""
    width, height = REFERENCE_STAGE
    return min(1.5, width / (geo["w"] + 48), height / (geo["h"] + 48))


def _run_graphviz(sources, engine, timeout) -> tuple[list, str]:
    """Graphviz's json0 output for each DOT source: the system dot reads them all in one run."""
    dot = find_dot() if engine != "wasm" else None
    if engine == "wasm" or (engine is None and dot is None):
        outputs, used = [], "wasm"
        for source in sources:
            # engine (None or "wasm"), not "wasm": with neither Graphviz, None says to install one
            out, used = graphviz_run.render(source, engine, None, timeout, fmt="json0")
            outputs.append(_json_documents(out)[0])
        return outputs, used
    out, used = graphviz_run.render("\n".join(sources), engine, dot, timeout, fmt="json0")
    return _json_documents(out), used


def _json_documents(raw: bytes) -> list:
    text = raw.decode("utf-8")
    decoder = json.JSONDecoder()
    docs, at = [], 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return docs
        doc, at = decoder.raw_decode(text, at)
        docs.append(doc)


def _geometry(view, doc) -> dict:
    x0, y0, x1, y1 = (float(v) for v in doc["bb"].split(","))
    height = y1 - y0

    def point(text):
        x, y = text.split(",")[:2]
        return round(float(x) - x0), round(height - (float(y) - y0))

    nodes = [None] * len(view["nodes"])
    edges = [None] * len(view["edges"])
    clusters = [None] * len(view["clusters"])
    for obj in doc.get("objects", []):
        name = obj.get("name", "")
        if name.startswith("cluster_") and "bb" in obj:
            bx0, by0, bx1, by1 = (float(v) for v in obj["bb"].split(","))
            clusters[int(name[8:])] = [round(bx0 - x0), round(height - (by1 - y0)), round(bx1 - bx0),
                                       round(by1 - by0)]
        elif name.startswith("n") and "pos" in obj:
            x, y = point(obj["pos"])
            nodes[int(name[1:])] = [x, y, round(float(obj["width"]) * 72), round(float(obj["height"]) * 72)]
    for obj in doc.get("edges", []):
        if "id" in obj:             # the others are invisible, for ordering only
            edges[int(obj["id"])] = list(_edge_path(obj.get("pos", ""), point))
    return {"w": round(x1 - x0), "h": round(height), "nodes": nodes, "edges": edges, "clusters": clusters}


def _cluster_walk(view) -> list:
    sub: dict = {}
    for gid, parent, *_ in view["clusters"]:
        sub.setdefault(parent, []).append(gid)
    out = []

    def walk(holder):
        for gid in sub.get(holder, ()):
            out.append(gid)
            walk(gid)

    walk(None)
    return out


def _edge_path(pos: str, point) -> tuple[str, str | None]:
    """SVG path of a Graphviz edge (``e,x,y p0 p1 ...``: B-spline control points, arrow tip)."""
    tip = None
    points = []
    for token in pos.split():
        if token.startswith("e,"):
            tip = point(token[2:])
        elif token.startswith("s,"):
            continue
        else:
            points.append(point(token))
    if not points:
        return "", None
    d = f"M{points[0][0]} {points[0][1]}"
    for k in range(1, len(points) - 2, 3):
        (ax, ay), (bx, by), (cx, cy) = points[k:k + 3]
        d += f"C{ax} {ay} {bx} {by} {cx} {cy}"
    arrow = None
    if tip is not None:
        end = points[-1]
        dx, dy = tip[0] - end[0], tip[1] - end[1]
        length = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        ux, uy = dx / length, dy / length
        back = (tip[0] - ux * 9, tip[1] - uy * 9)
        left = (round(back[0] - uy * 4.5), round(back[1] + ux * 4.5))
        right = (round(back[0] + uy * 4.5), round(back[1] - ux * 4.5))
        arrow = f"M{tip[0]} {tip[1]}L{left[0]} {left[1]}L{right[0]} {right[1]}Z"
    return d, arrow


def view_svg(graph, view_id, state, hot=()) -> str:
    """The SVG of one laid-out view in ``state`` (the browser draws the same): every label escaped,
    every node and edge a ``<g class="node|edge ..." data-id="...">`` with its state's classes."""
    view = graph["views"][view_id]
    geo = graph["layouts"][view["layout"]]
    nodes = {n["id"]: n for n in graph["nodes"]}
    groups = {g["id"]: g for g in graph.get("groups", [])}
    hot = set(hot)
    esc = html.escape
    out = [f'<svg class="tkp-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {geo["w"]} {geo["h"]}" '
           f'width="{geo["w"]}" height="{geo["h"]}" role="img">']
    for gid, (x, y, w, h) in zip(view["clusters"], geo["clusters"]):
        group = groups[gid]
        out.append(f'<g class="cluster k-{esc(group["kind"])}" data-id="{esc(gid)}"><rect x="{x}" y="{y}" '
                   f'width="{w}" height="{h}" rx="10"/><text class="cl-label" x="{x + 10}" y="{y + 17}">'
                   f'{esc(group["label"])}</text></g>')
    for (draw_id, edge_ids), (d, arrow) in zip(view["edges"], geo["edges"]):
        st = state.get(edge_ids[0], {})
        cls = element_classes("edge", st, draw_id in hot or edge_ids[0] in hot)
        out.append(f'<g class="{cls}" data-id="{esc(draw_id)}"><path d="{d}"/>'
                   + (f'<path class="arrow" d="{arrow}"/>' if arrow else "") + "</g>")
    for (node_id, kind), (x, y, w, h) in zip(view["nodes"], geo["nodes"]):
        if kind == "stub":
            source = nodes.get(node_id[1:].split("@")[0], {})
            lines, st, role = ["↪ " + str(source.get("label", node_id))], {"s": "value"}, "stub"
        elif kind == "group":
            lines, st, role = group_lines(groups[node_id]), state.get(node_id, {}), "group"
        else:
            node = nodes[node_id]
            st = state.get(node_id, {})
            role = node.get("role", "op")
            lines = [node["symbol"]] if kind == "op" else tensor_lines({**node, "value": st.get("v") or node["value"]})
        cls = element_classes("node", st, node_id in hot) + f" k-{kind} r-{esc(role)}"
        out.append(f'<g class="{cls}" data-id="{esc(node_id)}" transform="translate({x},{y})">')
        if kind == "op":
            out.append(f'<ellipse rx="{w / 2:g}" ry="{h / 2:g}"/>')
        else:
            out.append(f'<rect x="{-w / 2:g}" y="{-h / 2:g}" width="{w}" height="{h}" rx="8"/>')
        top = -(len(lines) - 1) * LINE / 2 + 5
        for k, line in enumerate(lines):
            out.append(f'<text class="l{k}" y="{top + LINE * k:g}">{esc(str(line))}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
