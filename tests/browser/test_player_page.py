"""The player's front end on a bare page in Chromium (no Jupyter: a stand-in for anywidget's
model), for what the layout must do: a small lesson graph fits at scale >= 1 beside or above
the table with nothing cut off, no gradient badge covers another node at any frame, and a tape
too large to draw shows its message and gradients. Skipped without Chromium and Playwright,
unless TAPEKIT_BROWSER_TESTS=1. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json

import pytest

import tapekit as tk
from kernelfree import shot

pytestmark = pytest.mark.slow

# every drawn node's and badge's box, in CSS px, and the drawing area's
BOXES_JS = """(root) => {
  const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const visible = (el) => getComputedStyle(el).visibility !== 'hidden' && !el.closest('.tkp-view-off');
  return { stage: box(root.querySelector('.tkp-graph')),
    nodes: Array.from(root.querySelectorAll('.tkp-svg g.node')).filter(visible)
      .map((g) => ({ id: g.getAttribute('data-id'), box: box(g.querySelector(':scope > rect, :scope > ellipse')) })),
    badges: Array.from(root.querySelectorAll('.tkp-svg g.tkp-badge'))
      .map((g) => ({ text: g.textContent, box: box(g.querySelector('rect')) })),
    scale: Number(root.dataset.scale) };
}"""


def open_player(browser, player, width=1280):
    """A page with the player's ES module rendered into it, as anywidget would."""
    from tapekit.widgets.assets import read_asset

    page = browser.new_page(viewport={"width": width, "height": 900})
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    data = {"graph": player.graph, "frames": player.frames, "frame": 0, "fps": 2.0, "title": player.title,
            "texts": player.texts}
    page.set_content("<html><body><div id='host'></div></body></html>")
    page.add_style_tag(content=read_asset("player.css"))
    page.evaluate("""async ([js, data]) => {
        const mod = await import(URL.createObjectURL(new Blob([js], {type: 'text/javascript'})));
        const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; }, save_changes: () => {},
                        on: () => {}, off: () => {} };
        mod.default.render({model, el: document.getElementById('host')});
    }""", [read_asset("player.js"), json.loads(json.dumps(data))])
    page.wait_for_selector(".tkp-root[data-frame]")
    return page


def go_to(page, frame):
    page.evaluate("""(i) => { const s = document.querySelector('.tkp-slider'); s.value = String(i);
        s.dispatchEvent(new Event('input')); }""", frame)


def overlap(a, b):
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])), max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def lesson_03_player():
    """Lesson 03's first player: a prediction, a loss with the constants 4.0 and 2.0."""
    from tapekit.widgets import TapePlayer

    w = tk.Variable(2.0, name="w")
    b = tk.Variable(0.5, name="b")
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        prediction = w * x + b
        loss = (prediction - 4.0) ** 2
    return TapePlayer(tape, target=loss, sources=[w, b], title="lesson 03")


def test_a_small_lesson_graph_fits_readably_and_no_badge_covers_a_node(browser):
    player = lesson_03_player()
    page = open_player(browser, player)
    try:
        for frame in range(len(player.frames)):
            go_to(page, frame)
            seen = page.evaluate(BOXES_JS, page.query_selector(".tkp-root"))
            assert seen["scale"] >= 1.0, f"frame {frame}: drawn below its natural size"
            stage = seen["stage"]
            for item in seen["nodes"] + seen["badges"]:
                x0, y0, x1, y1 = item["box"]
                assert x0 >= stage[0] - 1 and x1 <= stage[2] + 1 and y0 >= stage[1] - 1 and y1 <= stage[3] + 1, \
                    f"frame {frame}: {item} is cut off by the drawing area {stage}"
            for badge in seen["badges"]:
                for node in seen["nodes"]:
                    dx, dy = overlap(badge["box"], node["box"])
                    # a tag may hang from its own box's border (up to 6 px), never cover a box
                    assert min(dx, dy) <= 6.5, f"frame {frame}: badge {badge['text']!r} covers node {node['id']}"
            if frame == 9:   # Pow passes back: the badge that used to cover the constant 2.0
                shot(page, "player-page-lesson03-frame10.png", page.locator(".tkp-root"))
        shot(page, "player-page-lesson03-last.png", page.locator(".tkp-root"))
        assert not page.errors, page.errors
    finally:
        page.close()


def test_a_tape_too_large_to_draw_shows_the_message_and_its_gradients(browser):
    from tapekit.widgets import TapePlayer

    w = tk.Variable(0.5, name="w")
    with tk.GradientTape() as tape:
        y = tk.constant([1.0, 2.0])
        for _ in range(12):
            y = tk.sin(y * w)
        loss = tk.reduce_sum(y)
    player = TapePlayer(tape, target=loss, sources=[w], max_ops=10)
    page = open_player(browser, player)
    try:
        root = page.locator(".tkp-root")
        banner = root.locator(".tkp-notes-banner")
        assert banner.is_visible() and "25 ops" in banner.inner_text() and "max_ops=" in banner.inner_text()
        for hidden in (".tkp-graph", ".tkp-controls", ".tkp-legend", ".tkp-caption"):
            assert not root.locator(hidden).is_visible(), hidden
        row = root.locator(".tkp-row", has_text="w")
        assert player.graph["results"][0]["value"] in row.inner_text()
        shot(page, "player-page-too-large.png", root)
        assert not page.errors, page.errors
    finally:
        page.close()
