"""Tapes and state, as observed in TF 2.21: variables assigned between reads, stop_gradient; threads, the
keyboard interrupt, what a tape keeps alive; numerical checks of broadcast gradients."""

import gc
import threading
import weakref

import numpy as np
import pytest

import tapekit as tk
from tapekit._core.record.registry import state


# ---------- state ----------
def test_assign_breaks_the_chain():
    x, y = tk.Variable(3.0), tk.Variable(4.0)
    with tk.GradientTape() as tape:
        x.assign_add(y)
        z = x * x
    assert tape.gradient(z, y) is None
    a = tk.Variable(2.0)
    b = tk.Variable(0.0)
    with tk.GradientTape() as tape:
        b.assign(a * 3.0)
        out = b * 1.0
    assert tape.gradient(out, a) is None


def test_replacing_a_variable_by_a_tensor_gives_none_next_step():
    x = tk.Variable(2.0)
    results = []
    for _ in range(2):
        with tk.GradientTape() as tape:
            y = x + 1.0
        results.append((isinstance(x, tk.Variable), tape.gradient(y, x)))
        x = x - 0.1 * results[-1][1] if results[-1][1] is not None else x + 1.0
    assert results[0][0] and results[0][1].numpy() == 1.0
    assert not results[1][0] and results[1][1] is None


def test_assign_sub_keeps_gradients_flowing():
    w = tk.Variable(2.0)
    for _ in range(2):
        with tk.GradientTape() as tape:
            loss = w * w
        g = tape.gradient(loss, w)
        assert g is not None
        w.assign_sub(0.1 * g)
    assert w.numpy() == pytest.approx(2.0 - 0.4 - 0.1 * 3.2)


def test_assign_between_two_reads_differentiates_both_reads():
    v = tk.Variable(1.0)
    with tk.GradientTape(persistent=True) as tape:
        a = v * 1.0
        v.assign(3.0)
        b = v * v
        c = a + b
    assert tape.gradient(c, v).numpy() == 7.0
    assert tape.gradient(a, v).numpy() == 1.0
    assert tape.gradient(b, v).numpy() == 6.0
    # a target built inside gradient() after the block is not recorded
    assert tape.gradient(a + b, v) is None


def test_numpy_round_trip_gives_none():
    x = tk.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tk.GradientTape(persistent=True) as tape:
        x2 = x ** 2
        y = tk.reduce_mean(np.mean(x2, axis=0), axis=0)
        z = tk.constant(x2.numpy()) * 2.0
    assert tape.gradient(y, x) is None
    assert tape.gradient(z, x) is None


def test_python_max_over_variables():
    vs = [tk.Variable(1.0), tk.Variable(2.0), tk.Variable(3.0)]
    with tk.GradientTape() as tape:
        m = max(vs, key=lambda v: v.numpy())
        y = m * 1.0
    assert [None if g is None else g.numpy() for g in tape.gradient(y, vs)] == [None, None, 1.0]


def test_stop_gradient():
    x, y = tk.Variable(3.0), tk.Variable(4.0)
    with tk.GradientTape() as tape:
        z = x * tk.stop_gradient(y)
    dx, dy = tape.gradient(z, [x, y])
    assert dx.numpy() == 4.0 and dy is None
    assert isinstance(tk.stop_gradient(y), tk.Tensor)


