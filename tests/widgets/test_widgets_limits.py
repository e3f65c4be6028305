"""Players for tapes above ``max_ops`` show a clear message (and the gradients) instead of a graph;
the build leaves the garbage collector as it was; a broadcast input's gradient says it was summed."""

import gc
import json

import numpy as np
import pytest

import tapekit as tk

pytest.importorskip("anywidget")
from tapekit.widgets import TapePlayer  # noqa: E402
from tapekit.widgets.model import broadcast_note, build_frames, summed_axes  # noqa: E402

from test_widgets_model import diamond_events  # noqa: E402


def loop(iterations, frozen=False):
    """``y = sin(y * w + b)`` repeated: 3 drawn ops an iteration, plus the final Sum."""
    w = tk.Variable(0.5, name="w")
    b = tk.Variable(0.1, name="b", trainable=not frozen)
    with tk.GradientTape(persistent=True) as tape:
        y = tk.constant([1.0, 2.0])
        for _ in range(iterations):
            y = tk.sin(y * w + b)
        loss = tk.reduce_sum(y)
    return tape, loss, w, b


def test_a_tape_above_max_ops_gets_the_message_and_the_gradients(monkeypatch):
    tape, loss, w, b = loop(20)                      # 61 drawn ops
    from tapekit.introspect import events

    def no_events(self):
        raise AssertionError("the message must come without building the tape's events")

    monkeypatch.setattr(events.TapeLog, "materialize", no_events)
    player = TapePlayer(tape, target=loss, sources=[w, b], max_ops=50)
    expected = tape.gradient(loss, [w, b])           # a persistent tape: TF's own numbers again
    assert [g.numpy() for g in player.gradients] == [g.numpy() for g in expected]
    graph = player.graph
    assert graph["too_large"] == {"ops": 61, "max_ops": 50}
    assert graph["nodes"] == [] and graph["views"] == {} and len(player.frames) == 1
    note = graph["notes"][0]
    assert "61 ops" in note and "50" in note and "max_ops=1000" in note and "tape.explain" in note
    assert [r["name"] for r in graph["results"]] == ["w", "b"]
    assert graph["results"][0]["value"] == f"{expected[0].numpy():.4g}" and graph["results"][0]["cause"] is None
    assert graph["results"][0]["shape"] == [] and graph["results"][0]["dtype"] == "float32"
    html = player._repr_mimebundle_()[0]["text/html"]
    assert "61 ops" in html and "<img" not in html and "gradient wrt w" in html
    assert player.svg == "" and player.summary().startswith("TapePlayer: not drawn: This tape recorded 61 ops")
    json.dumps(player.get_state()["graph"])          # plain JSON, as every player


def test_a_none_gradient_in_the_message_keeps_its_cause():
    tape, loss, w, b = loop(20, frozen=True)
    player = TapePlayer(tape, target=loss, sources=[w, b], max_ops=10)
    frozen = player.graph["results"][1]
    assert frozen["value"] is None and frozen["cause"] == "not_watched" and frozen["message"]
    assert "None (not_watched)" in player.summary() or "not_watched" in player.summary()


def test_variable_reads_are_not_counted_and_the_limit_is_inclusive():
    tape, loss, w, b = loop(3)                       # 10 drawn ops, 6 variable reads
    assert not TapePlayer(tape, target=loss, sources=[w, b], max_ops=10).graph["too_large"]
    assert TapePlayer(tape, target=loss, sources=[w, b], max_ops=9).graph["too_large"]["ops"] == 10
    assert TapePlayer(tape, target=loss, sources=[w, b], max_ops=None).graph["nodes"]


def test_without_target_the_message_has_no_gradients():
    tape, loss, w, b = loop(5)
    tape.gradient(loss, [w, b])
    player = TapePlayer(tape, max_ops=3)
    assert player.gradients is None and player.graph["results"] == [] and player.graph["too_large"]


def test_events_above_max_ops_get_the_message():
    player = TapePlayer.from_events(diamond_events(), max_ops=2)
    assert player.graph["too_large"] == {"ops": 3, "max_ops": 2}
    assert player.graph["results"][0]["value"] == "14.0"
    assert TapePlayer.from_events(diamond_events(), max_ops=3).graph["views"]


@pytest.mark.parametrize("value, error", [(0, ValueError), (-5, ValueError), (2.5, TypeError), ("100", TypeError),
                                          (True, TypeError)])
def test_bad_max_ops(value, error):
    tape, loss, w, b = loop(2)
    before = json.dumps(tape.events)
    with pytest.raises(error) as info:
        TapePlayer(tape, target=loss, sources=[w, b], max_ops=value)
    assert "max_ops" in str(info.value) and "\n  Hint:" in str(info.value)
    assert json.dumps(tape.events) == before


def test_max_ops_is_offered_for_a_typo():
    tape, loss, w, b = loop(2)
    with pytest.raises(TypeError, match="did you mean max_ops="):
        TapePlayer(tape, target=loss, sources=[w, b], max_op=5)


def test_the_collector_is_paused_during_the_build_only(monkeypatch):
    tape, loss, w, b = loop(2)
    assert gc.isenabled()
    TapePlayer(tape, target=loss, sources=[w, b])
    assert gc.isenabled()
    from tapekit.widgets import player as player_module

    def broken(*args, **kwargs):
        assert not gc.isenabled(), "paused while the model is built"
        raise KeyError("t9")

    monkeypatch.setattr(player_module, "build_frames", broken)
    with pytest.raises(ValueError, match="cannot be played"):
        TapePlayer.from_events(diamond_events())
    assert gc.isenabled(), "a failed build turns the collector back on"
    monkeypatch.undo()
    gc.disable()
    try:
        TapePlayer(tape, target=loss, sources=[w, b])
        assert not gc.isenabled(), "a collector the caller turned off stays off"
    finally:
        gc.enable()


