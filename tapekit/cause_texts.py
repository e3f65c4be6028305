"""The texts of every ``Cause``, in one table: ``explain()``, the player and its front end read them here.

Each cause has texts for the roles it plays (``causes.py`` says which cause plays which role):

- ``label``: a few words, for badges and tooltips (the front end gets them as JSON: ``as_json``);
- ``result``: why a source's gradient is None, in one sentence (the player's results table);
- ``cut``: why gradients will not flow back through an op ("Gradients will not flow back through it: ...");
- ``send``: why an op's rule sent nothing to an input;
- ``path`` and ``path_fix``: ``explain()``'s message and fix when the path from the source ``{label}``
  to the target is cut at an op ``{op}`` (whose result has dtype ``{dtype}``).

Plain English strings, kept together so that translating them is one place.
"""

from __future__ import annotations

import json

from .causes import Cause

TEXTS: dict = {
    Cause.NOT_WATCHED: {
        "label": "not watched",
        "result": "The tape never watched it: call tape.watch(x) for a tensor, or use a trainable tk.Variable.",
    },
    Cause.NOT_CONNECTED: {
        "label": "not connected",
        "result": "The target was not computed from it on this tape.",
        "path": "{op} does not pass a gradient back to {label}.",
    },
    Cause.INTEGER_OR_STRING_DTYPE: {
        "label": "integer or string dtype",
        "result": "Integer and string values have no gradient: make it a float.",
        "cut": "its result is not a float (integers have no gradient)",
        "send": "integer/string input: no gradient",
        "path": ("{op} produced a {dtype} value from {label}: integers and strings have no gradient, so "
                 "the path is cut there."),
        "path_fix": "keep the value floating (cast to tk.float32, not to an integer type) on the path to the target.",
    },
    Cause.STOP_GRADIENT: {
        "label": "stop gradient",
        "result": "tk.stop_gradient blocks the gradient on purpose.",
        "cut": "tk.stop_gradient blocks them",
        "path": ("The path from {label} to the target goes through tk.stop_gradient, which blocks the "
                 "gradient on purpose."),
        "path_fix": "remove tk.stop_gradient if you want the gradient to flow through it.",
    },
    Cause.RECORDING_STOPPED: {
        "label": "recording stopped",
        "result": "It was used inside tape.stop_recording(), so those ops were not recorded.",
        "cut": "it ran inside tape.stop_recording()",
        "path": ("{op} ran inside tape.stop_recording(), so the tape did not record it as part of the "
                 "path from {label} to the target."),
        "path_fix": "move the computation out of the `with tape.stop_recording():` block.",
    },
    Cause.LEFT_THE_TAPE: {
        "label": "left the tape",
        "result": "The value left the tape (e.g. .numpy() or float()) and came back as a constant.",
    },
    Cause.VARIABLE_REPLACED_BY_TENSOR: {
        "label": "variable replaced by tensor",
        "result": "The variable was replaced by a plain tensor (e.g. w = w - 0.1).",
    },
    Cause.STATE_CHANGED: {
        "label": "state changed",
        "result": "The variable was assigned after it was used, so the recorded value is stale.",
    },
    Cause.NO_GRADIENT_REGISTERED: {
        "label": "no gradient registered",
        "result": "An op on the path has no gradient function.",
        "cut": "it has no gradient function",
        "send": "no gradient registered for this op",
        "path": ("{op} has no gradient: it is declared non-differentiable (tk.no_gradient), so no "
                 "gradient flows back through it."),
        "path_fix": ("use a differentiable op instead of {op}, or register a gradient with "
                     "@tk.RegisterGradient({op!r})."),
    },
    Cause.UNCONNECTED_ZERO: {
        "label": "unconnected zero",
        "result": "Not connected, returned as zeros (unconnected_gradients=ZERO).",
    },
    Cause.SHADOW: {
        "label": "shadow",
        "cut": "its inputs are already cut off from everything the tape watches",
    },
    Cause.NONE_RETURNED: {
        "label": "none returned",
        "send": "the gradient function returned None",
    },
}


def text(cause, role: str, default: str | None = None, **fields) -> str | None:
    """The ``role`` text of ``cause`` (a Cause or its string), formatted with ``fields``; else ``default``."""
    try:
        template = TEXTS[Cause(cause)].get(role)
    except ValueError:   # not a cause at all
        template = None
    if template is None:
        return default
    return template.format(**fields) if fields else template


def label(cause) -> str:
    """A few words for ``cause`` (a Cause or its string; an unknown string with its underscores spaced)."""
    return text(cause, "label", str(cause).replace("_", " "))


def table() -> dict:
    """The whole table, JSON-able: ``{cause: {role: text}}`` (the player's front end reads it)."""
    return {cause.value: dict(texts) for cause, texts in TEXTS.items()}


def as_json() -> str:
    return json.dumps(table(), ensure_ascii=False, sort_keys=True)
