"""docs/EVENTS.md is the contract: the events tapekit emits have exactly the keys it documents,
and the causes it lists are the ``Cause`` members, each with its texts in ``cause_texts``."""

import json
import os
import re

import numpy as np

import tapekit as tk
from tapekit.introspect import cause_texts, events
from tapekit._core.record.causes import SOURCE_CAUSES, Cause

DOC = open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "..", "docs", "EVENTS.md"), encoding="utf-8").read()
COMMON = {"seq", "phase", "kind"}


def _without_parentheses(text: str) -> str:
    while True:
        shorter = re.sub(r"\([^()]*\)", "", text)
        if shorter == text:
            return text
        text = shorter


def _names(cell: str) -> list:
    return [n for n in re.findall(r"`([^`]+)`", cell) if re.fullmatch(r"[a-z][a-z_]*", n)]


def documented_keys() -> dict:
    """kind -> the keys its row of the Forward/Backward tables lists (besides seq, phase, kind)."""
    tables = DOC.split("## Forward", 1)[1].split("## Causes", 1)[0]
    rows = re.findall(r"^\| (`[a-z_]+`(?: / `[a-z_]+`)*) \| (.*) \|$", tables, re.M)
    kinds = {kind for names, _ in rows for kind in _names(names)}
    keys = {}
    for names, cell in rows:   # a row's prose may name other kinds (`visit`/`send`); `op` is also a key
        listed = set(_names(_without_parentheses(cell).split(";")[0])) - (kinds - {"op"})
        for kind in _names(names):
            keys[kind] = listed
    return keys


def _section(title: str) -> str:
    return DOC.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def _quoted_after(cell_start: str) -> set:
    """The quoted values listed in the table cell that starts with ``cell_start``."""
    cell = DOC.split(cell_start, 1)[1].split("|", 1)[0]
    return set(re.findall(r'`"([a-z_]+)"`', cell))


def all_kinds_of_events() -> list:
    x = tk.Variable(2.0, name="x")
    frozen = tk.Variable(3.0, trainable=False, name="frozen")
    n = tk.constant(4)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(n)
        y = x * frozen
        float(y)
        with tape.stop_recording():
            tk.sin(x)
        k = tk.cast(y, tk.int32) + n
        frozen.assign_add(1.0)
        z = y + tk.stop_gradient(y)
    tape.gradient([z, k], [x, frozen], output_gradients=[tk.constant(1.0), tk.constant(1)])
    saved = events.MAX_BACKWARD_EVENTS
    events.MAX_BACKWARD_EVENTS = 1
    try:
        tape.gradient(z, x)
    finally:
        events.MAX_BACKWARD_EVENTS = saved
    return tape.events


def test_every_event_has_exactly_the_documented_keys():
    documented = documented_keys()
    op_extras = {"stack", "code", "expr", "assigns", "operands", "input_values", "input_dtypes"}
    assert op_extras <= set(_names(DOC.split("`op` events also say", 1)[1].split("\n\n", 1)[0]))
    seen = set()
    for event in all_kinds_of_events():
        kind = event["kind"]
        seen.add(kind)
        expected = documented[kind] | COMMON | (op_extras if kind == "op" else set())
        assert set(event) == expected, (kind, set(event) ^ expected)
    assert seen == set(documented)
    json.dumps(all_kinds_of_events())   # plain JSON, causes included


def test_the_documented_causes_are_the_cause_members():
    listed = re.findall(r"`([a-z_]+)`", _section("Causes (closed set").split("\n\n", 1)[0])
    assert listed == [c.value for c in SOURCE_CAUSES]
    cuts = _quoted_after("| `op` |")
    assert {c.value for c in Cause if "cut" in cause_texts.TEXTS[c]} == cuts - {"Mul"}
    assert {c.value for c in Cause if "send" in cause_texts.TEXTS[c]} == _quoted_after("| `send` |")
    assert set(Cause) == set(SOURCE_CAUSES) | {Cause.SHADOW, Cause.NONE_RETURNED}


def test_one_table_of_cause_texts_for_explain_the_player_and_the_front_end():
    table = json.loads(cause_texts.as_json())
    assert set(table) == {c.value for c in Cause}
    for cause in SOURCE_CAUSES:
        assert table[cause.value]["label"] and table[cause.value]["result"]
    assert cause_texts.label("not_watched") == "not watched"
    assert cause_texts.label("something_else") == "something else"
    # explain() words a cut path with the same table
    x = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        y = tk.stop_gradient(x) * 2.0
    item = tape.explain(y, x)[0]
    assert item.cause == Cause.STOP_GRADIENT == "stop_gradient"
    assert item.message == cause_texts.text(Cause.STOP_GRADIENT, "path", label=item.source)
    assert item.fix == cause_texts.text(Cause.STOP_GRADIENT, "path_fix")


def test_causes_are_plain_strings_in_events():
    x = tk.constant(np.float32(1.0))
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.stop_gradient(x)
    tape.gradient(y, x)
    text = json.dumps(tape.events)
    assert '"cut": "stop_gradient"' in text and '"cause": "stop_gradient"' in text
