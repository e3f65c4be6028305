"""``collector_paused()``: no cyclic garbage collection while a big structure is built.

Building a tape's events or a player makes a few small dicts and lists per op and frees few, with
no cycle among them; the collections their allocations trigger walk all of them again and again
(a quarter of a build's time). So the collector is paused while they are built.

The pauses nest and may come from several threads: one counter under one lock; the first pause
turns the collector off, the last one out turns it back on, if it was on (checking and
switching in two steps, without the lock, could leave it off for good when threads interleave).

The objects built meanwhile are walked by the next young collection, once (they are not moved to
the oldest generation at once with ``gc.freeze()``/``gc.unfreeze()``: the cyclic garbage of each
build would then wait for a full collection, and re-running a cell 300 times grew the process by
25 MiB instead of 1 MiB).
"""

from __future__ import annotations

import contextlib
import gc
import threading


class _CollectorPause:
    """Nested, thread-safe pauses of the cyclic GC (see the module doc)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._depth = 0
        self._was_enabled = False

    @contextlib.contextmanager
    def __call__(self):
        with self._lock:
            if self._depth == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._depth += 1
        try:
            yield
        finally:
            with self._lock:
                self._depth -= 1
                if self._depth == 0 and self._was_enabled:
                    gc.enable()


collector_paused = _CollectorPause()
