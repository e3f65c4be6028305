"""The install story, replayed in fresh virtual environments.

- the wheel builds, ships the widget front end, pulls only NumPy, and its static fallback renders;
- the Binder build (binder/requirements.txt, then binder/postBuild) runs every lesson.

These create virtual environments and install from the package index, so they run in CI
(CI=true) or when TAPEKIT_INSTALL_TESTS=1, and are skipped otherwise.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
ENABLED = os.environ.get("CI") == "true" or os.environ.get("TAPEKIT_INSTALL_TESTS") == "1"
pytestmark = pytest.mark.skipif(not ENABLED, reason="install tests run in CI (CI=true) or with "
                                "TAPEKIT_INSTALL_TESTS=1: they build venvs and download packages")


def _clean_env() -> dict:
    """The environment without this checkout on PYTHONPATH, so only the installed tapekit is seen."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PYTHONHASHSEED"] = "0"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(cmd, cwd, env=None, timeout=900):
    result = subprocess.run(cmd, cwd=cwd, env=env or _clean_env(), capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, (f"{cmd} failed ({result.returncode})\n--- stdout\n"
                                    f"{result.stdout[-4000:]}\n--- stderr\n{result.stderr[-4000:]}")
    return result.stdout


def _make_venv(path: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    return path / "bin" / "python"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)], cwd=ROOT)
    wheels = list(out.glob("tapekit-*.whl"))
    assert len(wheels) == 1, f"expected one wheel, found {wheels}"
    return wheels[0]


def test_wheel_contains_the_widget_front_end(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith("_frontend/player.js") for n in names), names
    assert any(n.endswith("_frontend/player.css") for n in names), names
    metadata = next(n for n in names if n.endswith("METADATA"))
    requires = [line for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert len(requires) == 1 and requires[0].startswith("Requires-Dist: numpy"), requires


def test_wheel_installs_with_numpy_only_and_shows_the_static_fallback(wheel, tmp_path):
    python = _make_venv(tmp_path / "venv")
    _run([str(python), "-m", "pip", "install", "-q", str(wheel)], cwd=tmp_path)
    listed = _run([str(python), "-m", "pip", "list", "--format=freeze"], cwd=tmp_path)
    installed = {line.split("==")[0].lower() for line in listed.split()}
    assert installed - {"pip", "setuptools", "wheel"} == {"numpy", "tapekit"}, installed

    _run([str(python), "-m", "pip", "install", "-q", f"tapekit[widgets] @ {wheel.as_uri()}"],
         cwd=tmp_path)
    script = (
        "import tapekit as tk\n"
        "from tapekit.widgets import TapePlayer\n"
        "w = tk.Variable(2.0, name='w')\n"
        "x = tk.constant(3.0)\n"
        "with tk.GradientTape(persistent=True) as tape:\n"
        "    y = w * x + 1.0\n"
        "player = TapePlayer(tape, target=y, sources=[w, x])\n"
        "bundle = player._repr_mimebundle_()\n"
        "bundle = bundle[0] if isinstance(bundle, tuple) else bundle\n"
        "html = bundle['text/html']\n"
        "assert '<svg' in html, html[:500]\n"
        "print('FRONTEND', tk.widgets.player.__file__)\n"
        "print('OK', len(html))\n")
    out = _run([str(python), "-c", script], cwd=tmp_path)
    assert "OK" in out
    assert str(tmp_path / "venv") in out, f"tapekit was not imported from the fresh venv: {out}"


def test_binder_build_runs_every_lesson(tmp_path):
    python = _make_venv(tmp_path / "venv")
    env = _clean_env()
    env["PATH"] = f"{python.parent}{os.pathsep}{env['PATH']}"
    _run([str(python), "-m", "pip", "install", "-q", "-r", str(ROOT / "binder" / "requirements.txt")],
         cwd=tmp_path, env=env)
    repo = tmp_path / "repo"  # Binder runs postBuild from the repository root
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(".venv", ".git", "*.egg-info", "build",
                                                              "dist", "__pycache__", "test-artifacts"))
    _run(["bash", str(repo / "binder" / "postBuild")], cwd=repo, env=env)
    lessons = sorted((repo / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert len(lessons) >= 8, lessons
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    for lesson in lessons:
        shutil.copy(lesson, run_dir / lesson.name)
    _run([str(python), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
          "--output-dir", str(tmp_path / "executed"), *[str(run_dir / p.name) for p in lessons]],
         cwd=run_dir, env=env, timeout=1200)
    import nbformat

    for lesson in lessons:
        nb = nbformat.read(tmp_path / "executed" / lesson.name, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "code" or "raises-exception" in cell.metadata.get("tags", []):
                continue
            errors = [o for o in cell.outputs if o.get("output_type") == "error"]
            assert not errors, (f"{lesson.name}: a cell failed in the Binder environment "
                                f"({errors[0]['ename']}: {errors[0]['evalue']}); does binder/ install "
                                f"everything it needs?\n{cell.source[:300]}")
