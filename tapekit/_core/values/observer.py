"""The observer protocol: what a tape and its reverse pass tell introspection, and a do-nothing default.

A ``GradientTape`` calls its log's hooks (``entered``, ``watched``, ``recorded`` ...) and the reverse
pass calls a backward observer's (``step``, ``stopped``, ``finish``). The classes here
define those calls and ignore them. Introspection (``tapekit.introspect.events``, ``tapekit.introspect.explain``) lies
in a layer above the tape, so it plugs itself in with ``install`` when it is imported, and the tape
never imports it.
"""

from __future__ import annotations


class BackwardObserver:
    """Calls of one gradient()/jacobian() call's reverse pass(es); this one ignores them."""

    row = None   # the Jacobian row being computed (set by the caller)

    def step(self, index, row, out_grads, sends) -> None:
        """The pass reached op ``index``, recorded as ``row`` (``tape_entry``), with these gradients of its
        outputs, and its rule sent, per input the pass follows, ``(k, g, accumulated)``: input ``k``
        received ``g`` (None: nothing), ``accumulated`` when it had a gradient already. Called once
        per visited op. A gradient is a Tensor, or on the pass's lean path (array twins) the backend
        array itself."""

    def stopped(self, index, row, cause) -> None:
        """Gradients stop at op ``index``, recorded as ``row`` (a ``Cause``)."""

    def finish(self, results) -> None:
        """The call ends with these results, one per source."""


class TapeLog:
    """What a tape tells introspection while it records; this one keeps nothing."""

    def clear(self) -> None:
        """The tape starts afresh."""

    def entered(self, site) -> None:
        """The tape's ``with`` block was entered at ``site`` (``source_location.user_site``)."""

    def watched(self, item, how, is_var, site=None) -> None:
        """``item`` is watched now (``how``: "watch" or "access"), by the user's code at ``site``
        (``source_location.user_site``; None: the log finds it)."""

    def accessed(self, var, site, shape, dtype) -> None:
        """The tape watches ``var`` at its first read (by the user's code at ``site``, with this
        shape and dtype name); the ``ReadVariableOp`` row of that read is recorded next."""

    def recorded(self, entry) -> None:
        """``entry`` was recorded (called only while the tape has listeners)."""

    def paused(self, paused: bool) -> None:
        """``stop_recording()`` began (True) or ended (False)."""

    def read_unwatched(self, var, t) -> None:
        """A variable the tape does not watch was read as ``t``."""

    def left_tape(self, t, how, where) -> None:
        """A tracked value was taken out as a host value (``how``: "numpy", "float" ...)."""

    def state_changed(self, var, how, where) -> None:
        """A variable was assigned (``how``: "assign", "assign_add" ...)."""

    def backward_observer(self, view, method="gradient", targets=(), sources=(), output_gradients=None,
                          unconnected=None) -> BackwardObserver:
        """An observer for one gradient()/jacobian() call on the tape ``view`` (a ``TapeView``)."""
        return BackwardObserver()

    def materialize(self) -> list:
        return []

    def records(self) -> list:
        """What the log kept, as ``log_records`` in order."""
        return []

    def subscribe(self, callback):
        raise RuntimeError("tape.subscribe() needs tapekit.introspect.events, which `import tapekit` loads.")


class _Installed:
    log_factory = TapeLog      # (tape, view) -> TapeLog
    explain = None             # (tape, target, sources, unconnected) -> Explanation


def install(log_factory=None, explain=None) -> None:
    """Plug introspection in: the class of every new tape log, and ``tape.explain``'s function."""
    if log_factory is not None:
        _Installed.log_factory = log_factory
    if explain is not None:
        _Installed.explain = explain


def new_log(tape, view) -> TapeLog:
    """A log for ``tape`` (the do-nothing one until introspection is installed). ``view`` is a weak
    reference to the tape's ``TapeView`` provider (``view()()`` is the tape's current view): the one
    way introspection reads the tape."""
    factory = _Installed.log_factory
    return factory(tape, view) if factory is not TapeLog else TapeLog()


def explain(tape, target, sources, unconnected):
    if _Installed.explain is None:
        raise RuntimeError("tape.explain() needs tapekit.introspect.explain, which `import tapekit` loads.")
    return _Installed.explain(tape, target, sources, unconnected)
