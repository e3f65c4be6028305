"""The player without a kernel, in Chromium: a lesson saved with its widget state (docs/PLAYER.md).

- JupyterLab 4, notebook not trusted: the stored output is sanitized; the static fallback must
  still be a picture (an <img>), not loose text.
- JupyterLab 4, trusted: the player plays from the saved widget state before any cell runs.
- ``jupyter nbconvert --to html``: ipywidgets' standard embedding plays the player. That page
  loads require.js, @jupyter-widgets/html-manager and anywidget from CDNs (nbconvert's template);
  these tests have no internet, so Playwright serves those URLs from local copies (npm packs of
  the two npm packages, anywidget's own AMD build from its Python package) and refuses every
  other request. ``python -m tapekit.widgets.export`` makes a page that needs no network at all.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from kernelfree import (FALLBACK, ROOT, chromium, copy_lesson, environment, execute_with_state, fallback_seen,
                        jupyter_server, need, plays, shot, trust)

HTML_MANAGER = "1.0.15"   # @jupyter-widgets/html-manager for ipywidgets 8.1
REQUIREJS = "2.3.8"


@pytest.fixture(scope="module")
def lessons(tmp_path_factory):
    """The fixture lesson executed with widget state: untrusted and trusted copies, and its info."""
    need("jupyterlab", "nbconvert")
    root = tmp_path_factory.mktemp("lessons")
    source = copy_lesson(root, "source.ipynb")
    info = execute_with_state(source, root / "untrusted.ipynb")
    # trust is by content: the trusted copy must differ, or the untrusted one would be trusted too
    nb = json.loads((root / "untrusted.ipynb").read_text())
    nb["metadata"]["copy"] = "trusted"
    (root / "trusted.ipynb").write_text(json.dumps(nb, indent=1))
    trust(root / "trusted.ipynb", root)
    return root, info


@pytest.fixture(scope="module")
def lab(lessons):
    root, _ = lessons
    with jupyter_server("jupyterlab", root) as base:
        yield base


def nbconvert(root, name="untrusted.ipynb"):
    out = root / "export"
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--output-dir", str(out),
                    str(root / name)], env=environment(root), check=True, capture_output=True, timeout=120)
    return out / name.replace(".ipynb", ".html")


def open_lab(page, base, name):
    from kernelfree import TOKEN

    workspace = name.replace(".", "-")  # a workspace of its own: no tab left open by another test
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{name}?reset&token={TOKEN}", timeout=90_000)
    page.wait_for_function("window.jupyterapp && document.querySelector('.jp-Notebook .jp-OutputArea-output')",
                           timeout=90_000)


def test_the_saved_state_holds_the_player_and_only_what_outputs_show(lessons):
    root, info = lessons
    assert info["kept"] == 2 and info["dropped"] == 2  # player + its Layout; the undisplayed player dropped
    assert info["bytes"] < 200_000, info


def test_untrusted_lesson_shows_the_stored_output_as_a_picture(lab, lessons):
    with chromium() as page:
        open_lab(page, lab, "untrusted.ipynb")
        page.wait_for_selector(".jp-OutputArea-output img.tkp-picture", timeout=60_000)
        page.wait_for_function("document.querySelector('.jp-OutputArea-output img.tkp-picture').complete",
                               timeout=30_000)
        picture = page.evaluate(f"""(() => {{
            const img = document.querySelector('.jp-OutputArea-output img.tkp-picture');
            const out = img.closest('.jp-OutputArea-output');
            const box = img.getBoundingClientRect();
            return {{natural: [img.naturalWidth, img.naturalHeight], shown: [box.width, box.height],
                     svgs: out.querySelectorAll('svg').length, player: out.querySelectorAll('{ROOT}').length,
                     rows: out.querySelectorAll('table tr').length, text: out.innerText,
                     outputs: document.querySelectorAll('.jp-OutputArea-output img.tkp-picture').length}};
        }})()""")
        shot(page, "untrusted-lesson.png")
        shot(page, "untrusted-lesson-output.png",
             page.locator(".jp-OutputArea-output", has=page.locator("img.tkp-picture")))
    assert picture["natural"][0] > 100 and picture["natural"][1] > 40, picture  # the SVG decoded and drew
    assert picture["shown"][0] > 100 and picture["shown"][1] > 40, picture
    assert picture["outputs"] == 1 and picture["svgs"] == 0 and picture["player"] == 0, picture  # sanitized
    assert picture["rows"] >= 2, picture  # the watched-values table: header + speed
    # no loose SVG text: node labels ("scalar · float32", op symbols) appear only inside the picture
    assert "scalar" not in picture["text"], picture["text"][:400]
    assert "gradient wrt speed" in picture["text"]


def test_trusted_lesson_plays_before_any_cell_runs(lab, lessons):
    with chromium() as page:
        open_lab(page, lab, "trusted.ipynb")
        try:
            page.wait_for_selector(f".jp-Notebook {ROOT}[data-frame]", timeout=90_000)
        except Exception:
            shot(page, "lesson-opened-before-running-FAILED.png")
            raise
        counts = page.evaluate("Array.from(document.querySelectorAll('.jp-Cell .jp-InputPrompt'))"
                               ".map(p => p.innerText.trim())")
        assert "[*]:" not in counts, "no cell may run"
        shot(page, "lesson-opened-before-running.png")
        plays(page, ".jp-Notebook")
        shot(page, "lesson-before-running-played.png", page.locator(f".jp-Notebook {ROOT}"))
        assert not page.errors, page.errors
        assert fallback_seen(page)["hidden"], "the static picture hides where the player plays"


# ---------------------------------------------------------------- exported HTML


def npm_copy(package: str, version: str) -> Path:
    """A local copy of an npm package (``npm pack`` once into a cache folder)."""
    cache = Path(os.environ.get("TAPEKIT_NPM_CACHE", Path.home() / ".cache" / "tapekit-tests" / "npm"))
    folder = cache / f"{package.replace('/', '+')}-{version}"
    if not (folder / "package.json").exists():
        if shutil.which("npm") is None:  # the offline export test still checks that the page plays
            pytest.skip(f"npm is not installed: no local copy of {package}@{version} for the CDN URLs")
        cache.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(["npm", "pack", f"{package}@{version}", "--pack-destination", str(cache)],
                                  capture_output=True, text=True, timeout=180)
        except (OSError, subprocess.TimeoutExpired) as exc:
            done = None
            why = str(exc)
        if done is None or done.returncode != 0:
            why = why if done is None else done.stderr[-500:]
            if os.environ.get("TAPEKIT_BROWSER_TESTS") == "1":
                pytest.fail(f"npm pack {package}@{version} failed: {why}")
            pytest.skip(f"no local copy of {package}@{version} (npm pack failed: {why})")
        tgz = cache / done.stdout.strip().splitlines()[-1]
        folder.mkdir(exist_ok=True)
        with tarfile.open(tgz) as tar:
            tar.extractall(folder, filter="data")
        for item in (folder / "package").iterdir():
            item.rename(folder / item.name)
    return folder


def test_nbconvert_html_plays_with_the_standard_widget_embedding(lessons):
    import anywidget

    root, _ = lessons
    page_file = nbconvert(root)
    text = page_file.read_text()
    assert 'type="application/vnd.jupyter.widget-state+json"' in text and "embed-amd.js" in text
    local = {
        "require": npm_copy("requirejs", REQUIREJS) / "require.js",
        "embed-amd": npm_copy("@jupyter-widgets/html-manager", HTML_MANAGER) / "dist" / "embed-amd.js",
        # anywidget's AMD module, as its Python package ships it (the npm package's dist/index.js)
        "anywidget": Path(anywidget.__file__).parent / "nbextension" / "index.js",
    }
    served, refused = set(), []

    def which(url):
        if url.startswith("https://cdnjs.cloudflare.com/") and url.endswith("/require.min.js"):
            return "require"
        if "/@jupyter-widgets/html-manager@" in url and url.endswith("/dist/embed-amd.js"):
            return "embed-amd"
        if "/anywidget@" in url and url.endswith("/dist/index.js"):
            return "anywidget"
        return None

    def route(r):
        url = r.request.url
        if url.startswith("file://"):
            return r.continue_()
        key = which(url)
        if key is None:
            refused.append(url)
            return r.abort()
        served.add(key)
        return r.fulfill(path=str(local[key]), content_type="application/javascript")

    with chromium() as page:
        page.route("**/*", route)
        page.goto(page_file.as_uri())
        plays(page)
        shot(page, "exported-lesson-standard-embedding.png")
        assert not page.errors, page.errors
        assert fallback_seen(page)["hidden"], "the static picture hides where the player plays"
    assert served == set(local), served
    assert all("mathjax" in url.lower() for url in refused), refused  # nothing else was asked for


def test_exported_page_plays_offline(lessons):
    root, _ = lessons
    out = root / "offline.html"
    subprocess.run([sys.executable, "-m", "tapekit.widgets.export", str(root / "untrusted.ipynb"), "-o", str(out)],
                   env=environment(root), check=True, capture_output=True, timeout=120)
    requests = []
    with chromium() as page:
        def refuse(r):
            if not r.request.url.startswith(("file://", "blob:", "data:")):
                requests.append(r.request.url)
                return r.abort()
            return r.continue_()

        page.route("**/*", refuse)
        page.goto(out.as_uri())
        plays(page)
        shot(page, "exported-lesson-offline.png")
        assert not page.errors, page.errors
        assert fallback_seen(page)["hidden"], "the static picture hides where the player plays"
    assert requests == [], requests


def test_nbconvert_html_offline_shows_the_static_picture_where_the_player_was(lessons):
    """``jupyter nbconvert --to html`` without network: the widget scripts never load, and the
    player's key frame shows as a picture in its place (the output before the widget view)."""
    root, _ = lessons
    page_file = nbconvert(root)
    asked = []

    def refuse(r):
        if r.request.url.startswith(("file://", "data:")):
            return r.continue_()
        asked.append(r.request.url)
        return r.abort()

    with chromium() as page:
        page.route("**/*", refuse)
        page.goto(page_file.as_uri())
        page.wait_for_selector(FALLBACK, timeout=30_000)
        page.wait_for_function(f"document.querySelector('{FALLBACK}').complete", timeout=30_000)
        page.wait_for_timeout(1500)     # the widget embedder has tried (and failed) to load by now
        seen = fallback_seen(page)
        table = page.inner_text(".tkp-static table")
        shot(page, "nbconvert-offline.png")
        shot(page, "nbconvert-offline-picture.png", page.locator(".tkp-static"))
    assert asked, "the page should have tried the CDNs (it is offline here)"
    assert seen["present"] and not seen["hidden"] and seen["players"] == 0, seen
    assert seen["natural"][0] > 100 and seen["natural"][1] > 40, seen     # the SVG decoded and drew
    assert "speed" in table
