"""The per-thread execution context: which tapes record, gradient overrides, variable watchers.

Everything that runs an op or reads a variable asks this module whether a tape records; nothing
here imports the tape. This is what lets the layers above (recording, ops, backprop) import only
downwards while the *calls* go round: ops record on the active tapes, the reverse pass calls the
rules, and the rules call ops.
"""

from __future__ import annotations

import threading


class _OpState(threading.local):
    def __init__(self):
        self.tapes: list = []          # tapes entered in this thread, innermost last
        self.overrides: dict = {}      # gradient_override_map: op type -> gradient key
        self.watchers: list = []       # custom_gradient: lists collecting trainable variable reads


state = _OpState()


def active_tapes() -> list:
    """The tapes entered in this thread, innermost last."""
    return state.tapes
