"""The static picture of a player's final frame: deterministic byte for byte, safe to sanitize.

Shown where no widget manager runs: nbconvert without widget state, GitHub, nbval, and a notebook
JupyterLab does not trust. An untrusted notebook's HTML is sanitized: ``<svg>``, ``<style>`` and
scripts are removed, and an inline SVG falls apart into loose text. So the graph is an
``<img>`` whose ``src`` is a ``data:image/svg+xml`` URL of a self-contained SVG (its own CSS
inside), which the sanitizer keeps and the browser draws as a picture (an SVG in an ``<img>``
runs no scripts and loads nothing). The caption, the watched-values table and the gradient
notes are plain HTML (tables and lists survive sanitizing). Every name and value is escaped;
nothing depends on memory addresses, random ids, versions or time.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from ..introspect import cause_texts
from .._base.i18n import _, hint_line
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
    """Rewrite the class of every plain Graphviz node/edge group of ``svg`` to show ``state``."""
    hot = set(hot)

    def swap(match):
        prefix, ident, kind = match.group(1), match.group(2), match.group(3)
        key = html.unescape(ident[2:])  # Graphviz writes ids XML-escaped
        if key not in state and "~" in key:  # a value drawn again at each use: t3~2 is t3
            key = key.rsplit("~", 1)[0]
        return f'{prefix}class="{element_classes(kind, state.get(key, {}), key in hot)}"'

    return re.sub(r'(<g id="([ne]-[^"]+)" )class="(node|edge)"', swap, svg)


_SVG_OPEN = re.compile(r"<svg\b[^>]*>")
_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')
# printable ASCII that may stay as it is in a data: URL ('%' and '#' must be escaped)
_URL_SAFE = "".join(chr(c) for c in range(0x20, 0x7F) if chr(c) not in "%#'")


PAD = 8  # px of margin around the picture


def _padded_viewbox(attr: str) -> str:
    x, y, w, h = (float(v) for v in re.findall(r"[-\d.]+", attr)[:4])
    return f'viewBox="{x - PAD:g} {y - PAD:g} {w + 2 * PAD:g} {h + 2 * PAD:g}"'


def minified_css(css: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return re.sub(r"\s+", " ", css).replace("]]>", "]] >").strip()


def standalone_svg(svg: str, css: str | None = None) -> str:
    """``svg`` as a document of its own: SVG namespace, a size in px, and the player's CSS inside
    (rules scoped under ``.tkp`` apply because the root gets that class)."""
    match = _SVG_OPEN.search(svg)
    if match is None:
        raise ValueError("the picture is not an SVG document")
    tag = match.group(0)
    if "xmlns=" not in tag:
        tag = tag.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    if 'class="' in tag:
        tag = tag.replace('class="', 'class="tkp ', 1)
    else:
        tag = tag.replace("<svg", '<svg class="tkp"', 1)
    box = _VIEWBOX.search(tag)
    if box is not None:  # a margin, so that outlines and glows on the border are not cut
        width, height = float(box.group(1)) + 2 * PAD, float(box.group(2)) + 2 * PAD
        tag = re.sub(r'\s(width|height)="[^"]*"', "", tag)
        tag = _VIEWBOX.sub(lambda m: _padded_viewbox(m.group(0)), tag)
        tag = tag.replace("<svg", f'<svg width="{width:g}" height="{height:g}"', 1)
    style = f"<style><![CDATA[{minified_css(css if css is not None else read_asset('player.css'))}]]></style>"
    doc = tag + style + svg[match.end():]
    return re.sub(r"\s*[\r\n]\s*", " ", doc)  # newlines are never significant in this SVG


def svg_data_url(svg: str) -> str:
    """A ``data:image/svg+xml`` URL: only '%', '#', "'", controls and non-ASCII are percent-escaped."""
    return "data:image/svg+xml;charset=utf-8," + quote(svg, safe=_URL_SAFE)


def _attr(text: str) -> str:
    """An HTML attribute value for single quotes: only '&' and "'" must change (SVG is full of '"')."""
    return text.replace("&", "&amp;").replace("'", "&#39;")


def picture_html(svg: str, alt: str) -> str:
    """The graph as an ``<img>`` of a self-contained SVG (kept by JupyterLab's sanitizer)."""
    doc = standalone_svg(svg)
    size = re.search(r'<svg[^>]*?\swidth="([\d.]+)(?:px|pt)?"[^>]*?\sheight="([\d.]+)(?:px|pt)?"', doc)
    dims = f' width="{size.group(1)}" height="{size.group(2)}"' if size else ""
    return (f"<img class='tkp-picture' src='{_attr(svg_data_url(doc))}' alt='{html.escape(alt, quote=True)}'{dims} "
            "style='max-width: 100%; height: auto;'>")


def _row(cells, tag="td") -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(str(c))}</{tag}>" for c in cells) + "</tr>"


