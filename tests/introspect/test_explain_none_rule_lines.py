"""tape.explain names the user's line for an op whose gradient rule returns None (Round, ArgMax), as for
the other causes, on the small-tensor fast path and the general one, and the gradient agrees (None)."""

import sys

import pytest

import tapekit as tk


def lineno() -> int:
    return sys._getframe(1).f_lineno


@pytest.mark.parametrize("size", [1, 10_000])   # small tensors take the tape's fast path
@pytest.mark.parametrize("op, op_type", [(tk.round, "Round"), (tk.floor, "Floor"), (tk.math.ceil, "Ceil")])
def test_a_rule_returning_none_is_explained_at_its_line(op, op_type, size):
    x = tk.Variable(tk.fill([size], 2.3))
    with tk.GradientTape() as tape:
        y = op(x) * 3.0; line = lineno()   # noqa: E702  (the op's own line)
    exp = tape.explain(y, x)
    assert tape.gradient(y, x) is None
    assert exp.op["type"] == op_type and exp.line == line and exp.file == __file__, repr(exp)
    assert f"line {__file__.rsplit('/', 1)[-1]}:{line}" in str(exp)
    assert "returns None" in exp.message


def test_argmax_is_explained_at_its_line():
    x = tk.Variable([1.0, 3.0, 2.0])
    with tk.GradientTape() as tape:
        y = tk.cast(tk.argmax(x), tk.float32) * 2.0; line = lineno()   # noqa: E702
    exp = tape.explain(y, x)
    assert tape.gradient(y, x) is None and exp.line == line and exp.op["type"] == "ArgMax", repr(exp)
