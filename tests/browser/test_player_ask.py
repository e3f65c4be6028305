"""The question mode end to end in Chromium: questions made by ``Ask`` (player-py's Python side)
played by the front end (player-front's): playback stops before each question's frame, a wrong and
a right prediction are told apart, ``answers`` records them. Skipped until the front end's page
helper (``tests/browser/player_page.py``) is there."""

from __future__ import annotations

import pytest
from kernelfree import shot

import tapekit as tk

pytestmark = pytest.mark.slow
player_page = pytest.importorskip("player_page")


def asking_player():
    from tapekit.widgets import Ask, TapePlayer

    x = tk.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 1.0, 1.0]])
    w = tk.Variable([0.5, -1.0, 2.0], name="w")
    b = tk.Variable([0.0, 0.1, 0.2], name="b")
    c = tk.constant(2.0)
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(x * w + b) * c
    return TapePlayer(tape, target=loss, sources=[w, b, c], ask=[Ask.gradient(b), Ask.none_sources()])


def test_questions_made_by_ask_stop_check_and_record(browser):
    player = asking_player()
    data = player_page.player_data(player)
    q1, q2 = data["graph"]["questions"]
    assert q1["answer"]["value"] == [8.0, 8.0, 8.0]         # d(2 * sum(x * w + b)) / db: 2 * 4 rows
    page = player_page.open_data(browser, data, width=1280)
    try:
        root = page.locator(".tkp-root")
        page.select_option(".tkp-speed", "60")
        page.click(".tkp-btn[data-act=play]")
        page.wait_for_selector(".tkp-root[data-asking='q1']", timeout=30_000)
        assert int(root.get_attribute("data-frame")) == q1["frame"] - 1
        assert page.inner_text(".tkp-ask-prompt") == q1["prompt"]
        page.fill(".tkp-ask-input", "[4, 4, 4]")
        page.click(".tkp-ask-check")
        assert "Right" not in page.inner_text(".tkp-ask-result")
        page.fill(".tkp-ask-input", "[8, 8, 8]")
        page.click(".tkp-ask-check")
        assert page.inner_text(".tkp-ask-result") == "Right."
        shot(page, "ask-end-to-end-q1.png", root)
        page.click(".tkp-ask-continue")
        page.wait_for_selector(".tkp-root[data-asking='q2']", timeout=30_000)
        page.locator(".tkp-ask-choice input").nth(2).check()
        page.click(".tkp-ask-check")
        assert page.inner_text(".tkp-ask-result") == "Right."
        answers = page.evaluate("window.tkpData.answers")
        assert answers["q1"] == {"given": "[8, 8, 8]", "correct": True, "tries": 2}
        assert answers["q2"]["correct"] is True
        assert not page.errors, page.errors
    finally:
        page.close()
