"""The README's two set-up commands, run as written.

The test command is what `.ci/run` executes (through tools/readme_commands.py). The lessons command
is run here in a fresh virtual environment, headless: a Jupyter config (JUPYTER_CONFIG_DIR) tells the
server not to open a browser and which port and token to use, so the command line stays the README's.
A headless Chromium then opens lesson 01, and lesson 05 whose TapePlayer widget must render.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from readme_commands import setup_commands  # noqa: E402

CHROMIUM = os.environ.get("TAPEKIT_CHROMIUM", "/usr/bin/chromium")
ENABLED = os.environ.get("CI") == "true" or os.environ.get("TAPEKIT_INSTALL_TESTS") == "1"
TOKEN = "tapekit-readme-test"


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_command():
    commands = setup_commands()
    assert "pip install" in commands["lessons"] and "jupyter lab" in commands["lessons"]
    assert "pip install" in commands["tests"] and "pytest" in commands["tests"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "tools/readme_commands.py tests" in ci, ".ci/run must run the README's test command"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(not ENABLED, reason="runs in CI (CI=true) or with TAPEKIT_INSTALL_TESTS=1: it builds a "
                    "venv, downloads JupyterLab and drives Chromium")
def test_lessons_command_opens_jupyterlab_and_the_widget_renders(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    pytest.importorskip("playwright")
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(".venv", ".git", "*.egg-info", "build", "dist",
                                                              "__pycache__", "test-artifacts"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    port = _free_port()
    config = tmp_path / "jupyter-config"
    (config / "labconfig").mkdir(parents=True)
    (config / "jupyter_server_config.json").write_text(json.dumps({
        "ServerApp": {"open_browser": False, "ip": "127.0.0.1", "port": port, "allow_root": True},
        "IdentityProvider": {"token": TOKEN},
        "LabApp": {"expose_app_in_browser": True, "news_url": None,
                   "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}))
    (config / "labconfig" / "page_config.json").write_text(
        '{"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": true}}')
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}", JUPYTER_CONFIG_DIR=str(config),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), PIP_DISABLE_PIP_VERSION_CHECK="1")
    log = open(tmp_path / "readme-command.log", "wb")
    proc = subprocess.Popen(["bash", "-c", setup_commands()["lessons"]], cwd=repo, env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 900  # the pip install comes first
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    pytest.fail("the README's lessons command did not start JupyterLab:\n"
                                + (tmp_path / "readme-command.log").read_text()[-4000:])
                time.sleep(1)
        # `jupyter lab notebooks/` serves that folder as the root
        listing = json.load(urllib.request.urlopen(f"{base}/api/contents?token={TOKEN}"))
        names = {item["name"] for item in listing["content"]}
        assert {"01_tensors.ipynb", "03_gradient_tape.ipynb"} <= names, names
        _open_lessons_in_chromium(base, tmp_path)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def _open_lessons_in_chromium(base: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            _drive(page, base)
        finally:
            page.screenshot(path=str(artifacts / "readme-lesson05.png"))
            browser.close()


def _drive(page, base: str) -> None:
    page.goto(f"{base}/lab/tree/01_tensors.ipynb?token={TOKEN}", timeout=120_000)
    page.locator(".jp-Notebook h1", has_text="Lesson 01").first.wait_for(timeout=120_000)
    page.goto(f"{base}/lab/tree/05_why_none.ipynb?token={TOKEN}", timeout=120_000)
    page.wait_for_function("window.jupyterapp && document.querySelector('.jp-Notebook')", timeout=120_000)
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " const k = w && w.sessionContext && w.sessionContext.session"
                           " && w.sessionContext.session.kernel; return k && k.status === 'idle'; }",
                           timeout=120_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".tkp-root svg g.node", timeout=180_000)
    assert page.locator(".tkp-root").count() >= 1
    player = page.locator(".tkp-root").first
    player.scroll_into_view_if_needed()
    player.locator(".tkp-btn[data-act=last]").click()
    player.screenshot(path=str(ROOT / "test-artifacts" / "readme-widget.png"))
