"""Lay the recorded graph out once with Graphviz: system ``dot`` if present, else WebAssembly.

The SVG keeps Graphviz's geometry; every node is ``<g id="n-<id>">`` and every edge
``<g id="e-<id>">`` so the front end animates by toggling classes, never by relayout.
Comments, the XML prolog and version strings are removed so the output is deterministic.
"""

from __future__ import annotations

import re
import shutil

from . import graphviz_run

FONT = "Helvetica,Arial,sans-serif"
_MAX_LABEL = 28
BIG_GRAPH = 80   # nodes; above this, values with more than HUB_USES uses get a copy per use
HUB_USES = 3


def find_dot():
    """Path of the system ``dot`` binary, or None (tests monkeypatch this)."""
    return shutil.which("dot")


def _clip(text, limit=_MAX_LABEL) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _shape(shape) -> str:
    if shape is None:
        return "?"
    if not shape:
        return "scalar"
    return "×".join("?" if d is None else str(d) for d in shape)


def node_label(node) -> str:
    if node["kind"] == "op":
        sym = node.get("symbol") or node.get("type") or "op"
        return _clip(sym, 10)
    title = node["name"] or {"const": "const", "unseen": "not on tape"}.get(node["role"], node["id"])
    meta = _shape(node.get("shape"))
    if node.get("dtype"):
        meta += " " + node["dtype"]
    lines = [_clip(title), meta]
    value = node.get("value")
    if value is not None and len(str(value)) <= 22:
        lines.append(str(value))
    return "\n".join(lines)


def to_dot(model):
    """The ``graphviz.Digraph`` of a :class:`FrameModel` (imported lazily)."""
    import graphviz

    g = graphviz.Digraph("tape")
    g.attr(rankdir="LR", nodesep="0.25", ranksep="0.45", bgcolor="transparent", pad="0.2")
    g.attr("node", fillcolor="white", fontname=FONT, fontsize="11", penwidth="1.4")
    g.attr("edge", fontname=FONT, fontsize="9", penwidth="1.4", arrowsize="0.7")
    name = _DotNames()  # ids may come from JSON: never use them as DOT names
    for node in model.nodes:
        label = graphviz.escape(node_label(node)).replace("\n", "\\n")
        if node["kind"] == "op":
            shape = "circle" if len(node_label(node)) <= 3 else "ellipse"
            g.node(name(node["id"]), label=graphviz.nohtml(label), id=svg_id("n-", node["id"]), shape=shape,
                   style="filled", width="0.42", height="0.42", fixedsize="false", margin="0.02",
                   fontsize="13" if shape == "circle" else "10")
        else:
            role = node["role"]
            peripheries = "2" if role == "variable" else "1"
            g.node(name(node["id"]), label=graphviz.nohtml(label), id=svg_id("n-", node["id"]), shape="box",
                   style="rounded,filled", peripheries=peripheries, margin="0.1,0.04")
    uses: dict = {}
    for edge in model.edges:
        if edge["to"].startswith("op"):
            uses[edge["from"]] = uses.get(edge["from"], 0) + 1
    hubs = {tid for tid, n in uses.items() if n > HUB_USES} if len(model.nodes) > BIG_GRAPH else set()
    nodes = {n["id"]: n for n in model.nodes}
    count: dict = {}
    for edge in model.edges:
        start = edge["from"]
        if start in hubs:  # a value used by many ops is drawn again at each use: far faster layout
            count[start] = count.get(start, 0) + 1
            start = f"{start}~{count[start]}"
            label = graphviz.escape(_clip(nodes[edge["from"]]["name"] or edge["from"], 14))
            g.node(name(start), label=graphviz.nohtml(label), id=svg_id("n-", start), shape="box",
                   style="rounded,filled", fontsize="9", margin="0.04,0.02", height="0.2")
        g.edge(name(start), name(edge["to"]), id=svg_id("e-", edge["id"]))
    return g


class _DotNames:
    """DOT node names ``n0, n1, ...`` for model ids: an id from JSON may hold ':' (read as a port),
    '"', a leading '<' (an HTML label) or a trailing backslash, none of which survive as a DOT name."""

    def __init__(self):
        self.names: dict = {}

    def __call__(self, model_id) -> str:
        return self.names.setdefault(model_id, f"n{len(self.names)}")


def svg_id(prefix: str, model_id) -> str:
    """The ``id`` attribute of an SVG group: Graphviz reads it as an escString (backslash escapes,
    ``\\N`` = node name), as an HTML string when it starts with '<', and keeps '&...;' entities
    as written, so escape it for all three."""
    import graphviz

    return graphviz.nohtml(graphviz.escape(prefix + str(model_id)).replace("&", "&amp;"))


def render_svg(model, engine=None, timeout=None) -> tuple[str, str]:
    """(svg text, engine used): ``"dot"`` (system binary) or ``"wasm"`` (WebAssembly Graphviz).

    Raises ``graphviz_run.LayoutError`` (a RuntimeError) with Graphviz's message when the layout
    fails or no Graphviz is installed, ``LayoutTimeout`` after ``timeout`` seconds.
    """
    engine = graphviz_run.check_engine(engine)
    source = to_dot(model).source
    out, used = graphviz_run.render(source, engine, find_dot() if engine != "wasm" else None, timeout)
    return clean_svg(out.decode("utf-8")), used


_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.S)
_TITLE = re.compile(r"<title>.*?</title>\n?", re.S)


def clean_svg(svg: str) -> str:
    """Strip prolog, comments, titles (browser tooltips we replace) and fixed pt sizes."""
    svg = _PROLOG.sub("", svg)
    svg = _TITLE.sub("", svg)
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"', '<svg class="tkp-svg"', svg, count=1)
    svg = svg.replace("&#45;", "-")
    return "\n".join(line for line in svg.splitlines() if line.strip()) + "\n"
