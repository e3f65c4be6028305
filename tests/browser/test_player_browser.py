"""Real-browser test: JupyterLab + Chromium (Playwright) run tests/browser/player_demo.ipynb.

Skipped when Chromium, Playwright or JupyterLab are missing, unless TAPEKIT_BROWSER_TESTS=1
(set by .ci/run), in which case a missing piece is a failure. Screenshots go to test-artifacts/.
"""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("TAPEKIT_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("TAPEKIT_BROWSER_TESTS") == "1"
TOKEN = "tapekit-browser-test"


def _missing():
    if not Path(CHROMIUM).exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    for mod in ("playwright", "jupyterlab", "anywidget"):
        try:
            __import__(mod)
        except ImportError:
            return f"python package {mod!r} is not installed"
    return None


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    why = _missing()
    if why:
        if REQUIRED:
            pytest.fail("browser test required (TAPEKIT_BROWSER_TESTS=1) but " + why)
        pytest.skip(why)
    root = tmp_path_factory.mktemp("lab")
    for name in ("player_demo.ipynb", "fixture_events.json"):
        shutil.copy(HERE / name, root / name)
    labconfig = root / ".jupyter" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(  # no "get Jupyter news?" popup over the widget
        '{"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": true}}')
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "JUPYTER_CONFIG_DIR": str(root / ".jupyter"), "JUPYTER_RUNTIME_DIR": str(root / ".runtime")}
    log = open(root / "lab.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
         "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--ServerApp.allow_root=True"], cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                pytest.fail("JupyterLab did not start within 90 s:\n" + (root / "lab.log").read_text()[-3000:])
            time.sleep(0.5)
    yield base, root
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def page(lab):
    from playwright.sync_api import sync_playwright

    base, _ = lab
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        pg = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(f"{base}/lab/tree/player_demo.ipynb?token={TOKEN}", timeout=90_000)
        pg.wait_for_function("window.jupyterapp && document.querySelector('.jp-Notebook')", timeout=90_000)
        pg.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                             " const k = w && w.sessionContext && w.sessionContext.session"
                             " && w.sessionContext.session.kernel; return k && k.status === 'idle'; }",
                             timeout=90_000)
        pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        try:
            pg.wait_for_selector(".tkp-root svg g.node", timeout=120_000)
        except Exception:
            ARTIFACTS.mkdir(exist_ok=True)
            pg.screenshot(path=str(ARTIFACTS / "player-failed.png"), full_page=True)
            text = pg.evaluate("Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
                               ".map(o => o.innerText).join('\\n---\\n')")
            pytest.fail(f"the TapePlayer widget did not render within 120 s. Outputs:\n{text}\nPage errors: {errors}")
        pg.errors = errors
        yield pg
        browser.close()


def _frame(pg):
    return int(pg.get_attribute(".tkp-root", "data-frame"))


def _cls(pg, node_id):
    return pg.evaluate(f"document.getElementById('n-{node_id}').getAttribute('class')")


def test_renders_steps_and_changes_node_styles(page):
    pg = page
    assert _frame(pg) == 0, "the player should open on frame 0"
    var_id = pg.get_attribute(".tkp-row", "data-id")
    assert "s-hidden" in _cls(pg, var_id), "before recording starts the variable is not shown yet"
    pg.click(".tkp-btn[data-act=forward]")
    assert _frame(pg) == 1
    assert "s-watched" in _cls(pg, var_id), "frame 1: the tape starts watching the variable"
    pg.click(".tkp-btn[data-act=back]")
    assert _frame(pg) == 0 and "s-hidden" in _cls(pg, var_id), "stepping back restores the earlier look"
    pg.focus(".tkp-root")
    pg.keyboard.press("End")
    last = int(pg.get_attribute(".tkp-slider", "max"))
    assert _frame(pg) == last
    assert pg.get_attribute(".tkp-root", "data-phase") == "backward"
    assert "g-grad" in _cls(pg, var_id) or "g-acc" in _cls(pg, var_id), "the variable ends with its gradient"
    pg.keyboard.press("ArrowLeft")
    assert _frame(pg) == last - 1
    ARTIFACTS.mkdir(exist_ok=True)
    pg.keyboard.press("Home")
    for _ in range(4):
        pg.keyboard.press("ArrowRight")
    pg.locator(".tkp-root").screenshot(path=str(ARTIFACTS / "player-forward.png"))
    assert not pg.errors, f"JavaScript errors: {pg.errors}"


def test_none_source_shows_cause_and_markup_stays_text(page):
    pg = page
    pg.click(".tkp-btn[data-act=last]")
    rows = pg.locator(".tkp-row")
    none_row = pg.locator(".tkp-row.g-none")
    assert none_row.count() == 1, "exactly one source (the unwatched constant) has a None gradient"
    text = none_row.inner_text()
    assert "None" in text and "watch" in text.lower(), f"the None row should explain the cause, got {text!r}"
    assert pg.locator(".tkp-badge.b-none").count() >= 1, "the None source carries a None badge in the graph"
    names = rows.first.inner_text()
    assert "<img src=x onerror=alert(1)>" in names, "the markup-named variable must appear as plain text"
    assert pg.evaluate("document.querySelectorAll('.jp-OutputArea img, .tkp-root img').length") == 0
    pg.hover(f"#n-{rows.first.get_attribute('data-id')}")
    tip = pg.locator(".tkp-tip")
    tip.wait_for(state="visible", timeout=10_000)
    assert "<img src=x onerror=alert(1)>" in tip.inner_text() and tip.locator("img").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    pg.locator(".tkp-root").screenshot(path=str(ARTIFACTS / "player-backward-none.png"))
