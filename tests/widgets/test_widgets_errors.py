"""Bad arguments to TapePlayer: a clear error of the right type with a hint, and the tape left as it was."""

import json
import math

import numpy as np
import pytest

import tapekit as tk

pytest.importorskip("anywidget")
from tapekit.widgets import TapePlayer  # noqa: E402
from tapekit.widgets import graphviz_run  # noqa: E402

from test_widgets_model import diamond_events  # noqa: E402


@pytest.fixture
def recorded():
    w = tk.Variable(2.0, name="w")
    x = tk.constant(3.0)
    with tk.GradientTape(persistent=True) as tape:
        y = w * x
    return tape, y, w, x


def events_unchanged(tape, call):
    """Run ``call`` (which must raise) and check it did not touch the tape's events."""
    before = json.dumps(tape.events)
    with pytest.raises(Exception) as info:
        call()
    assert json.dumps(tape.events) == before, "a failed TapePlayer(...) changed the tape"
    return info


def test_target_without_sources(recorded):
    tape, y, w, _ = recorded
    info = events_unchanged(tape, lambda: TapePlayer(tape, target=y))
    assert info.type is TypeError
    text = str(info.value)
    assert "also needs sources=" in text and "\n  Hint: TapePlayer(tape, target=y, sources=[w, b])" in text
    assert "type_value" not in text
    assert TapePlayer(tape, target=y, sources=tape.watched_variables()).gradients[0].numpy() == 3.0


@pytest.mark.parametrize("engine, error", [("neato", ValueError), ("", ValueError), ("DOT", ValueError),
                                           (2, TypeError), (["dot"], TypeError)])
def test_unknown_engine(recorded, engine, error):
    tape, y, w, _ = recorded
    info = events_unchanged(tape, lambda: TapePlayer(tape, target=y, sources=[w], engine=engine))
    assert info.type is error and "Hint:" in str(info.value)


@pytest.mark.parametrize("fps, error", [(math.nan, ValueError), (-1, ValueError), (0, ValueError), (0.0, ValueError),
                                        (math.inf, ValueError), (-math.inf, ValueError), ("fast", TypeError),
                                        ("2", TypeError), (None, TypeError), (True, TypeError), ([2], TypeError),
                                        (np.float32("nan"), ValueError)])
def test_bad_fps(recorded, fps, error):
    tape, y, w, _ = recorded
    info = events_unchanged(tape, lambda: TapePlayer(tape, target=y, sources=[w], fps=fps))
    assert info.type is error
    assert "fps must be" in str(info.value) and "\n  Hint: e.g. fps=2" in str(info.value)


@pytest.mark.parametrize("fps", [0.5, 2, 60, np.float64(3.0), np.int32(4)])
def test_good_fps(recorded, fps):
    tape, y, w, _ = recorded
    player = TapePlayer(tape, target=y, sources=[w], fps=fps)
    assert player.fps == float(fps) and type(player.fps) is float


def test_fps_set_later_is_checked_too_and_zero_means_max(recorded):
    tape, y, w, _ = recorded
    player = TapePlayer(tape, target=y, sources=[w])
    player.fps = 0  # what the speed menu sends for "max"
    assert player.fps == 0.0
    for bad in (math.nan, -2, math.inf):
        with pytest.raises(ValueError, match="fps must be a finite number above 0"):
            player.fps = bad
    assert player.fps == 0.0


@pytest.mark.parametrize("tape", ["tape", object(), None.__class__, 3])
def test_not_a_tape(recorded, tape):
    _, y, w, _ = recorded
    with pytest.raises(TypeError, match="TapePlayer needs a tk.GradientTape, not"):
        TapePlayer(tape, target=y, sources=[w])


def test_spent_non_persistent_tape_keeps_the_tapes_message_and_says_what_to_do():
    w = tk.Variable(2.0, name="w")
    with tk.GradientTape() as tape:
        y = w * w
    assert tape.gradient(y, w).numpy() == 4.0
    with pytest.raises(RuntimeError) as info:
        TapePlayer(tape, target=y, sources=[w])
    text = str(info.value)
    assert text.startswith("A non-persistent GradientTape can only be used to compute one set of gradients")
    assert "\n  Hint:" in text and "TapePlayer(tape)" in text
    player = TapePlayer(tape)  # the call it already made is what the player shows
    assert player.summary().splitlines()[-1].startswith("gradient wrt w: 4.")


def test_target_not_on_the_tape_shows_why_the_gradient_is_none(recorded):
    tape, _, w, _ = recorded
    outside = tk.constant(1.0) * 2.0
    player = TapePlayer(tape, target=outside, sources=[w])
    assert player.gradients == [None]
    assert "gradient wrt w: None (not_connected)" in player.summary()


@pytest.mark.parametrize("sources, where", [(["w"], "sources (item 0) is str 'w'"),
                                           ([np.array(2.0)], "sources (item 0) is ndarray"),
                                           (2.0, "sources is float 2.0"), ([None], "sources (item 0) is NoneType"),
                                           ({"a": 1}, "sources (item 0) is int 1")])
def test_sources_that_are_not_tensors(recorded, sources, where):
    tape, y, _, _ = recorded
    info = events_unchanged(tape, lambda: TapePlayer(tape, target=y, sources=sources))
    assert info.type is TypeError
    assert str(info.value).startswith(f"TapePlayer: {where}") and "not a tk.Tensor or tk.Variable" in str(info.value)
    assert "\n  Hint: sources are what to differentiate" in str(info.value)


