"""The player fits the page (issue 24): in JupyterLab 4 in a 1400×900 window with the left side
panel open, lesson 03's broadcast player shows its graph, caption and controls together without
scrolling the notebook (the table goes below them), and the wheel zooms the graph inside its area
without scrolling the notebook. Skipped without Chromium, Playwright or JupyterLab, unless
TAPEKIT_BROWSER_TESTS=1. The screenshot goes to test-artifacts/ (look at it).
"""

from __future__ import annotations

import json

import pytest
from kernelfree import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, TOKEN

pytestmark = pytest.mark.slow

NOTEBOOK = "fit.ipynb"
# lesson 03's broadcast player (notebooks/03_gradient_tape.ipynb)
LESSON_03 = """import tapekit as tk
from tapekit.widgets import TapePlayer
w = tk.Variable([[1.0, 0.0, -1.0], [0.5, 1.0, 0.0]], name="w")   # 2 features in, 3 outputs
b = tk.Variable([0.5, -0.5, 1.0], name="b")
x = tk.constant([[1.0, 2.0], [0.0, 1.0], [2.0, -1.0], [1.0, 1.0]])   # a batch of 4 examples
with tk.GradientTape(persistent=True) as tape:
    y = x @ w + b                        # (4, 3) + (3,): b is broadcast to every row
    loss = 0.5 * tk.reduce_sum(y ** 2)
TapePlayer(tape, target=loss, sources=[w, b])"""


def _notebook() -> str:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": LESSON_03}
    return json.dumps({"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                    "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def lab(lab_server):
    """The session's JupyterLab (conftest.py), with this module's notebook in its root."""
    base, root = lab_server
    (root / NOTEBOOK).write_text(_notebook())
    return base


# the player's parts and the notebook's visible area (its scrolling ancestor), in CSS px
PARTS_JS = """() => {
  const root = document.querySelector('.tkp-root');
  let area = root.parentElement;
  while (area && !(area.scrollHeight > area.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(area).overflowY)))
    area = area.parentElement;
  const box = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return { area: box(area), scrollTop: area.scrollTop, graph: box(root.querySelector('.tkp-graph')),
    caption: box(root.querySelector('.tkp-caption')), controls: box(root.querySelector('.tkp-controls')),
    root: box(root), sidebar: window.jupyterapp.shell.leftCollapsed ? 0 :
      document.querySelector('.jp-SideBar.jp-mod-left').getBoundingClientRect().width +
      document.querySelector('#jp-left-stack').getBoundingClientRect().width, scale: Number(root.dataset.scale) };
}"""


def test_graph_caption_and_controls_fit_a_1400x900_window_with_the_side_panel_open(lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{lab}/lab/workspaces/fit/tree/{NOTEBOOK}?reset&token={TOKEN}", timeout=90_000)
            page.wait_for_function("window.jupyterapp && document.querySelector('.jp-Notebook')", timeout=90_000)
            page.evaluate("window.jupyterapp.shell.expandLeft()")
            page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                                   " const k = w && w.sessionContext && w.sessionContext.session"
                                   " && w.sessionContext.session.kernel; return k && k.status === 'idle'; }",
                                   timeout=90_000)
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_selector(".tkp-root[data-frame]", timeout=120_000)
            page.wait_for_timeout(500)
            page.evaluate("document.querySelector('.tkp-root').scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            parts = page.evaluate(PARTS_JS)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "fit-jupyterlab-1400x900.png"))
            assert parts["sidebar"] > 200, "the left side panel is open"
            area = parts["area"]
            for name in ("graph", "caption", "controls"):
                box = parts[name]
                assert box[1] >= area[1] - 1 and box[3] <= area[3] + 1, f"{name} {box} outside the view {area}"
                assert box[0] >= area[0] - 1 and box[2] <= area[2] + 1, f"{name} {box} cut off at the sides {area}"
            assert parts["scale"] >= 1.0
            # the wheel zooms the graph inside its area; the notebook does not scroll
            graph = parts["graph"]
            page.mouse.move((graph[0] + graph[2]) / 2, (graph[1] + graph[3]) / 2)
            page.mouse.wheel(0, 300)
            page.wait_for_timeout(300)
            after = page.evaluate(PARTS_JS)
            assert after["scrollTop"] == parts["scrollTop"] and after["scale"] < parts["scale"]
            assert not errors, errors
        finally:
            browser.close()
