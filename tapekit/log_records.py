"""The records a ``TapeLog`` keeps, one small named tuple per kind (docs/EVENTS.md).

A tape's entries already tell what ops ran; these records add what they cannot tell. ``at`` is
how many entries were recorded before the record, so that entries and records interleave in
order. Ids are raw tensor/variable ids; ``sample`` is the first few elements of a value (a
backend array) and ``shape`` a list or tuple of ints; ``where`` is ``(file, line)`` or None.
"""

from __future__ import annotations

from typing import NamedTuple

from .source_location import site_location


class Enter(NamedTuple):
    """The tape's ``with`` block was entered (no event; explain() names the line)."""
    at: int
    site: tuple                 # the user's code and instruction offset (source_location.user_site)
    kind = "enter"

    @property
    def where(self) -> tuple | None:
        """``(file, line)`` of the ``with`` statement, worked out when asked."""
        return site_location(self.site)


class Watch(NamedTuple):
    at: int
    tensor: int
    how: str                    # "watch" (tape.watch) or "access" (a trainable variable was read)
    is_variable: bool
    name: str | None
    trainable: bool | None
    shape: list | None
    dtype: str
    sample: object
    differentiable: bool
    site: tuple                 # the user's code and instruction offset (source_location.user_site)
    kind = "watch"

    @property
    def where(self) -> tuple | None:
        """``(file, line)`` of the watch or of the first read, worked out when asked."""
        return site_location(self.site)


class Pause(NamedTuple):
    """``stop_recording()`` began (``paused``) or ended."""
    at: int
    paused: bool
    where: tuple | None

    @property
    def kind(self) -> str:
        return "pause" if self.paused else "resume"


class Read(NamedTuple):
    """A variable the tape does not watch was read."""
    at: int
    tensor: int
    variable: int
    name: str
    trainable: bool
    shape: list | None
    dtype: str
    sample: object
    where: tuple | None
    kind = "read"


class LeftTape(NamedTuple):
    at: int
    tensor: int
    how: str                    # "numpy", "float", "int", "__array__"
    where: tuple | None
    kind = "left_tape"


class Assign(NamedTuple):
    at: int
    variable: int
    name: str
    how: str                    # "assign", "assign_add", "assign_sub"
    sample: object
    shape: list | None
    where: tuple | None
    kind = "assign"


class BackwardStart(NamedTuple):
    at: int
    call: int
    method: str                 # "gradient", "jacobian", "batch_jacobian"
    targets: list
    sources: list
    output_gradients: list | None   # GradValue (or None) per target
    kind = "backward_start"


class GradValue(NamedTuple):
    """A gradient's first elements and its shape."""
    sample: object
    shape: tuple


class OutputGrad(NamedTuple):
    """The gradient of one output of a visited op."""
    tensor: int
    sample: object
    shape: tuple


class Visit(NamedTuple):
    at: int
    op: int                     # the entry's index
    type: str
    grads: list                 # OutputGrad (or None) per output
    row: int | None             # the Jacobian row, or None
    kind = "visit"


class Send(NamedTuple):
    at: int
    op: int
    to: int
    sample: object              # None: nothing was sent (``reason`` says why)
    shape: tuple | list | None
    accumulated: bool
    reason: str | None          # a Cause
    row: int | None
    kind = "send"


class Truncated(NamedTuple):
    at: int
    dropped: int
    kind = "truncated"


class SourceResult(NamedTuple):
    source: int
    sample: object
    shape: tuple | None
    dtype: str
    cause: str | None           # a Cause, for a None (or ZERO-filled) result
    kind = "result"


class BackwardEnd(NamedTuple):
    at: int
    call: int
    results: list               # SourceResult per source
    kind = "backward_end"