def test_final_state_is_the_last_frames_state():
    model = build_frames(diamond_events())
    assert model.final_state() == model.state_at(len(model.frames) - 1)
    assert model.final_state() is model.final_state()


def test_a_display_replays_the_frames_to_its_key_frame_once():
    """The static picture's graph (player.svg) and its table both read the key frame's state: one
    replay of the frames, not two (a fifth of the display of a 5,000-op player)."""
    tape, loss, w, b = loop(5)
    player = TapePlayer(tape, target=loss, sources=[w, b], key_frame="broadcast")
    model = player.model_data
    assert player.key_frame < len(model.frames) - 1
    replays = []
    original = model.state_at
    model.state_at = lambda index: replays.append(index) or original(index)
    player._repr_mimebundle_()
    player._repr_mimebundle_()
    assert replays == [player.key_frame]
    assert model.state_read(player.key_frame) == original(player.key_frame)
    player.close()


# ---------------------------------------------------------------- broadcast gradients


@pytest.mark.parametrize("grad, sent, axes", [([4, 3], [3], [0]), ([4, 3], [1, 3], [0]), ([2, 4, 3], [4, 1], [0, 2]),
                                              ([2], [], [0]), ([4, 3], [4, 3], None), ([4, 2], [4, 3], None),
                                              ([3], [4, 3], None), (None, [3], None)])
def test_summed_axes_follow_broadcasting(grad, sent, axes):
    assert summed_axes(grad, sent) == axes


def test_broadcast_note_only_for_broadcasting_ops():
    assert broadcast_note("AddV2", [4, 3], [3], "b") == "summed over axis 0: (4, 3) → (3,), as b was broadcast; "
    assert broadcast_note("Mul", [2, 4, 3], [4, 1], "s").startswith("summed over axes 0 and 2: (2, 4, 3) → (4, 1)")
    assert broadcast_note("Reshape", [4, 3], [3], "b") == ""      # not broadcasting: no such claim
    assert broadcast_note("MatMul", [4, 3], [2, 3], "w") == ""


def test_lesson_03_bias_gradient_names_the_summed_axis():
    w = tk.Variable([[1.0, 0.0, -1.0], [0.5, 1.0, 0.0]], name="w")
    b = tk.Variable([0.5, -0.5, 1.0], name="b")
    x = tk.constant([[1.0, 2.0], [0.0, 1.0], [2.0, -1.0], [1.0, 1.0]])
    with tk.GradientTape() as tape:
        y = x @ w + b
        loss = 0.5 * tk.reduce_sum(y ** 2)
    player = TapePlayer(tape, target=loss, sources=[w, b])
    captions = [f["caption"] for f in player.model_data.frames]
    add = next(c for c in captions if c.startswith("AddV2 passes back"))
    # the numbers: dloss/db = column sums of dloss/dy = y (math: y = x @ w + b)
    column_sums = (np.array([[1.0, 2.0], [0.0, 1.0], [2.0, -1.0], [1.0, 1.0]]) @ w.numpy() + b.numpy()).sum(axis=0)
    assert np.allclose(player.gradients[1].numpy(), column_sums)
    assert "to b (summed over axis 0: (4, 3) → (3,), as b was broadcast)" in add
    matmul = next(c for c in captions if c.startswith("MatMul passes back"))
    assert "summed" not in matmul


def _stored_mb(player) -> float:
    """The player as an .ipynb stores it, in MB: its two outputs (the static picture, the widget
    view) and its widget state in the notebook's metadata, written by nbformat (indented JSON)."""
    import nbformat

    cell = nbformat.v4.new_code_cell("player")
    view = {"model_id": "p", "version_major": 2, "version_minor": 0}
    cell.outputs = [nbformat.v4.new_output("display_data", {"text/html": player.static_html(fallback=True),
                                                             "text/plain": player.summary()}),
                    nbformat.v4.new_output("display_data", {"application/vnd.jupyter.widget-view+json": view})]
    nb = nbformat.v4.new_notebook(cells=[cell])
    model = {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "*",
             "state": player.get_state()}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "state": {"p": model}, "version_major": 2, "version_minor": 0}}
    return len(nbformat.writes(nb).encode()) / 1e6


@pytest.mark.slow
def test_a_1000_op_player_stores_at_most_2_mb():
    """Issue 24: a 1,000-op player stores <= 2 MB in an .ipynb, for a loop and a Keras MLP's steps."""
    w, b = tk.Variable(0.5, name="w"), tk.Variable(0.1, name="b")
    with tk.GradientTape() as tape:
        y = tk.constant([1.0, 2.0])
        for _ in range(334):
            y = tk.sin(y * w + b)
        loss = tk.reduce_sum(y)
    loop = TapePlayer(tape, target=loss, sources=[w, b])
    layers = [tk.keras.layers.Dense(8, activation="relu", name=f"dense{k}") for k in range(4)]
    x = tk.constant(np.ones((4, 8), np.float32))
    with tk.GradientTape() as tape:
        total = 0.0
        for _ in range(67):
            h = x
            for layer in layers:
                h = layer(h)
            total = total + tk.reduce_mean(h * h)
    mlp = TapePlayer(tape, target=total, sources=[v for layer in layers for v in layer.trainable_variables])
    for player in (loop, mlp):
        ops = sum(n["kind"] == "op" for n in player.graph["nodes"])
        assert 1000 <= ops <= 1010
        assert _stored_mb(player) <= 2.0, f"{_stored_mb(player):.2f} MB for {ops} ops"
        player.close()