@pytest.mark.parametrize("target", [3.0, "y", np.ones(2), [1.0]])
def test_targets_that_are_not_tensors(recorded, target):
    tape, _, w, _ = recorded
    info = events_unchanged(tape, lambda: TapePlayer(tape, target=target, sources=[w]))
    assert info.type is TypeError and "\n  Hint: target is the value computed inside the tape" in str(info.value)


def test_an_empty_tape_plays_its_one_frame():
    with tk.GradientTape() as tape:
        pass
    player = TapePlayer(tape)
    assert player.n_frames == 1 and player.graph["nodes"] == []
    bundle = player._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert bundle["text/plain"].startswith("TapePlayer: 1 frames")


@pytest.mark.parametrize("key, hint", [("targt", "did you mean target=?"), ("source", "did you mean sources=?"),
                                       ("speed", "the options are"), ("svg", "the options are"),
                                       ("_esm", "the options are")])
def test_unknown_keywords_raise(recorded, key, hint):
    tape, y, w, _ = recorded
    kwargs = {"target": y, "sources": [w]}
    kwargs.pop({"targt": "target", "source": "sources"}.get(key, ""), None)
    kwargs[key] = y
    info = events_unchanged(tape, lambda: TapePlayer(tape, **kwargs))
    assert info.type is TypeError
    assert f"TapePlayer() got an unexpected keyword argument {key!r}" in str(info.value) and hint in str(info.value)


def test_widget_keywords_still_pass(recorded):
    tape, y, w, _ = recorded
    player = TapePlayer(tape, target=y, sources=[w], tooltip="the tape")
    assert player.tooltip == "the tape"


def test_other_bad_arguments(recorded):
    tape, y, w, _ = recorded
    with pytest.raises(TypeError, match="title must be a string"):
        TapePlayer(tape, target=y, sources=[w], title=3)
    with pytest.raises(TypeError, match="a tape or events=, not both"):
        TapePlayer(tape, events=diamond_events())
    with pytest.raises(TypeError, match="explanations must be a dict"):
        TapePlayer(tape, target=y, sources=[w], explanations=["x"])
    with pytest.raises(TypeError, match="output_gradients= only applies with target="):
        TapePlayer(tape, sources=[w], output_gradients=tk.constant(1.0))
    with pytest.raises(TypeError, match="TapePlayer needs a tape"):
        TapePlayer()


@pytest.mark.parametrize("events, error, match", [
    ("not events", TypeError, "events must be a list of event dicts"),
    ({"kind": "op"}, TypeError, "events must be a list"),
    (3, TypeError, "events must be a list"),
    (["op"], TypeError, r"events\[0\] must be a dict"),
    ([{"phase": "forward", "kind": "op", "inputs": [], "outputs": ["t1"]}], ValueError,
     r"events\[0\] \(kind 'op'\) has no 'op'"),
    ([{"phase": "forward", "kind": "watch", "tensor": 7}], TypeError,
     "'tensor' must be an id string such as 't0' or 'op3', not int 7"),
    ([{"phase": "forward", "kind": "op", "op": "op0", "type": "Mul", "inputs": "t0", "outputs": []}], TypeError,
     "'inputs' must be a list of id strings"),
    ([{"phase": "forward", "kind": "op", "op": "op0", "inputs": [], "outputs": []}], ValueError, "has no 'type'"),
    ([{"phase": "forward", "kind": ["op"]}], TypeError, "'kind' and 'phase' must be strings"),
    ([{"phase": "backward", "kind": "backward_end", "results": None}], TypeError, "'results' must be a list"),
])
def test_bad_event_lists(events, error, match):
    with pytest.raises(error, match=match):
        TapePlayer.from_events(events)


@pytest.mark.parametrize("bad", [None, 3, "x", [], {}, [None], [3], 1.5, True])
def test_any_malformed_event_gets_a_clear_error_never_an_internal_traceback(bad):
    """Every key of every event of a real program replaced by ``bad``: a player, or an error with a hint."""
    base = diamond_events()
    for index, event in enumerate(base):
        for key in event:
            events = json.loads(json.dumps(base))
            events[index][key] = bad
            try:
                TapePlayer.from_events(events, engine="wasm" if graphviz_run.wasm_missing() is None else None)
            except (TypeError, ValueError) as exc:
                assert "\n  Hint:" in str(exc) or str(exc).startswith("events["), (index, key, bad, exc)


def test_from_events_does_not_change_the_events_it_is_given():
    events = diamond_events()
    before = json.dumps(events)
    TapePlayer.from_events(events)
    assert json.dumps(events) == before


def test_value_previews_given_as_numbers_are_shown_as_text():
    events = diamond_events()
    events[0]["value"] = 3.0
    player = TapePlayer.from_events(events)
    assert player.graph["nodes"][0]["value"] == "3.0"


def test_events_from_a_generator_and_unknown_kinds_are_fine():
    events = diamond_events() + [{"seq": 99, "phase": "forward", "kind": "something_new"}]
    player = TapePlayer.from_events(e for e in events)
    assert player.n_frames == TapePlayer.from_events(diamond_events()).n_frames


def test_graphviz_failure_is_a_layout_error_with_graphvizs_text(recorded, monkeypatch, tmp_path):
    from tapekit.widgets import layout

    tape, y, w, _ = recorded
    fake = tmp_path / "dot"
    fake.write_text("#!/bin/sh\necho 'Error: out of memory in a fake dot' >&2\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setattr(layout, "find_dot", lambda: str(fake))
    with pytest.raises(graphviz_run.LayoutError) as info:
        TapePlayer(tape, target=y, sources=[w], engine="dot")
    assert isinstance(info.value, RuntimeError)
    assert "Graphviz 'dot' failed (exit status 3):\nError: out of memory in a fake dot" in str(info.value)
    assert "CalledProcessError" not in str(info.value)
