"""How large a tape the player draws, and what it shows for a larger one.

A drawn tape costs kernel time (about 0.3-0.5 ms an op), and its widget state is stored in the
notebook (gzipped, ``saved_state.json_string``): measured in an .ipynb executed by nbclient with
its widget state, 0.37 MB for a 1,000-op loop of scalar ops, 1.0 MB for 5,000 ops and 1.7 MB for
10,000 (docs/PLAYER.md, "Stored output"); a Keras MLP's steps take about a sixth more. Above ``MAX_OPS`` recorded
ops the player shows a message with what to do instead of the graph, and the static picture
says the same; ``TapePlayer(..., max_ops=N)`` draws larger tapes anyway. The check counts the
tape's ops before any event is built, so the message comes as quickly as ``tape.gradient``.
"""

from __future__ import annotations

import numbers

from .. import convert_to_tensor, nest
from ..introspect.events import preview, sample
from .._base.i18n import _, hint_line
from .._core.values.tensor import is_variable
from .model import FrameModel, display_value, variable_label

MAX_OPS = 10_000
FOLDED = ("ReadVariableOp",)   # drawn as the variable itself (model.py): not counted


def check_max_ops(value) -> int | None:
    """``max_ops`` as an int above 0, or None (no limit)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"max_ops must be a whole number of ops (or None for no limit), not {type(value).__name__} "
                        f"{value!r}."
                        + hint_line(_("e.g. max_ops=20000; the default, {max_ops:,}, keeps the notebook "
                                      "light.").format(max_ops=MAX_OPS)))
    if value < 1:
        raise ValueError(f"max_ops must be at least 1, got {value!r}."
                         + hint_line(_("leave it out for the default ({max_ops:,}), or max_ops=None for no "
                                       "limit.").format(max_ops=MAX_OPS)))
    return int(value)


def too_large(n_ops: int, max_ops: int | None) -> bool:
    return max_ops is not None and n_ops > max_ops


def too_large_text(n_ops: int, max_ops: int) -> str:
    suggestion = -(-n_ops // 1000) * 1000
    return _("This tape recorded {n_ops} ops, more than the {max_ops} the player draws: drawing it would "
             "take long and store many megabytes in the notebook. Record fewer steps inside the tape (e.g. "
             "a loop run 5 times instead of thousands), ask tape.explain(target, sources) why a gradient is "
             "None, or pass max_ops={suggestion} to draw it anyway.").format(
        n_ops=f"{n_ops:,}", max_ops=f"{max_ops:,}", suggestion=suggestion)


def too_large_model(n_ops: int, max_ops: int, results: list) -> FrameModel:
    """The model of a player that shows the message (one frame) and the gradients it computed."""
    text = too_large_text(n_ops, max_ops)
    model = FrameModel(notes=[text], results=results)
    model.frames.append({"phase": "forward", "caption": text, "set": {}, "hot": [], "focus": None})
    return model


def gradient_results(sources, gradients, explained: list) -> list:
    """``results`` rows (docs/PLAYER.md) from ``tape.gradient``'s answer, without any event: ids
    ``s0, s1, …`` (no graph), names and causes from ``tape.explain``'s items when given."""
    flat_sources = nest.flatten(sources) if sources is not None else []
    flat_grads = nest.flatten(gradients) if gradients is not None else [None] * len(flat_sources)
    rows = []
    for k, (src, grad) in enumerate(zip(flat_sources, flat_grads)):
        item = explained[k] if k < len(explained) else {}
        name = item.get("source") or _variable_name(src) or f"source {k + 1}"
        value, shape, dtype = _preview(grad) if grad is not None else (None, _shape(src), _dtype(src))
        cause = None if grad is not None else item.get("cause")
        rows.append({"source": f"s{k}", "name": name, "value": value, "shape": shape, "dtype": dtype,
                     "cause": cause, "message": item.get("message") if cause else None,
                     "fix": item.get("fix") if cause else None})
    return rows


def _preview(grad):
    array = (grad if hasattr(grad, "numpy") else convert_to_tensor(grad)).numpy()
    shape = [int(d) for d in array.shape]
    return display_value(preview(sample(array), shape), shape), shape, array.dtype.name


def _variable_name(src):
    return variable_label(src) if is_variable(src) else None


def _shape(src):
    shape = getattr(src, "shape", None)
    rank = getattr(shape, "rank", None)
    return None if rank is None else [None if d is None else int(d) for d in shape]


def _dtype(src):
    return getattr(getattr(src, "dtype", None), "name", None)
