"""docs/ERRORS.md stays true: every row's snippet raises the documented exception and message."""

from __future__ import annotations

import builtins
import re
from pathlib import Path

import numpy as np
import pytest

import tapekit as tk

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "ERRORS.md"


def _cell_text(cell: str) -> str:
    """The text inside a markdown code span (`x` or `` x ``)."""
    cell = cell.strip()
    if cell.startswith("``"):
        return cell[2:-2].strip()
    assert cell.startswith("`") and cell.endswith("`"), f"expected a code span, got {cell!r}"
    return cell[1:-1]


def parse_rows(text: str) -> list[dict]:
    rows = []
    for line in text.splitlines():
        if not line.startswith("| `"):
            continue
        cells = line.strip().strip("|").split(" | ")
        assert len(cells) == 5, f"a table row needs 5 cells: {line}"
        rows.append({"id": _cell_text(cells[0]), "situation": cells[1], "exception": _cell_text(cells[2]),
                     "message": _cell_text(cells[3]), "todo": cells[4]})
    return rows


def parse_snippets(text: str) -> dict:
    found = re.findall(r"^### (\S+)\n\n```python\n(.*?)\n```", text, flags=re.M | re.S)
    return dict(found)


TEXT = DOC.read_text(encoding="utf-8")
# TF's prefix of an op kernel's errors; the table leaves it out
KERNEL_PREFIX = re.compile(r"^\{\{function_node __wrapped__\w+_device_/job:localhost/replica:0/task:0/"
                           r"device:CPU:0\}\} ")
ROWS = parse_rows(TEXT)
SNIPPETS = parse_snippets(TEXT)


def exception_class(name: str):
    cls = getattr(tk.errors, name, None) or getattr(builtins, name, None)
    assert isinstance(cls, type) and issubclass(cls, BaseException), f"unknown exception type {name}"
    return cls


def test_the_table_is_complete():
    ids = [r["id"] for r in ROWS]
    assert len(ids) >= 50 and len(ids) == len(set(ids)), "row ids must be unique"
    assert set(ids) == set(SNIPPETS), f"rows without snippet: {set(ids) - set(SNIPPETS)}; " \
                                      f"snippets without row: {set(SNIPPETS) - set(ids)}"
    for row in ROWS:
        assert row["situation"].strip() and row["todo"].strip() and row["message"], row["id"]


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_documented_error(row):
    cls = exception_class(row["exception"])
    with pytest.raises(BaseException) as info:
        exec(compile(SNIPPETS[row["id"]], f"<ERRORS.md:{row['id']}>", "exec"), {"tk": tk, "np": np})
    err = info.value
    assert type(err) is cls, f"{row['id']}: raised {type(err).__name__}: {err}"
    message = err.args[0] if isinstance(err, KeyError) else KERNEL_PREFIX.sub("", str(err))
    assert message.startswith(row["message"]), f"{row['id']}: message is {message!r}"
