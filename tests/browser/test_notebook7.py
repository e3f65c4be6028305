"""The player in Notebook 7 (the `notebook` package) in Chromium: from saved widget state before
any cell runs, live after running the cell, and as a picture when the notebook is not trusted."""

from __future__ import annotations

import json

import pytest

from kernelfree import (ROOT, TOKEN, chromium, copy_lesson, execute_with_state, fallback_seen, frame_of,
                        jupyter_server, need, page_errors, plays, shot, trust)


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory):
    need("notebook")
    root = tmp_path_factory.mktemp("nb7")
    execute_with_state(copy_lesson(root, "source.ipynb"), root / "untrusted.ipynb")
    nb = json.loads((root / "untrusted.ipynb").read_text())
    nb["metadata"]["copy"] = "trusted"  # trust is by content: the copies must differ
    (root / "trusted.ipynb").write_text(json.dumps(nb, indent=1))
    trust(root / "trusted.ipynb", root)
    with jupyter_server("notebook", root) as base:
        yield base


def open_notebook(page, base, name):
    page.goto(f"{base}/notebooks/{name}?token={TOKEN}", timeout=90_000)
    page.wait_for_selector(".jp-Notebook .jp-OutputArea-output", timeout=90_000)


def test_notebook7_plays_the_saved_state_before_any_cell_runs(notebook7):
    with chromium() as page:
        open_notebook(page, notebook7, "trusted.ipynb")
        try:
            page.wait_for_selector(f".jp-Notebook {ROOT}[data-frame]", timeout=90_000)
        except Exception:
            shot(page, "notebook7-before-running-FAILED.png")
            raise
        prompts = page.evaluate("Array.from(document.querySelectorAll('.jp-InputPrompt')).map(p => p.innerText)")
        assert not any("*" in p for p in prompts), prompts
        shot(page, "notebook7-opened-before-running.png")
        plays(page, ".jp-Notebook")
        assert not page_errors(page), page_errors(page)
        assert fallback_seen(page)["hidden"], "the static picture hides where the player plays"


def test_notebook7_untrusted_shows_the_picture(notebook7):
    with chromium() as page:
        open_notebook(page, notebook7, "untrusted.ipynb")
        page.wait_for_selector(".jp-OutputArea-output img.tkp-picture", timeout=60_000)
        page.wait_for_function("document.querySelector('.jp-OutputArea-output img.tkp-picture').naturalWidth > 100",
                               timeout=30_000)
        assert page.locator(f".jp-Notebook {ROOT}").count() == 0
        assert page.locator(".jp-OutputArea-output svg").count() == 0
        seen = fallback_seen(page)
        assert seen["pictures"] == 1 and not seen["hidden"], seen   # once: the player's output is text only
        shot(page, "notebook7-untrusted.png")


def test_notebook7_runs_the_lesson_and_the_live_player_plays(notebook7):
    with chromium() as page:
        open_notebook(page, notebook7, "trusted.ipynb")
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=90_000)
        page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                               " const k = w && w.sessionContext && w.sessionContext.session"
                               " && w.sessionContext.session.kernel; return k && k.status === 'idle'; }",
                               timeout=90_000)
        # clear the stored outputs first: a player on the page can then only come from the run
        page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
        page.wait_for_function(f"!document.querySelector('.jp-Notebook {ROOT}')", timeout=30_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function("() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
                               ".some(o => o.innerText.trim() === 'done')", timeout=120_000)
        page.wait_for_selector(f".jp-Notebook {ROOT}[data-frame]", timeout=60_000)
        assert frame_of(page, ".jp-Notebook") == 0, "a player made by running the cell opens at frame 1"
        plays(page, ".jp-Notebook", saved=False)
        shot(page, "notebook7-after-running.png")
        assert not page_errors(page), page_errors(page)
        assert fallback_seen(page)["hidden"], "the static picture hides where the live player plays"
