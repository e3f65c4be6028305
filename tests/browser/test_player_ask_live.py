"""The question mode end to end with a kernel: a real ``TapePlayer(..., ask=[...])`` made by running
a cell in JupyterLab and in Notebook 7 (Chromium), answered wrong then right in the widget, and
``player.answers`` read back in the kernel by running the next cell."""

from __future__ import annotations

import json

import nbformat
import pytest
from kernelfree import ROOT, TOKEN, chromium, jupyter_server, need, page_errors, shot

pytestmark = pytest.mark.slow

MAKE = """\
import tapekit as tk
from tapekit.widgets import Ask, TapePlayer

x = tk.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 1.0, 1.0]])
w = tk.Variable([0.5, -1.0, 2.0], name="w")
b = tk.Variable([0.0, 0.1, 0.2], name="b")
c = tk.constant(2.0)
with tk.GradientTape() as tape:
    loss = tk.reduce_sum(x * w + b) * c
player = TapePlayer(tape, target=loss, sources=[w, b, c], ask=[Ask.gradient(b), Ask.none_sources()])
player"""
READ_BACK = "import json\nprint('ANSWERS', json.dumps(player.answers, sort_keys=True))"


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    need("jupyterlab", "notebook")
    root = tmp_path_factory.mktemp("ask-live")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(MAKE), nbformat.v4.new_code_cell(READ_BACK)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, root / "ask.ipynb")
    return root


KERNEL_IDLE = ("() => { const w = window.jupyterapp.shell.currentWidget;"
               " const k = w && w.sessionContext && w.sessionContext.session"
               " && w.sessionContext.session.kernel; return k && k.status === 'idle'; }")


def run_cell(page, index):
    page.evaluate(f"""() => {{ const nb = window.jupyterapp.shell.currentWidget.content;
        nb.activeCellIndex = {index}; return window.jupyterapp.commands.execute('notebook:run-cell'); }}""")


def answers_printed(page):
    """The JSON that the read-back cell printed last (None before it prints)."""
    text = page.evaluate("""() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
        .map(o => o.innerText).find(t => t.startsWith('ANSWERS ')) || null""")
    return None if text is None else json.loads(text[len("ANSWERS "):])


def answer_in_the_widget(page, scope):
    root = f"{scope} {ROOT}"
    page.select_option(f"{root} .tkp-speed", "60")
    page.click(f"{root} .tkp-btn[data-act=play]")
    page.wait_for_selector(f"{root}[data-asking='q1']", timeout=60_000)
    page.fill(f"{root} .tkp-ask-input", "[4, 4, 4]")
    page.click(f"{root} .tkp-ask-check")
    wrong = page.inner_text(f"{root} .tkp-ask-result")
    assert wrong and "Right" not in wrong, wrong
    page.fill(f"{root} .tkp-ask-input", "[8, 8, 8]")
    page.click(f"{root} .tkp-ask-check")
    assert page.inner_text(f"{root} .tkp-ask-result") == "Right."
    page.click(f"{root} .tkp-ask-continue")
    page.wait_for_selector(f"{root}[data-asking='q2']", timeout=60_000)
    page.locator(f"{root} .tkp-ask-choice input").nth(1).check()     # b: wrong, b's gradient is not None
    page.click(f"{root} .tkp-ask-check")
    assert "Right" not in page.inner_text(f"{root} .tkp-ask-result")
    page.locator(f"{root} .tkp-ask-choice input").nth(1).uncheck()
    page.locator(f"{root} .tkp-ask-choice input").nth(2).check()      # c: a constant not watched, None
    page.click(f"{root} .tkp-ask-check")
    assert page.inner_text(f"{root} .tkp-ask-result") == "Right."


