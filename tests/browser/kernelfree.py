"""Shared by the no-kernel browser tests: a lesson executed with its widget state, Jupyter servers,
Chromium, and the player's DOM. Everything is bounded in time and bound to 127.0.0.1 with a token.

Skipped when Chromium, Playwright or the Jupyter packages are missing, unless
TAPEKIT_BROWSER_TESTS=1 (set by .ci/run), where a missing piece is a failure.
"""

from __future__ import annotations

import contextlib
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
TOKEN = "tapekit-no-kernel-test"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LESSON = HERE / "saved_state_lesson.ipynb"

# the player's DOM (widgets/player.js)
ROOT = ".tkp-root"
FORWARD = ".tkp-btn[data-act=forward]"
CAPTION = ".tkp-caption"


def need(*modules: str) -> None:
    """Skip (or fail, with TAPEKIT_BROWSER_TESTS=1) when Chromium or a Python package is missing."""
    why = None
    if not Path(CHROMIUM).exists():
        why = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    for mod in ("playwright", "anywidget", "nbclient", *modules):
        try:
            __import__(mod)
        except ImportError:
            why = why or f"python package {mod!r} is not installed"
    if why:
        if REQUIRED:
            pytest.fail("browser test required (TAPEKIT_BROWSER_TESTS=1) but " + why)
        pytest.skip(why)


def environment(root: Path) -> dict:
    """This checkout first on PYTHONPATH; Jupyter's config, data and runtime dirs inside ``root``."""
    return {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
            "PYTHONHASHSEED": "0", "JUPYTER_CONFIG_DIR": str(root / ".jupyter"),
            "JUPYTER_DATA_DIR": str(root / ".data"), "JUPYTER_RUNTIME_DIR": str(root / ".runtime")}


def execute_with_state(source: Path, target: Path, prefix: str = "lesson") -> dict:
    """Run ``source`` as the lesson build does (docs/PLAYER.md, "Saved widget state"); write ``target``."""
    import nbformat
    from nbclient import NotebookClient

    from tapekit.widgets.saved_state import tidy_widget_state

    nb = nbformat.read(source, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", record_timing=False, store_widget_state=True,
                   resources={"metadata": {"path": str(target.parent)}}).execute(env=environment(target.parent))
    info = tidy_widget_state(nb, prefix=prefix)
    nbformat.write(nb, target)
    return info


def trust(path: Path, root: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "jupyter", "trust", str(path)], env=environment(root),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"jupyter trust failed:\n{done.stdout}\n{done.stderr}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def jupyter_server(app: str, root: Path):
    """``app`` ("jupyterlab" or "notebook") serving ``root``; yields its base URL."""
    labconfig = root / ".jupyter" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(  # no "get Jupyter news?" popup over the outputs
        '{"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": true}}')
    port = _free_port()
    log_path = root / f"{app}.log"
    options = (["--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None"] if app == "jupyterlab"
               else ["--JupyterNotebookApp.expose_app_in_browser=True"])
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", app, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
             f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}", "--ServerApp.allow_root=True",
             *options],
            cwd=root, env=environment(root), stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.time() + 90
            while True:
                try:
                    urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=2)
                    break
                except OSError:
                    if proc.poll() is not None or time.time() > deadline:
                        pytest.fail(f"{app} did not start within 90 s:\n" + log_path.read_text()[-3000:])
                    time.sleep(0.5)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


@contextlib.contextmanager
def chromium(viewport=(1280, 900)):
    """A Chromium page; ``page.errors`` collects uncaught JavaScript errors."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
            page.set_default_timeout(60_000)
            page.errors = []
            page.on("pageerror", lambda exc: page.errors.append(f"{exc}\n{exc.stack or ''}"))
            yield page
        finally:
            browser.close()


def page_errors(page) -> list:
    """Uncaught errors, less one of Notebook 7.6's own (its notebook_core bundle throws "reading
    'schema'" on every page, with or without a widget)."""
    return [e for e in page.errors if "/static/notebook/notebook_core." not in e]


def shot(page, name: str, locator=None) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    (locator or page).screenshot(path=str(path), **({} if locator else {"full_page": True}))
    return path


def frame_of(page, scope: str = "") -> int:
    return int(page.get_attribute(f"{scope} {ROOT}".strip(), "data-frame"))


def plays(page, scope: str = "", saved: bool = True) -> None:
    """The player in ``scope`` steps forward: the frame advances and the caption changes. A saved
    player (``saved``) opens at its last frame, the backward pass done (tidy_widget_state)."""
    root = f"{scope} {ROOT}".strip()
    page.wait_for_selector(f"{root}[data-frame]", timeout=60_000)
    if saved:
        assert page.get_attribute(root, "data-phase") == "backward", "a saved player opens at its last frame"
        assert "Done." in page.inner_text(f"{root} {CAPTION}"), "a saved player opens at its last frame"
        page.focus(root)
        page.keyboard.press("Home")
    start = frame_of(page, scope)
    caption = page.inner_text(f"{root} {CAPTION}")
    for _ in range(3):
        page.click(f"{root} {FORWARD}")
    assert frame_of(page, scope) == start + 3, "stepping forward did not advance the frame"
    assert page.inner_text(f"{root} {CAPTION}") != caption, "the caption did not change"
    page.focus(root)
    page.keyboard.press("End")
    assert frame_of(page, scope) > start + 3
    assert page.get_attribute(root, "data-phase") == "backward"


FALLBACK = "img.tkp-picture"   # the static picture, displayed as its own output before the player's


def fallback_seen(page) -> dict:
    """How the static picture before the player shows: drawn (decoded, with a size) or hidden."""
    return page.evaluate(f"""(() => {{
        const img = document.querySelector('{FALLBACK}');
        if (!img) return {{present: false}};
        const box = img.getBoundingClientRect();
        return {{present: true, natural: [img.naturalWidth, img.naturalHeight], shown: [box.width, box.height],
                 hidden: box.width === 0 && box.height === 0, players: document.querySelectorAll('{ROOT}').length,
                 pictures: document.querySelectorAll('{FALLBACK}').length}};
    }})()""")


def copy_lesson(root: Path, name: str) -> Path:
    path = root / name
    shutil.copy(LESSON, path)
    return path
