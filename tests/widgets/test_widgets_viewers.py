"""What a player shows where it cannot play: the static picture of its key frame, as an output of its
own before the player's, and which frame that is (key_frame=)."""

import numpy as np
import pytest

import tapekit as tk

pytest.importorskip("anywidget")
import IPython.display  # noqa: E402

from tapekit.widgets import Ask, TapePlayer  # noqa: E402
from tapekit.widgets.static import FALLBACK_CSS  # noqa: E402

VIEW = "application/vnd.jupyter.widget-view+json"


def broadcast_program():
    """Lesson 03's shape: a bias broadcast over a batch."""
    w = tk.Variable(np.ones((2, 3), np.float32), name="w")
    b = tk.Variable(np.zeros(3, np.float32), name="b")
    x = tk.constant(np.arange(8, dtype=np.float32).reshape(4, 2))
    with tk.GradientTape(persistent=True) as tape:
        y = x @ w + b
        loss = tk.reduce_sum(y)
    return tape, loss, [w, b]


def plain_program():
    w = tk.Variable(3.0, name="w")
    with tk.GradientTape() as tape:
        y = w * w
    return tape, y, [w]


def displayed(player, monkeypatch) -> list:
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False, **kw: shown.append(data))
    player._ipython_display_()
    return shown


def test_display_is_the_static_picture_then_the_player(monkeypatch):
    player = TapePlayer(*plain_program())
    picture, view = displayed(player, monkeypatch)
    assert set(picture) == {"text/html", "text/plain"} and "tkp-fallback" in picture["text/html"]
    assert "<img class='tkp-picture'" in picture["text/html"] and FALLBACK_CSS in picture["text/html"]
    # the player's output has no HTML: an untrusted notebook would show the picture twice
    assert set(view) == {VIEW, "text/plain"} and view[VIEW]["model_id"] == player.model_id
    assert "jupyter trust" in view["text/plain"]
    player.close()


def test_repr_mimebundle_keeps_one_bundle_with_the_picture():
    player = TapePlayer(*plain_program())
    bundle = player._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert VIEW in bundle and "tkp-picture" in bundle["text/html"] and "tkp-fallback" not in bundle["text/html"]
    player.close()


def test_key_frame_default_is_the_broadcast_sum():
    tape, loss, sources = broadcast_program()
    player = TapePlayer(tape, target=loss, sources=sources)
    key = player.key_frame
    assert player.graph["key_frame"] == key < len(player.frames) - 1
    assert "summed over axis 0" in player.model_data.frames[key]["caption"]
    assert player.model_data.frames[key]["caption"] in player.static_html()


def test_key_frame_default_without_broadcast_is_the_last_frame():
    player = TapePlayer(*plain_program())
    assert player.key_frame == len(player.frames) - 1
    assert "Done." in player.model_data.frames[player.key_frame]["caption"]


def test_key_frame_with_questions_gives_no_answer_away():
    tape, loss, sources = broadcast_program()
    player = TapePlayer(tape, target=loss, sources=sources, ask=[Ask.gradient(sources[0]), Ask.none_sources()])
    first = min(q["frame"] for q in player.graph["questions"])
    assert player.key_frame == first - 1


@pytest.mark.parametrize("choice, expected", [("last", -1), (-1, -1), (0, 0), (3, 3)])
def test_key_frame_choices(choice, expected):
    tape, loss, sources = broadcast_program()
    player = TapePlayer(tape, target=loss, sources=sources, key_frame=choice)
    assert player.key_frame == expected % len(player.frames)
    caption = player.model_data.frames[player.key_frame]["caption"]
    assert caption.replace("'", "&#x27;") in player.static_html() or caption in player.static_html()


def test_key_frame_broadcast_without_one_and_out_of_range_raise_value_error():
    with pytest.raises(ValueError, match="no backward step of this tape sums a broadcast"):
        TapePlayer(*plain_program(), key_frame="broadcast")
    with pytest.raises(ValueError, match=r"key_frame=99 is out of range: this player has \d+ frames"):
        TapePlayer(*plain_program(), key_frame=99)


@pytest.mark.parametrize("choice", ["first", 1.5, True, None])
def test_key_frame_of_another_type_raises_type_error(choice):
    with pytest.raises(TypeError, match="key_frame must be a frame number or one of"):
        TapePlayer(*plain_program(), key_frame=choice)
