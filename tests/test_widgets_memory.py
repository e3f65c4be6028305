"""A closed TapePlayer is freed: nothing (anywidget's file watcher, a cache, the tape) keeps it alive."""

import gc
import tracemalloc
import weakref

import pytest

import tapekit as tk

pytest.importorskip("anywidget")
from tapekit.widgets import TapePlayer  # noqa: E402

from test_widgets_model import diamond_events  # noqa: E402

slow = pytest.mark.slow  # registered in pyproject.toml


def small_program():
    w = tk.Variable([1.0, 2.0], name="w")
    b = tk.Variable(0.5, name="b")
    x = tk.constant([3.0, 4.0])
    with tk.GradientTape(persistent=True) as tape:
        y = tk.reduce_sum(w * x) + b
    return tape, y, [w, b, x]


def test_a_closed_player_is_freed():
    tape, y, sources = small_program()
    player = TapePlayer(tape, target=y, sources=sources)
    alive = weakref.ref(player)
    player.close()
    del player
    gc.collect()
    assert alive() is None, [type(r).__name__ for r in gc.get_referrers(alive())]


def test_a_displayed_and_closed_player_is_freed():
    player = TapePlayer.from_events(diamond_events())
    player._repr_mimebundle_()  # what displaying it does in the kernel
    player.frame = 3
    alive = weakref.ref(player)
    player.close()
    del player
    gc.collect()
    assert alive() is None


def test_the_front_end_is_given_as_text():
    # a Path makes anywidget connect a per-instance file-watch callback (anywidget issue #929)
    assert isinstance(TapePlayer._esm, str) and "export default" in TapePlayer._esm
    assert isinstance(TapePlayer._css, str) and ".tkp" in TapePlayer._css


@slow
def test_memory_stays_flat_over_many_players():
    """The issue's measurement: 1,000 players kept 260 MB after close() and del."""

    def churn(count):
        for _ in range(count):
            tape, y, sources = small_program()
            player = TapePlayer(tape, target=y, sources=sources)
            player._repr_mimebundle_()
            player.close()
            del player, tape, y, sources
        gc.collect()

    churn(20)  # warm caches (wasm module, imports, traitlets)
    tracemalloc.start()
    try:
        churn(50)
        after_50 = tracemalloc.get_traced_memory()[0]
        churn(250)
        after_300 = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    grown = after_300 - after_50
    # one player's state is ~40 KB here; 250 kept players would be ~10 MB
    assert grown < 1_000_000, f"{grown / 1e6:.1f} MB kept by 250 closed players"