# ---------- engineering ----------
@pytest.mark.slow
def test_chain_of_100k_ops_differentiates():
    x = tk.constant(1.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(100_000):
            y = y * 1.0
    assert tape.gradient(y, x).numpy() == 1.0


def test_tapes_are_per_thread():
    x = tk.Variable(2.0)
    ready, done = threading.Event(), threading.Event()
    other = {}

    def worker():
        ready.wait()
        other["y"] = x * x       # runs while the main thread's tape is active
        other["tapes"] = list(state.tapes)
        done.set()

    th = threading.Thread(target=worker)
    th.start()
    with tk.GradientTape(persistent=True) as tape:
        ready.set()
        done.wait(10)
        mine = x * 3.0
    th.join()
    assert other["tapes"] == []
    assert tape.gradient(other["y"], x) is None
    assert len(tape._entries) == 2      # the read of x and the Mul of this thread only
    assert [e.type for e in tape._entries] == ["ReadVariableOp", "Mul"]
    assert tape._entries[1].outputs[0]._id == mine._id
    assert tape.gradient(mine, x).numpy() == 3.0


def test_keyboard_interrupt_in_gradient_restores_stack(monkeypatch):
    import tapekit._core.autodiff.backprop as backprop

    x = tk.Variable(2.0)
    with tk.GradientTape() as outer:
        with tk.GradientTape(persistent=True) as tape:
            y = x * x

            def interrupt(*a, **k):
                raise KeyboardInterrupt

            monkeypatch.setattr(backprop, "run_gradient", interrupt)
            before = list(state.tapes)
            with pytest.raises(KeyboardInterrupt):
                tape.gradient(y, x)
            assert state.tapes == before
            monkeypatch.undo()
        assert [r.tape for r in state.tapes] == [outer]   # each tape is on the stack as its recorder
    assert state.tapes == []
    assert tape.gradient(y, x).numpy() == 4.0


@pytest.mark.numpy_only("NumPy arrays are not GC-tracked; array_api_strict's Array objects are")
def test_recorded_ops_leave_nothing_for_the_cyclic_gc_to_track():
    # A tape keeps rows of ids, arrays and strings, which CPython's GC stops tracking: a long tape
    # must not make every full collection walk (and trigger on) objects per recorded op.
    x = tk.constant(np.linspace(0.5, 1.0, 100, dtype=np.float32))
    s = tk.constant(2.0)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch([x, s])
        y, t = x, s
        for _ in range(30):
            y = tk.math.log(tk.exp(y) * 0.5 + x) / x - y      # large values, what each gradient reads kept
            t = tk.square(t) * s - 1.0                        # small values, kept whole
    rows = tape._entries.rows
    assert len(rows) > 200
    assert _tracked_after_collections(rows) == []
    tape.gradient([y, t], [x, s])   # a persistent pass releases nothing: the sides stay untracked
    assert _tracked_after_collections(rows) == []
    del tape


def _tracked_after_collections(rows) -> list:
    """The packed sides the GC still tracks after a few full collections (a ``Row`` itself, a
    ``__slots__`` object, stays tracked: one object per op, ARCHITECTURE.md). A collection
    untracks a tuple whose items it finds untracked already, so a side (side > ghost) may take one
    per level."""
    for _ in range(4):
        gc.collect()
    return [side for r in rows for side in r.sides() if gc.is_tracked(side)]


def test_non_persistent_tape_releases_saved_arrays():
    x = tk.Variable(np.ones(100, np.float32))
    with tk.GradientTape() as tape:
        mid = tk.exp(x)
        y = tk.reduce_sum(mid * 2.0)
    ref = weakref.ref(mid)
    del mid
    tape.gradient(y, x)
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize("how", ["del", "reset"])
def test_persistent_tape_releases_on_del_or_reset(how):
    x = tk.Variable(np.ones(100, np.float32))
    with tk.GradientTape(persistent=True) as tape:
        mid = tk.exp(x)
        y = tk.reduce_sum(mid * 2.0)
        ref = weakref.ref(mid)
        del mid
        tape.gradient(y, x)
        gc.collect()
        assert ref() is not None
        if how == "reset":
            tape.reset()
    if how == "del":
        del tape
    gc.collect()
    assert ref() is None


# ---------- numerical checks ----------
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 4))])
def test_broadcast_gradients_match_finite_differences(dtype, shapes):
    rng = np.random.default_rng(1)
    a = rng.uniform(0.5, 2.0, shapes[0]).astype(dtype)
    b = rng.uniform(0.5, 2.0, shapes[1]).astype(dtype)
    tk.test.check_gradients(lambda x, y: tk.reduce_sum(x * y * x - y / x), a, b)


def _mixed_program(tape, x, y, v, frozen):
    """Ops of every kind the reach rule meets: uncut, cut, int outputs, shadow ops, unwatched reads."""
    a = x * y + v
    b = tk.stop_gradient(a) * x
    n = tk.cast(a, tk.int32)          # an int output of a live op
    m = n * 2                         # a shadow op: its only input is an int
    with tape.stop_recording():
        c = a * 3.0
    d = tk.reduce_sum(a * c) + tk.cast(m, tk.float32) * frozen + b
    return tk.argmax(tk.stack([a, b]), axis=0), d


@pytest.mark.parametrize("sources", ["all roots", "roots and intermediates", "some roots"])
def test_what_the_tape_saw_reach_its_roots_is_what_the_scan_finds(sources):
    from tapekit._core.autodiff.backprop import _reachable_from   # noqa: PLC0415 - the invariant under test
    x, y = tk.constant([1.0, 2.0]), tk.constant([3.0, 4.0])
    v, frozen = tk.Variable([0.5, 0.25]), tk.Variable(2.0, trainable=False)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch([x, y, tk.constant(7)])   # an int watched: not a root
        _, d = _mixed_program(tape, x, y, v, frozen)
    view = tape._view()   # noqa: SLF001 - the view backprop reads
    roots = {t.id for t in (x, y)} | {v.id}
    assert view.roots == roots
    chosen = {"all roots": roots, "roots and intermediates": roots | {d.id}, "some roots": {x.id}}[sources]
    scanned = _reachable_from(view.entries.rows, chosen)
    if view.roots <= chosen:
        assert view.from_roots == scanned
    else:
        assert scanned < view.from_roots
    grads = tape.gradient(d, [x, y, v])
    assert all(g is not None for g in grads)
