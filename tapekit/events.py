"""Plain-data events of a tape's forward recording and backward pass (filled in by introspection)."""

from __future__ import annotations


class TapeLog:
    """The events of one tape that are not derivable from its entries."""

    def __init__(self, tape):
        self.tape = tape
        self.items: list = []

    def clear(self) -> None:
        self.items.clear()

    def watched(self, item, how, is_var) -> None:
        self.items.append({"kind": "watch", "id": item._id, "how": how, "variable": is_var})

    def recorded(self, entry) -> None:
        pass

    def paused(self, paused: bool, where) -> None:
        self.items.append({"kind": "pause" if paused else "resume", "where": where})

    def left_tape(self, t, how, where) -> None:
        self.items.append({"kind": "left_tape", "id": t._id, "how": how, "where": where})

    def state_changed(self, var, how, where) -> None:
        self.items.append({"kind": "assign", "id": var._id, "how": how, "where": where})

    def backward_observer(self):
        return None