def check_live(page, scope, name):
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(f"{scope} {ROOT}[data-frame]", timeout=120_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    assert answers_printed(page) == {}, "nothing answered yet"
    try:
        answer_in_the_widget(page, scope)
    except Exception:
        shot(page, f"{name}-ask-FAILED.png")
        raise
    shot(page, f"{name}-ask-answered.png", page.locator(f"{scope} {ROOT}"))
    run_cell(page, 1)
    page.wait_for_function("""() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
        .some(o => o.innerText.startsWith('ANSWERS {"q1"'))""", timeout=60_000)
    answers = answers_printed(page)
    assert answers == {"q1": {"given": "[8, 8, 8]", "correct": True, "tries": 2},
                       "q2": {"given": ["c"], "correct": True, "tries": 2}}, answers
    shot(page, f"{name}-ask-read-back.png")
    assert not page_errors(page), page_errors(page)


def test_jupyterlab_asks_checks_and_the_kernel_reads_the_answers(notebook_dir):
    with jupyter_server("jupyterlab", notebook_dir) as base, chromium(viewport=(1400, 900)) as page:
        page.goto(f"{base}/lab/workspaces/ask/tree/ask.ipynb?reset&token={TOKEN}", timeout=90_000)
        check_live(page, ".jp-Notebook", "jupyterlab")


def test_notebook7_asks_checks_and_the_kernel_reads_the_answers(notebook_dir):
    with jupyter_server("notebook", notebook_dir) as base, chromium(viewport=(1400, 900)) as page:
        page.goto(f"{base}/notebooks/ask.ipynb?token={TOKEN}", timeout=90_000)
        check_live(page, ".jp-Notebook", "notebook7")


def test_exported_page_asks_and_reveals_on_click(notebook_dir):
    """The notebook executed with its widget state and exported (tapekit.widgets.export): offline,
    the saved player opens at its key frame; played from frame 1 it stops before each question,
    checks in the page, and shows the answer only when "Show answer" is clicked."""
    from kernelfree import execute_with_state

    from tapekit.widgets.export import export_html

    saved = notebook_dir / "ask-saved.ipynb"
    execute_with_state(notebook_dir / "ask.ipynb", saved, prefix="ask")
    out = notebook_dir / "ask.html"
    export_html(saved, out)
    asked = []

    def refuse(r):
        if r.request.url.startswith(("file://", "blob:", "data:")):
            return r.continue_()
        asked.append(r.request.url)
        return r.abort()

    with chromium(viewport=(1400, 900)) as page:
        page.route("**/*", refuse)
        page.goto(out.as_uri())
        page.wait_for_selector(f"{ROOT}[data-frame]", timeout=60_000)
        assert page.get_attribute(ROOT, "data-asking") is None, "the key frame asks nothing"
        page.focus(ROOT)
        page.keyboard.press("Home")
        page.select_option(f"{ROOT} .tkp-speed", "60")
        page.click(f"{ROOT} .tkp-btn[data-act=play]")
        page.wait_for_selector(f"{ROOT}[data-asking='q1']", timeout=60_000)
        assert not page.locator(".tkp-ask-answer").is_visible(), "the answer shows only on click"
        page.fill(".tkp-ask-input", "[4, 4, 4]")
        page.click(".tkp-ask-check")
        assert "Right" not in page.inner_text(".tkp-ask-result")
        page.click(".tkp-ask-show")
        assert page.inner_text(".tkp-ask-answer") == "Answer: [8, 8, 8]"
        shot(page, "exported-ask-revealed.png", page.locator(ROOT))
        page.click(".tkp-ask-continue")
        page.wait_for_selector(f"{ROOT}[data-asking='q2']", timeout=60_000)
        assert not page.locator(".tkp-ask-answer").is_visible()
        page.click(".tkp-ask-show")
        assert "c" in page.inner_text(".tkp-ask-answer")
        page.click(".tkp-ask-continue")
        page.wait_for_function(f"document.querySelector('{ROOT}').dataset.playing === '0'", timeout=30_000)
        assert page.get_attribute(ROOT, "data-phase") == "backward"
        assert not page.errors, page.errors
    assert asked == [], asked
