"""Run an edition top to bottom in a fresh kernel and keep outputs that do not change between runs."""

from __future__ import annotations

import copy
import os
import time
from pathlib import Path

from nbclient import NotebookClient

from tapekit.widgets.saved_state import tidy_widget_state

from .source import PREDICT, ROOT, tags_of

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


class PredictCellShowsOutput(AssertionError):
    """A ``predict`` cell printed something: it would show the answer before the student commits."""


def kernel_environment() -> None:
    """The kernel imports this checkout's tapekit, with hash seeds and plotting fixed."""
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), path) if p)
    os.environ["PYTHONHASHSEED"] = "0"
    os.environ.pop("MPLBACKEND", None)


def execute(nb, cwd: Path, name: str, timeout: int = 120) -> float:
    """Execute ``nb`` in place (cells tagged ``raises-exception`` may raise); return the seconds taken."""
    metadata = copy.deepcopy(nb.metadata)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            store_widget_state=True, resources={"metadata": {"path": str(cwd)}})
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    widgets = nb.metadata.get("widgets")
    nb.metadata = metadata
    if widgets and widgets.get(WIDGET_STATE, {}).get("state"):
        nb.metadata["widgets"] = widgets
    _number(nb)
    _check_predictions(nb, name)
    tidy_widget_state(nb, prefix=name)  # only displayed widgets, with ids derived from their place
    return elapsed


def _coalesce_streams(outputs: list) -> list:
    """Adjacent stdout (or stderr) chunks as one output: where the kernel split them depends on timing."""
    merged: list = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and previous is not None
                and previous.get("output_type") == "stream" and previous.get("name") == output.get("name")):
            previous["text"] += output["text"]
        else:
            merged.append(output)
    return merged


def _number(nb) -> None:
    count = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = _coalesce_streams(cell.outputs)
            count += 1
            cell.execution_count = count
            for output in cell.outputs:
                if "execution_count" in output:
                    output["execution_count"] = count


def _check_predictions(nb, name: str) -> None:
    for number, cell in enumerate(nb.cells, start=1):
        if cell.cell_type == "code" and PREDICT in tags_of(cell) and cell.outputs:
            raise PredictCellShowsOutput(f"{name} cell {number} is tagged predict but shows output; the check "
                                         "cell reveals what happened, after the student answered")
