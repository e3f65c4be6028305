"""Overhead of tape introspection on recording, with no listener (docs/EVENTS.md "Cost").

Run: ``python benchmarks/bench_events.py``. Records a chain of small ops (the worst case: the
per-op cost of the engine is smallest there) three ways and prints times and ratios:

* ``off``: events disabled entirely (the hooks and ``user_location`` patched to no-ops);
* ``on``: the shipped engine with no listener (the ratio ``on / off`` must stay <= 1.10);
* ``listener``: one subscriber receiving every event (for information).

Then ``tape.events`` of a long tape (``--events-ops``, default 200,000 ops, after its gradient):
the first call builds the events, a second one returns them again (kept until the tape changes).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's tapekit

import tapekit as tk  # noqa: E402
from tapekit.introspect import events
from tapekit._core.autodiff import tape as tape_module  # noqa: E402

HOOKS = ("entered", "watched", "recorded", "paused", "left_tape", "state_changed")


def record(n: int, listener: bool) -> None:
    x = tk.Variable(1.0)
    c = tk.constant(2.0)
    with tk.GradientTape() as tape:
        if listener:
            tape.subscribe(lambda event: None)
        tape.watch(c)
        y = x
        for _ in range(n):
            y = y * 1.0001 + c


def differentiate(n: int) -> None:
    x = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        y = x
        for _ in range(n):
            y = y * 1.0001
    start = time.perf_counter()
    tape.gradient(y, x)
    return time.perf_counter() - start


class _Silent:
    """A backward observer that logs nothing."""

    row = None

    def __init__(self, *args):
        pass

    def step(self, *args, **kwargs):
        pass

    stopped = finish = step


@contextlib.contextmanager
def events_disabled():
    """The engine as if it had no introspection: every hook a no-op, no stack walks."""
    saved = {name: getattr(events.TapeLog, name) for name in HOOKS + ("backward_observer",)}
    saved_location = tape_module.user_location
    saved_site = tape_module.user_site
    try:
        for name in HOOKS:
            setattr(events.TapeLog, name, lambda self, *args, **kwargs: None)
        events.TapeLog.backward_observer = lambda self, *args: _Silent()
        tape_module.user_location = lambda *args, **kwargs: None
        tape_module.user_site = lambda *args, **kwargs: ()
        yield
    finally:
        for name, fn in saved.items():
            setattr(events.TapeLog, name, fn)
        tape_module.user_location = saved_location
        tape_module.user_site = saved_site


def events_of_a_long_tape(n_ops: int) -> tuple:
    """CPU seconds of the first and the second ``tape.events`` of an ``n_ops``-op chain, and its event count."""
    x = tk.Variable(1.0)
    c = tk.constant(2.0)
    with tk.GradientTape() as tape:
        y = x
        for _ in range(n_ops // 2):
            y = y * 1.0001 + c
    tape.gradient(y, x)
    gc.collect()
    start = time.process_time()   # CPU time: steadier than the wall clock on a shared machine
    first = tape.events
    built = time.process_time() - start
    start = time.process_time()
    again = tape.events
    assert again == first
    return built, time.process_time() - start, len(first)


def best_of(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=10_000, help="loop iterations (2 ops each)")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--events-ops", type=int, default=200_000, help="ops of the tape whose tape.events is timed")
    args = parser.parse_args()
    n, k = args.ops, args.repeats
    record(200, False)                                   # warm up imports and caches
    # interleave the variants so drifts in machine speed hit all of them alike
    off = on = listen = float("inf")
    for _ in range(k):
        with events_disabled():
            off = min(off, best_of(lambda: record(n, False), 1))
        on = min(on, best_of(lambda: record(n, False), 1))
        listen = min(listen, best_of(lambda: record(n, True), 1))
    back_off = back_on = float("inf")
    for _ in range(k):
        gc.collect()
        with events_disabled():
            back_off = min(back_off, differentiate(n))
        gc.collect()
        back_on = min(back_on, differentiate(n))
    ops = 2 * n
    print(f"recording {ops} ops (best of {k}):")
    print(f"  events off        {off * 1e3:8.1f} ms  {off / ops * 1e6:6.2f} us/op")
    print(f"  events, no listener {on * 1e3:6.1f} ms  {on / ops * 1e6:6.2f} us/op")
    print(f"  one listener      {listen * 1e3:8.1f} ms  {listen / ops * 1e6:6.2f} us/op")
    print(f"overhead ratio (no listener / off): {on / off:.3f}  (budget 1.10)")
    print(f"listener ratio (listener / off):    {listen / off:.3f}")
    print(f"backward pass over {n} ops: {back_off * 1e3:.1f} ms without events, {back_on * 1e3:.1f} ms with "
          f"(ratio {back_on / back_off:.3f}; visit/send events are capped at {events.MAX_BACKWARD_EVENTS})")
    built, again, count = events_of_a_long_tape(args.events_ops)
    print(f"tape.events of a {args.events_ops}-op tape ({count} events): {built:.2f} s, asked again {again:.2f} s "
          "(CPU time)")


if __name__ == "__main__":
    main()
