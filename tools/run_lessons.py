"""Re-execute the lesson notebooks in place so their stored outputs are the current code's real outputs.

    python tools/run_lessons.py                      # every notebooks/NN_*.ipynb
    python tools/run_lessons.py notebooks/01_tensors.ipynb

Runs each notebook top to bottom in a fresh kernel (cwd = notebooks/, this checkout first on
PYTHONPATH, PYTHONHASHSEED=0), stores outputs without timestamps or execution timings, and
prints how long each lesson took. Cells tagged ``raises-exception`` may raise; any other error
stops with a non-zero exit status and leaves that notebook unchanged.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def lesson_paths(args: list[str]) -> list[Path]:
    """The notebooks named on the command line, or every lesson in notebooks/."""
    if args:
        return [Path(arg).resolve() for arg in args]
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def clean(nb) -> None:
    """Drop run-dependent metadata so re-running unchanged code gives an identical file."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    count = 0
    for number, cell in enumerate(nb.cells, start=1):
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)
        if cell.cell_type == "code":
            count += 1
            cell.execution_count = count
            for index, output in enumerate(cell.outputs):
                if "execution_count" in output:
                    output["execution_count"] = count
                view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
                if view is not None:  # widget state is not stored, so the random model id means nothing
                    view["model_id"] = f"cell-{number:02d}-output-{index}"
        cell["id"] = f"cell-{number:02d}"


def run(path: Path, timeout: int) -> float:
    """Execute one notebook in place; return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    clean(nb)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to run (default: all lessons)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed per cell")
    options = parser.parse_args(argv)
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    os.environ["PYTHONHASHSEED"] = "0"
    os.environ.pop("MPLBACKEND", None)
    total = 0.0
    for path in lesson_paths(options.notebooks):
        try:
            seconds = run(path, options.timeout)
        except CellExecutionError as exc:
            print(f"FAILED {path.name}:\n{exc}", file=sys.stderr)
            return 1
        total += seconds
        print(f"{path.name:45s} {seconds:6.1f} s")
    print(f"{'total':45s} {total:6.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
