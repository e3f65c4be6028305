"""The static picture of a player's final frame: SVG + text summary, deterministic byte for byte.

Shown where no widget manager runs (nbconvert, GitHub, nbval). Every name and value is
HTML-escaped; nothing depends on memory addresses, random ids, versions or time.
"""

from __future__ import annotations

import html
import re

from .assets import read_asset


def element_classes(kind: str, state: dict, hot: bool = False) -> str:
    """CSS classes of a node or edge in a given state (the front end mirrors this)."""
    parts = [kind, "s-" + (state.get("s") or "hidden")]
    if state.get("g"):
        parts.append("g-" + state["g"])
    if hot:
        parts.append("hot")
    return " ".join(parts)


def apply_state(svg: str, model, state: dict, hot=()) -> str:
    """Rewrite the class of every node/edge group of ``svg`` to show ``state``."""
    hot = set(hot)

    def swap(match):
        prefix, ident, kind = match.group(1), match.group(2), match.group(3)
        key = ident[2:].split("~")[0]
        return f'{prefix}class="{element_classes(kind, state.get(key, {}), key in hot)}"'

    return re.sub(r'(<g id="([ne]-[^"]+)" )class="(node|edge)"', swap, svg)


def _row(cells, tag="td") -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(str(c))}</{tag}>" for c in cells) + "</tr>"


def summary_lines(model) -> list:
    """Plain-text summary: one line per watched value, then one per source result."""
    nodes = {n["id"]: n for n in model.nodes}
    lines = []
    for tid in model.watched:
        n = nodes[tid]
        kind = "Variable" if n["variable"] else "watched tensor"
        lines.append(f"{kind} {n['name'] or tid}: shape {n['shape']}, {n['dtype']}, value {n['value']}")
    for res in model.results:
        if res["cause"] is None:
            lines.append(f"gradient wrt {res['name']}: {res['value']}")
        else:
            lines.append(f"gradient wrt {res['name']}: {'zeros' if res['cause'] == 'unconnected_zero' else 'None'}"
                         f" ({res['cause']}): {res['message']}")
    return lines


def static_html(model, svg: str) -> str:
    """HTML of the final frame with a watched-variables table and the gradient summary."""
    last = len(model.frames) - 1
    state = model.state_at(last)
    picture = apply_state(svg, model, state)
    nodes = {n["id"]: n for n in model.nodes}
    rows = [_row(["name", "shape", "dtype", "trainable", "value", "gradient"], "th")]
    results = {r["source"]: r for r in model.results}
    for tid in model.watched:
        n = nodes[tid]
        res = results.get(tid)
        grad = "" if res is None else (res["value"] if res["cause"] is None else f"None: {res['cause']}")
        rows.append(_row([n["name"] or tid, n["shape"], n["dtype"], n["trainable"], state[tid].get("v"), grad]))
    notes = "".join(f"<li>{html.escape(line)}</li>" for line in summary_lines(model))
    css = read_asset("player.css")
    return (f'<div class="tkp tkp-static"><style>{css}</style>'
            f'<div class="tkp-caption">{html.escape(model.frames[last]["caption"])}</div>'
            f'<div class="tkp-graph">{picture}</div>'
            f'<table class="tkp-table">{"".join(rows)}</table><ul class="tkp-notes">{notes}</ul></div>')
