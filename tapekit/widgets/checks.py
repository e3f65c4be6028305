"""Argument checks for ``TapePlayer``: a clear error of the right type before anything is built.

Each message keeps the shape of tapekit's errors: what is wrong, then ``\\n  Hint:`` with what
to do. Nothing here changes the tape or the arguments.
"""

from __future__ import annotations

import difflib
import math
import numbers

from .. import nest
from .._base.i18n import _, hint_line
from .._core.values.tensor import Tensor, is_variable
from .event_schema import checked_events

def check_fps(fps) -> float:
    """``fps`` as a float: frames per second of play, a finite number above zero."""
    if isinstance(fps, bool) or not isinstance(fps, numbers.Real):
        raise TypeError(f"fps must be a number of frames per second, not {type(fps).__name__} {fps!r}."
                        + hint_line(_("e.g. fps=2; the speed menu in the player changes it while playing.")))
    value = float(fps)
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"fps must be a finite number above 0, got {fps!r}."
                         + hint_line(_("e.g. fps=2 (two frames per second); for the fastest play pick 'max' in the "
                                       "player's speed menu.")))
    return value


def check_title(title) -> str:
    if not isinstance(title, str):
        raise TypeError(f"title must be a string, not {type(title).__name__} {title!r}."
                        + hint_line(_("e.g. title='y = w * x'.")))
    return title


def check_sources_for(tape, target, sources, output_gradients) -> None:
    """``target`` needs ``sources`` (as in ``tape.gradient(target, sources)``); the tape must be a tape."""
    if not (hasattr(type(tape), "gradient") and hasattr(type(tape), "events")):  # a property: not evaluated
        raise TypeError(f"TapePlayer needs a tk.GradientTape, not {type(tape).__name__}."
                        + hint_line(_("record with `with tk.GradientTape(persistent=True) as tape:` and pass "
                                      "TapePlayer(tape, target=y, sources=[w, b]); a TensorFlow tape has no events "
                                      "to play.")))
    if target is not None and sources is None:
        raise TypeError("TapePlayer(tape, target=...) also needs sources=: what to differentiate with "
                        "respect to, as in tape.gradient(target, sources)."
                        + hint_line(_("TapePlayer(tape, target=y, sources=[w, b]); sources=tape.watched_variables() "
                                      "takes every variable the tape watched. Without target, the player shows the "
                                      "tape's last gradient() call.")))
    for role, value in (("target", target), ("sources", sources)):
        _check_tensors(role, value)
    if target is None and output_gradients is not None:
        raise TypeError("output_gradients= only applies with target=: the player then calls tape.gradient(target, "
                        "sources, output_gradients)."
                        + hint_line(_("pass target= and sources= too, or leave output_gradients out.")))


def _tensor_hint(role: str) -> str:
    if role == "target":
        return _("target is the value computed inside the tape, e.g. the loss: TapePlayer(tape, target=loss, "
                 "sources=[w, b]).")
    return _("sources are what to differentiate with respect to: tk.Variable objects, or tensors passed to "
             "tape.watch(), e.g. sources=[w, b]. Make a NumPy array or a number a tensor with tk.constant(...) "
             "and watch it inside the tape.")


def _check_tensors(role: str, value) -> None:
    if value is None:
        return
    flat = nest.flatten(value)
    for index, item in enumerate(flat):
        if not (isinstance(item, Tensor) or is_variable(item)):  # tk, Keras and tk.Module variables
            where = role if len(flat) == 1 and flat[0] is value else f"{role} (item {index})"
            shown = repr(item) if len(repr(item)) <= 40 else repr(item)[:39] + "…"
            raise TypeError(f"TapePlayer: {where} is {type(item).__name__} {shown}, not a tk.Tensor or "
                            f"tk.Variable.{_holder_text(item)}"
                            + hint_line(_tensor_hint(role)))


def _holder_text(item) -> str:
    """For a Keras layer or model, or a tk.Module, passed as a source: which of its lists to pass."""
    if not hasattr(type(item), "trainable_variables"):
        return ""
    kind = type(item).__name__
    return f" A {kind} holds variables: pass them, as sources=<the {kind}>.trainable_variables."


def with_spent_tape_hint(exc: RuntimeError) -> RuntimeError:
    """The tape's own error for a second gradient() on a non-persistent tape, plus what to do here."""
    return type(exc)(f"{exc}"
                     + hint_line(_("this tape already computed its gradients, so TapePlayer cannot call "
                                   "tape.gradient again. Show that call with TapePlayer(tape) (no target=), or "
                                   "record with tk.GradientTape(persistent=True).")))


def check_options(events, explanations, has_tape) -> None:
    if has_tape and events is not None:
        raise TypeError("TapePlayer takes a tape or events=, not both."
                        + hint_line(_("TapePlayer(tape, ...) for a recorded tape, TapePlayer.from_events(events) for "
                                      "an event list (e.g. loaded from JSON).")))
    if explanations is not None and not isinstance(explanations, dict):
        raise TypeError("explanations must be a dict {source id: explanation dict}, not "
                        f"{type(explanations).__name__}."
                        + hint_line(_("leave it out; a tape's player reads tape.explain() itself.")))


def check_keywords(cls, kwargs: dict) -> None:
    """Unknown keywords raise, as for a plain function (widget traits such as layout= pass)."""
    allowed = set(cls.class_trait_names()) - set(cls.class_own_traits())  # svg, graph, frames...: computed
    for key in kwargs:
        if key not in allowed or key.startswith("_"):
            known = ["target", "sources", "output_gradients", "events", "explanations", "engine", "title", "fps",
                     "max_ops", "ask", "key_frame"]
            close = difflib.get_close_matches(key, known, n=1)
            hint = (_("did you mean {name}=?").format(name=close[0]) if close else
                    _("the options are {options}.").format(options=", ".join(known)))
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {key!r}"
                            + hint_line(hint))


def check_events(events) -> list:
    """Checked copies of ``events`` (see event_schema)."""
    return checked_events(events)


def unreadable_events(exc: Exception) -> ValueError:
    """What to say when events that passed the schema still cannot be played."""
    return ValueError(f"These events cannot be played: {type(exc).__name__}: {exc}."
                      + hint_line(_("events must be as docs/EVENTS.md describes them, as json.dumps(tape.events) "
                                    "writes them; check the events edited by hand or made by another tool.")))
