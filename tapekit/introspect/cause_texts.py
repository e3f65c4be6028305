"""The texts of every ``Cause``, in one table: ``explain()``, the player and its front end read them here.

Each cause has texts for the roles it plays (``causes.py`` says which cause plays which role):

- ``label``: a few words, for badges and tooltips (the front end gets them as JSON: ``as_json``);
- ``result``: why a source's gradient is None, in one sentence (the player's results table);
- ``cut``: why gradients will not flow back through an op ("Gradients will not flow back through it: ...");
- ``send``: why an op's rule sent nothing to an input;
- ``path`` and ``path_fix``: ``explain()``'s message and fix when the path from the source ``{label}``
  to the target is cut at an op ``{op}`` (whose result has dtype ``{dtype}``);
- ``unregistered_path`` and ``unregistered_fix``: the same for an op with no gradient function at all
  (``gradient()`` raises LookupError there), told apart from one declared with ``tk.no_gradient``.

The English texts are marked for the catalogue with ``N_()`` and translated (``_()``) when read, so
they come in the language in use (``tapekit/_base/i18n.py``), the JSON for the front end included.
"""

from __future__ import annotations

import json

from .._core.record.causes import Cause
from .._base.i18n import N_, _

TEXTS: dict = {
    Cause.NOT_WATCHED: {
        "label": N_("not watched"),
        "result": N_("The tape never watched it: call tape.watch(x) for a tensor, or use a trainable tk.Variable."),
    },
    Cause.NOT_CONNECTED: {
        "label": N_("not connected"),
        "result": N_("The target was not computed from it on this tape."),
        "path": N_("{op} does not pass a gradient back to {label}."),
    },
    Cause.INTEGER_OR_STRING_DTYPE: {
        "label": N_("integer or string dtype"),
        "result": N_("Integer and string values have no gradient: make it a float."),
        "cut": N_("its result is not a float (integers have no gradient)"),
        "send": N_("integer/string input: no gradient"),
        "path": N_("{op} produced a {dtype} value from {label}: integers and strings have no gradient, so "
                    "the path is cut there."),
        "path_fix": N_("keep the value floating (cast to tk.float32, not to an integer type) on the path to the "
                       "target."),
    },
    Cause.STOP_GRADIENT: {
        "label": N_("stop gradient"),
        "result": N_("tk.stop_gradient blocks the gradient on purpose."),
        "cut": N_("tk.stop_gradient blocks them"),
        "path": N_("The path from {label} to the target goes through tk.stop_gradient, which blocks the "
                    "gradient on purpose."),
        "path_fix": N_("remove tk.stop_gradient if you want the gradient to flow through it."),
    },
    Cause.RECORDING_STOPPED: {
        "label": N_("recording stopped"),
        "result": N_("It was used inside tape.stop_recording(), so those ops were not recorded."),
        "cut": N_("it ran inside tape.stop_recording()"),
        "path": N_("{op} ran inside tape.stop_recording(), so the tape did not record it as part of the "
                    "path from {label} to the target."),
        "path_fix": N_("move the computation out of the `with tape.stop_recording():` block."),
    },
    Cause.LEFT_THE_TAPE: {
        "label": N_("left the tape"),
        "result": N_("The value left the tape (e.g. .numpy() or float()) and came back as a constant."),
    },
    Cause.VARIABLE_REPLACED_BY_TENSOR: {
        "label": N_("variable replaced by tensor"),
        "result": N_("The variable was replaced by a plain tensor (e.g. w = w - 0.1)."),
    },
    Cause.STATE_CHANGED: {
        "label": N_("state changed"),
        "result": N_("The variable was assigned after it was used, so the recorded value is stale."),
    },
    Cause.NO_GRADIENT_REGISTERED: {
        "label": N_("no gradient registered"),
        "result": N_("An op on the path has no gradient function."),
        "cut": N_("it has no gradient function"),
        "send": N_("no gradient registered for this op"),
        "path": N_("{op} has no gradient: it is declared non-differentiable (tk.no_gradient), so no "
                    "gradient flows back through it."),
        "path_fix": N_("use a differentiable op instead of {op}, or register a gradient with "
                     "@tk.RegisterGradient({op_repr})."),
        "unregistered_path": N_("{op} has no gradient function registered (as in TF), so tape.gradient raises "
                                "LookupError when the gradient reaches it; it is not declared non-differentiable "
                                "either."),
        "unregistered_fix": N_("use a differentiable op instead of {op}, register a gradient with "
                               "@tk.RegisterGradient({op_repr}), or declare it non-differentiable with "
                               "tk.no_gradient({op_repr}) to get None instead of the error."),
    },
    Cause.UNCONNECTED_ZERO: {
        "label": N_("unconnected zero"),
        "result": N_("Not connected, returned as zeros (unconnected_gradients=ZERO)."),
    },
    Cause.SHADOW: {
        "label": N_("shadow"),
        "cut": N_("its inputs are already cut off from everything the tape watches"),
    },
    Cause.NONE_RETURNED: {
        "label": N_("none returned"),
        "send": N_("the gradient function returned None"),
        "path": N_("{op}'s gradient function returns None (as TF's do for ops that are flat almost everywhere: "
                    "Round, Floor, ArgMax ...), so no gradient flows back through it to {label}: the gradient is "
                    "None, as if not connected."),
        "path_fix": N_("to pass a gradient through {op} unchanged, use the straight-through trick "
                       "x + tk.stop_gradient(f(x) - x) with f the op; for zeros instead of None, pass "
                       "unconnected_gradients=tk.UnconnectedGradients.ZERO."),
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
    return _(template).format(**fields) if fields else _(template)


def label(cause) -> str:
    """A few words for ``cause`` (a Cause or its string; an unknown string with its underscores spaced)."""
    return text(cause, "label", str(cause).replace("_", " "))


def table() -> dict:
    """The whole table in the language in use, JSON-able: ``{cause: {role: text}}`` (the front end reads it)."""
    return {cause.value: {role: _(template) for role, template in texts.items()} for cause, texts in TEXTS.items()}


def as_json() -> str:
    """``table()`` as JSON (the language in use)."""
    return json.dumps(table(), ensure_ascii=False, sort_keys=True)
