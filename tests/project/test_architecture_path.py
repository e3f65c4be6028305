"""ARCHITECTURE.md's path of ``y = x * w`` (``w`` a Variable) is the code's path.

The document lists, in a fenced block after ``<!-- path: y = x * w -->``, the functions the program
runs through, from the operator to the event. This test traces the program with
``sys.setprofile`` and requires those calls in that order (other calls may come between).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tapekit as tk

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGE = Path(tk.__file__).resolve().parent


def _documented_path() -> list:
    text = (ROOT / "ARCHITECTURE.md").read_text()
    block = re.search(r"<!-- path: y = x \* w -->\s*```text\n(.*?)```", text, re.S)
    assert block, "ARCHITECTURE.md has no path block for y = x * w"
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


def _traced_calls(program) -> list:
    calls = []

    def profile(frame, event, arg):
        if event == "call":
            code = frame.f_code
            path = Path(code.co_filename)
            if PACKAGE in path.parents:
                calls.append(f"{path.relative_to(PACKAGE).as_posix()}:{code.co_qualname}")

    sys.setprofile(profile)
    try:
        program()
    finally:
        sys.setprofile(None)
    return calls


def _in_order(expected: list, calls: list) -> list:
    """The expected calls missing from ``calls`` in that order (empty: all found)."""
    it = iter(calls)
    return [name for name in expected if name not in it]


def test_the_documented_path_of_x_times_w_is_the_codes():
    x = tk.constant([1.0, 2.0])
    w = tk.Variable([3.0, 4.0], name="w")
    result = {}

    def program():
        with tk.GradientTape() as tape:
            tape.watch(x)
            y = x * w
        result["grads"] = tape.gradient(y, [x, w])
        result["events"] = tape.events

    calls = _traced_calls(program)
    assert _in_order(_documented_path(), calls) == []
    gx, gw = result["grads"]
    assert gx.numpy().tolist() == [3.0, 4.0] and gw.numpy().tolist() == [1.0, 2.0]
    kinds = [(e["kind"], e.get("type")) for e in result["events"]]
    assert ("op", "Mul") in kinds and ("op", "ReadVariableOp") in kinds
    assert any(e["kind"] == "visit" for e in result["events"])
    assert sum(e["kind"] == "send" for e in result["events"]) >= 2


def test_a_changed_path_is_noticed():
    assert _in_order(["a", "b"], ["a", "x", "b"]) == []
    assert _in_order(["b", "a"], ["a", "x", "b"]) == ["a"]
