"""Why a gradient stops: the closed set of causes shared by the tape, the reverse pass, ``explain``
and the player (docs/EVENTS.md lists them).

A ``Cause`` is a ``str``: events stay plain JSON (``"not_connected"``), and code compares members.
Three kinds of place use them:

- an op's *cut* (``TapeEntry.cut``, the ``op`` event's ``cut``): why gradients will not flow back
  through it: ``STOP_GRADIENT``, ``RECORDING_STOPPED``, ``SHADOW``, ``INTEGER_OR_STRING_DTYPE``,
  ``NO_GRADIENT_REGISTERED``;
- a ``send`` event's *reason*: why an op's rule sent nothing to an input: ``NONE_RETURNED``,
  ``INTEGER_OR_STRING_DTYPE``, ``NO_GRADIENT_REGISTERED``;
- a source's *cause* (``explain()``, ``backward_end``): why its gradient is None (or zeros): every
  cause except ``SHADOW`` and ``NONE_RETURNED``.

``SHADOW`` marks an op recorded only because an input is tracked as non-differentiable (an
integer computed from a watched value): nothing differentiable flows through it. A source cut
off that way is reported as ``NOT_CONNECTED``, its cause as a source (``source_cause``).
"""

from __future__ import annotations

import enum

from .registry import has_gradient


class Cause(str, enum.Enum):
    NOT_WATCHED = "not_watched"
    NOT_CONNECTED = "not_connected"
    INTEGER_OR_STRING_DTYPE = "integer_or_string_dtype"
    STOP_GRADIENT = "stop_gradient"
    RECORDING_STOPPED = "recording_stopped"
    LEFT_THE_TAPE = "left_the_tape"
    VARIABLE_REPLACED_BY_TENSOR = "variable_replaced_by_tensor"
    STATE_CHANGED = "state_changed"
    NO_GRADIENT_REGISTERED = "no_gradient_registered"
    UNCONNECTED_ZERO = "unconnected_zero"
    SHADOW = "shadow"
    NONE_RETURNED = "none_returned"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:   # shown as the string it equals, as before the enum ('not_watched')
        return repr(self.value)

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


# The causes a source's gradient can have (explain()'s closed set), in the order docs/EVENTS.md lists them.
SOURCE_CAUSES = tuple(c for c in Cause if c not in (Cause.SHADOW, Cause.NONE_RETURNED))


def source_cause(cut: Cause) -> Cause:
    """The cause reported for a source whose path is cut by ``cut`` (a shadow op, or a rule that returns
    None: not connected, as TF treats such a None)."""
    return Cause.NOT_CONNECTED if cut in (Cause.SHADOW, Cause.NONE_RETURNED) else cut


def entry_cut(entry) -> Cause | None:
    """Why gradients will not flow back through a recorded op, or None (the ``op`` event's ``cut``)."""
    if entry.cut is not None:
        return entry.cut
    if not any(t.dtype.is_differentiable for t in entry.outputs):
        return Cause.INTEGER_OR_STRING_DTYPE
    if not has_gradient(entry.grad_key):
        return Cause.NO_GRADIENT_REGISTERED
    return None
