"""Repository-wide pytest setup for the lesson notebooks (nbval).

The notebooks run in a separate Jupyter kernel: put this checkout on its PYTHONPATH so the
kernel imports this tapekit, and default nbval's sanitize file to notebooks/nbval_sanitize.cfg.
nbval runs on the lesson editions (notebooks/NN_*.ipynb, notebooks/solutions/, and each locale's
folder), never on the sources in notebooks/source/ (they store no outputs).
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NOTEBOOKS = ROOT / "notebooks"
SANITIZE_FILE = NOTEBOOKS / "nbval_sanitize.cfg"

_path = os.environ.get("PYTHONPATH", "")
if str(ROOT) not in _path.split(os.pathsep):
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), _path) if p)
os.environ.setdefault("PYTHONHASHSEED", "0")


def pytest_configure(config):
    option = config.option
    if getattr(option, "nbval_sanitize_with", "missing") is None and SANITIZE_FILE.exists():
        option.nbval_sanitize_with = str(SANITIZE_FILE)


def pytest_ignore_collect(collection_path, config):
    """nbval tests the lesson editions only: not the sources, nor other notebooks (browser-test fixtures)."""
    if collection_path.suffix != ".ipynb":
        return None
    if NOTEBOOKS not in collection_path.parents or (NOTEBOOKS / "source") in collection_path.parents:
        return True
    return None
