"""The per-thread execution context: which tapes record, gradient overrides, variable watchers.

Everything that runs an op or reads a variable asks this module whether a tape records; nothing
here imports the tape. This is what lets the layers above (recording, ops, backprop) import only
downwards while the *calls* go round: ops record on the active tapes, the reverse pass calls the
rules, and the rules call ops.
"""

from __future__ import annotations

import functools
import threading
from typing import Protocol


class Recorder(Protocol):
    """What ops, variables and tensors call on an active tape (``state.tapes`` holds one per tape;
    ``tape.py`` implements it). Like TF's ``record_operation``: the op already ran."""

    recording: bool   # False inside the tape's stop_recording() block

    def record_operation(self, op_type, inputs, outputs, attrs, grad_key, cut=None, site=None) -> None:
        """The op ran on ``inputs`` giving ``outputs``; ``grad_key`` names its gradient rule (a
        ``registry.GradientRule`` or an op type), ``cut`` why gradients stop there (None: they flow)."""

    def record_elementwise(self, op_type, inputs, output, grad_key) -> None:
        """``record_operation`` of a hot element-wise op: one or two Tensor inputs, one output, no attrs."""

    def variable_read(self, variable, read_tensor) -> None:
        """``variable`` was read into ``read_tensor`` (a tape watches trainable variables it sees read)."""

    def variable_assigned(self, variable, how: str) -> None:
        """``variable`` was assigned (``how``: "assign", "assign_add" ...)."""

    def value_left(self, tensor, how: str) -> None:
        """``tensor``'s value was taken out as a host value (``how``: "numpy", "float" ...)."""


class TraceRecorder(Protocol):
    """What ops, variables and tensors tell a ``tk.function`` trace being recorded (``state.tracers``;
    ``_api/trace.py`` implements it). The trace is replayed on later calls unless it heard of something
    it cannot replay (``unreplayable``), such as a value read on the host that depends on an argument."""

    def op(self, op_type, forward, inputs, attrs, dtype, kind, outputs) -> None:
        """``execute`` ran ``forward`` (kind "plain", "binary", "unary" or "multi")."""

    def variable_read(self, variable, read_tensor) -> None:
        """``variable`` was read into ``read_tensor``."""

    def effect(self, fn, args, kwargs, result) -> None:
        """``fn(*args, **kwargs)`` ran as one state change (an assign, ``tk.print``): replayed whole."""

    def object_made(self, obj, cls, args) -> None:
        """``obj = cls(*args)`` was made (a gradient tape): a replay makes its own."""

    def constant(self, tensor) -> None:
        """``tensor`` was made from Python values (the trace keeps it, as TF keeps a constant)."""

    def host_read(self, tensor) -> None:
        """``tensor``'s value was read on the host (a Python ``if``, ``numpy()``, an axis given as a tensor)."""

    def unreplayable(self, reason: str) -> None:
        """Something happened that a replay would not repeat (a random draw, a gradient tape ...)."""

    def symbolic_name(self, tensor) -> str | None:
        """TF's graph name of ``tensor`` in this trace ("x:0"), shown when it is printed; None if not in it."""


class _OpState(threading.local):
    def __init__(self):
        self.tapes: list = []          # the Recorder of each tape entered in this thread, innermost last
        self.overrides: dict = {}      # gradient_override_map: op type -> gradient key
        self.watchers: list = []       # custom_gradient: lists collecting trainable variable reads
        self.creation_guards: list = []  # tk.function: callables run before a Variable is created (may raise)
        self.tracers: list = []        # tk.function: the TraceRecorder of each trace being recorded


state = _OpState()


def active_tapes() -> list:
    """The ``Recorder`` of each tape entered in this thread, innermost last."""
    return state.tapes


# ---------- what a tk.function trace hears (each a no-op while no trace records) ----------
def note_constant(tensor):
    """``tensor`` was made from Python values: a trace being recorded keeps it as a constant."""
    for tracer in state.tracers:
        tracer.constant(tensor)
    return tensor


def note_object_made(obj, cls, args: tuple) -> None:
    """``obj``, made as ``cls(*args)``, is used by recorded effects: a replay makes a new one."""
    for tracer in state.tracers:
        tracer.object_made(obj, cls, args)


def note_host_read(tensor) -> None:
    """``tensor``'s value is being read on the host (not by an op's kernel)."""
    for tracer in state.tracers:
        tracer.host_read(tensor)


def note_unreplayable(reason: str) -> None:
    """Something a replayed trace would not repeat happened (a random draw, a tape's use ...)."""
    for tracer in state.tracers:
        tracer.unreplayable(reason)


def recorded_effect(fn):
    """Decorate a state change (an assign, ``tk.print``): a trace being recorded keeps the call as one
    step, replayed whole on later calls; what it does inside is not recorded step by step."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        tracers = state.tracers
        if not tracers:
            return fn(*args, **kwargs)
        state.tracers = []
        try:
            result = fn(*args, **kwargs)
        finally:
            state.tracers = tracers
        for tracer in tracers:
            tracer.effect(run, args, kwargs, result)
        return result

    return run