def summary_lines(model) -> list:
    """Plain-text summary: one line per watched value, then one per source result."""
    nodes = {n["id"]: n for n in model.nodes}
    lines = []
    for tid in model.watched:
        n = nodes[tid]
        kind = _("Variable {name}: shape {shape}, {dtype}, value {value}") if n["variable"] else \
            _("watched tensor {name}: shape {shape}, {dtype}, value {value}")
        lines.append(kind.format(name=n["name"] or tid, shape=n["shape"], dtype=n["dtype"], value=n["value"]))
    for res in model.results:
        if res["cause"] is None:
            lines.append(_("gradient wrt {name}: {value}").format(name=res["name"], value=res["value"]))
        else:
            text = (_("gradient wrt {name}: zeros ({cause}): {message}") if res["cause"] == "unconnected_zero" else
                    _("gradient wrt {name}: None ({cause}): {message}"))
            lines.append(text.format(name=res["name"], cause=res["cause"], message=res["message"]))
    return lines


def _kind(role) -> str:
    kinds = {"variable": _("Variable"), "frozen": _("Variable, not watched"), "watched": _("watched tensor"),
             "const": _("constant"), "output": _("computed"), "unseen": _("not on the tape")}
    return kinds.get(role, role or "")


def _shape_text(shape) -> str:
    if shape is None:
        return _("unknown")
    return "(" + ", ".join("None" if d is None else str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def _gradient_text(result) -> str:
    if result is None:
        return _("not asked for")
    if result.get("cause") is None:
        return str(result.get("value"))
    if result["cause"] == "unconnected_zero":
        return _("zeros: {value}").format(value=result.get("value"))
    return _("None: {cause}").format(cause=cause_texts.label(result["cause"]))


def value_rows(model, state) -> list:
    """One row per watched value and per source: name, kind, shape, dtype, value, gradient."""
    nodes = {n["id"]: n for n in model.nodes}
    results = {r["source"]: r for r in model.results}
    rows = []
    for tid in dict.fromkeys([*model.watched, *model.sources]):
        node = nodes.get(tid)
        if node is None:
            continue
        value = (state.get(tid) or {}).get("v") or node.get("value")
        rows.append([node.get("name") or node.get("label") or tid, _kind(node.get("role")),
                     _shape_text(node.get("shape")), node.get("dtype") or "", "" if value is None else value,
                     _gradient_text(results.get(tid))])
    for res in model.results:     # sources without a node: a tape too large to draw (limits.py)
        if res["source"] not in nodes:
            rows.append([res.get("name") or res["source"], _("source"), _shape_text(res.get("shape")),
                         res.get("dtype") or "", "", _gradient_text(res)])
    return rows


# The static picture shown beside a live player is hidden where that player renders (JupyterLab,
# Notebook 7, nbconvert's lab and classic pages, the exporter's page): the next output holds a
# .tkp-root. Where the style is stripped (an untrusted notebook, GitHub) or the player never
# renders (nbconvert's page offline), the picture stays.
FALLBACK_CSS = (".jp-OutputArea-child:has(+ .jp-OutputArea-child .tkp-root) .tkp-fallback,"
                ".output_area:has(+ .output_area .tkp-root) .tkp-fallback{display:none}")


def key_frame_index(choice, model, questions=()) -> int:
    """The frame the static picture shows: ``choice`` is a frame number (negative: from the end),
    ``"last"``, ``"broadcast"`` (the first backward step that sums a broadcast gradient) or ``"auto"``:
    before the first question if there are questions (the picture must not give the answers away),
    else the first broadcast sum if there is one, else the last frame."""
    last = len(model.frames) - 1
    if isinstance(choice, int):
        if not -len(model.frames) <= choice <= last:
            raise ValueError(f"key_frame={choice} is out of range: this player has {len(model.frames)} frames "
                             f"(0 to {last}, or -1 for the last)."
                             + hint_line(_("leave it out for a meaningful frame, or pass key_frame=\"last\".")))
        return choice % len(model.frames)
    if choice == "last":
        return last
    broadcasts = [frame for frame, _tid in model.broadcasts]
    if choice == "broadcast":
        if not broadcasts:
            raise ValueError("key_frame=\"broadcast\": no backward step of this tape sums a broadcast gradient."
                             + hint_line(_("leave it out for a meaningful frame, or pass key_frame=\"last\".")))
        return broadcasts[0]
    if questions:
        return max(0, min(q["frame"] for q in questions) - 1)
    return broadcasts[0] if broadcasts else last


def check_key_frame(choice):
    """``key_frame`` as given: a frame number or one of "auto", "last", "broadcast"."""
    if isinstance(choice, bool) or not (isinstance(choice, int) or choice in KEY_FRAMES):
        raise TypeError(f"key_frame must be a frame number or one of {', '.join(map(repr, KEY_FRAMES))}, not "
                        f"{type(choice).__name__} {choice!r:.40}."
                        + hint_line(_("e.g. key_frame=\"broadcast\" for the step that sums a broadcast gradient, "
                                      "or key_frame=-1 for the last frame.")))
    return choice


KEY_FRAMES = ("auto", "last", "broadcast")


def static_html(model, svg: str, language: str = "en", frame: int | None = None, fallback: bool = False) -> str:
    """HTML of one frame (the last by default): caption, the graph as a picture, the watched values,
    the gradients.

    ``language``: the player's (tapekit/widgets/texts.py); other than English, the page is marked with it
    and gets the CJK font stacks of player-cjk.css (English pages stay exactly as they were).
    ``fallback``: the picture is an output of its own, just before the player's (``TapePlayer._ipython_display_``):
    a style rule hides it wherever the player in the next output renders (see FALLBACK_CSS)."""
    last = len(model.frames) - 1 if frame is None else frame
    state = model.state_read(last)
    picture = apply_state(svg, model, state) if svg else ""
    rows = [_row([_("name"), _("kind"), _("shape"), _("dtype"), _("value"), _("gradient")], "th")]
    rows += [_row(cells) for cells in value_rows(model, state)]
    notes = "".join(f"<li>{html.escape(line)}</li>" for line in summary_lines(model))
    caption = model.frames[last]["caption"]
    css = minified_css(read_asset("player.css"))
    lang = ""
    if language != "en":
        css += minified_css(read_asset("player-cjk.css"))
        lang = f' lang="{html.escape(language, quote=True)}"'
    alt = (_("The tape graph after the last step. {caption}") if last == len(model.frames) - 1 else
           _("The tape graph at step {step} of {steps}. {caption}")).format(caption=caption, step=last + 1,
                                                                          steps=len(model.frames))
    graph = (f'<div class="tkp-graph">{picture_html(picture, alt)}</div>'
             if svg else "")      # no picture: a tape too large to draw, the caption says why
    if fallback:
        css += FALLBACK_CSS
    classes = "tkp tkp-static tkp-fallback" if fallback else "tkp tkp-static"
    return (f'<div class="{classes}"{lang}><style>{css}</style>'
            f'<div class="tkp-caption">{html.escape(caption)}</div>{graph}'
            f'<table class="tkp-table">{"".join(rows)}</table><ul class="tkp-notes">{notes}</ul></div>')
