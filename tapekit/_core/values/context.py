"""The per-thread execution context: which tapes record, gradient overrides, variable watchers.

Everything that runs an op or reads a variable asks this module whether a tape records; nothing
here imports the tape. This is what lets the layers above (recording, ops, backprop) import only
downwards while the *calls* go round: ops record on the active tapes, the reverse pass calls the
rules, and the rules call ops.
"""

from __future__ import annotations

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


class _OpState(threading.local):
    def __init__(self):
        self.tapes: list = []          # the Recorder of each tape entered in this thread, innermost last
        self.overrides: dict = {}      # gradient_override_map: op type -> gradient key
        self.watchers: list = []       # custom_gradient: lists collecting trainable variable reads
        self.creation_guards: list = []  # tk.function: callables run before a Variable is created (may raise)


state = _OpState()


def active_tapes() -> list:
    """The ``Recorder`` of each tape entered in this thread, innermost last."""
    return state.tapes
