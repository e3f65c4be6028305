"""The question mode's front end (issue 24, docs/PLAYER.md "Questions") in Chromium, on a bare page
with a hand-made state: the player's graph plus a ``questions`` list written as the contract says
(the Python side that makes it, ``Ask``, is player-py's). Playing stops before the question's
frame; a wrong shape, wrong values, a syntax error and wrong choices are each told; the right
answer is accepted; "Show answer" reveals only on click; ``answers`` holds what was given, whether
it was right and the tries; "Continue" plays on. The expected answers are the tape's gradients.
"""

from __future__ import annotations

import pytest
from kernelfree import shot
from player_page import open_data, player_data

import tapekit as tk

pytestmark = pytest.mark.slow


def broadcast_player():
    """A bias broadcast over a batch of 4, and a constant passed as a source (its gradient is None)."""
    from tapekit.widgets import TapePlayer

    x = tk.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 1.0, 1.0]])
    w = tk.Variable([0.5, -1.0, 2.0], name="w")
    b = tk.Variable([0.0, 0.1, 0.2], name="b")
    c = tk.constant(2.0)
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(x * w + b) * c
    return TapePlayer(tape, target=loss, sources=[w, b, c], title="questions")


def with_questions(player) -> dict:
    data = player_data(player)
    graph = data["graph"]
    b_id = next(n["id"] for n in graph["nodes"] if n.get("name") == "b")
    frames = player.model_data.frames
    arrives = next(k for k, f in enumerate(frames)
                   if f["phase"] == "backward" and f["set"].get(b_id, {}).get("g") in ("grad", "acc"))
    grad_b = player.gradients[1].numpy().tolist()
    graph["questions"] = [
        {"id": "q1", "kind": "gradient", "frame": arrives, "prompt": "What gradient reaches b?", "node": b_id,
         "answer": {"value": grad_b, "shape": [3], "rtol": 1e-5, "atol": 1e-6}},
        {"id": "q2", "kind": "none_sources", "frame": len(frames) - 1, "node": None,
         "prompt": "Which sources end with a None gradient?", "choices": ["w", "b", "c"], "answer": {"none": ["c"]}},
    ]
    return data


def result(page):
    return page.inner_text(".tkp-ask-result")


def check(page, text):
    page.fill(".tkp-ask-input", text)
    page.click(".tkp-ask-check")
    return result(page)


def test_questions_stop_playback_check_answers_and_play_on(browser):
    player = broadcast_player()
    data = with_questions(player)
    q1, q2 = data["graph"]["questions"]
    page = open_data(browser, data, width=1280)
    try:
        assert page.locator(".tkp-mk.mk-question").count() == 2
        page.select_option(".tkp-speed", "60")
        page.click(".tkp-btn[data-act=play]")
        page.wait_for_selector(".tkp-ask:not([hidden])", timeout=20_000)
        root = page.locator(".tkp-root")
        assert root.get_attribute("data-asking") == "q1" and root.get_attribute("data-playing") == "0"
        assert int(root.get_attribute("data-frame")) == q1["frame"] - 1
        assert page.inner_text(".tkp-ask-prompt") == "What gradient reaches b?"
        page.click(".tkp-btn[data-act=forward]")                 # stepping cannot pass it either
        assert int(root.get_attribute("data-frame")) == q1["frame"] - 1
        assert "shape (4, 3), expected (3,)" in check(page, "[[4, 4, 4], [4, 4, 4], [4, 4, 4], [4, 4, 4]]")
        assert "1 of 3 values are off" in check(page, "[8, 8, 9]")
        assert "nested list" in check(page, "[8, 8")
        assert not page.locator(".tkp-ask-answer").is_visible()      # revealed only on click
        assert check(page, "[8 8 8.00000001]") == "Right."
        assert "right" in page.get_attribute(".tkp-ask-result", "class")
        answers = page.evaluate("window.tkpData.answers")
        # three tries: the wrong shape, the wrong values and the right answer (a syntax error is none)
        assert answers["q1"] == {"given": "[8 8 8.00000001]", "correct": True, "tries": 3}
        page.click(".tkp-ask-show")
        assert page.inner_text(".tkp-ask-answer") == "Answer: [8, 8, 8]"
        shot(page, "questions-q1-right.png", root)
        page.click(".tkp-ask-continue")
        page.wait_for_selector(".tkp-root[data-asking='q2']", timeout=20_000)
        assert int(root.get_attribute("data-frame")) == q2["frame"] - 1
        boxes = page.locator(".tkp-ask-choice input")
        assert boxes.count() == 3
        boxes.nth(0).check()                                         # w: wrong
        page.click(".tkp-ask-check")
        assert result(page) == "Not yet: wrong: w."
        boxes.nth(0).uncheck()
        page.click(".tkp-ask-check")
        assert result(page) == "Not yet: some are missing."      # says a pick is missing, not which
        boxes.nth(2).check()
        page.click(".tkp-ask-check")
        assert result(page) == "Right."
        shot(page, "questions-q2-right.png", root)
        answers = page.evaluate("window.tkpData.answers")
        assert answers["q2"] == {"given": ["c"], "correct": True, "tries": 3} and answers["q1"]["correct"]
        page.click(".tkp-ask-continue")
        assert int(root.get_attribute("data-frame")) == len(data["frames"]) - 1
        assert not page.locator(".tkp-ask").is_visible()
        assert not page.errors, page.errors
    finally:
        page.close()


def test_a_wrong_answer_is_recorded_as_wrong(browser):
    data = with_questions(broadcast_player())
    page = open_data(browser, data, width=1280)
    try:
        page.evaluate("(i) => { const s = document.querySelector('.tkp-slider'); s.value = String(i);"
                      " s.dispatchEvent(new Event('input')); }", len(data["frames"]) - 1)    # a seek stops too
        assert page.get_attribute(".tkp-root", "data-asking") == "q1"
        assert "1 of 3 values are off" in check(page, "[8, 8, 7]")
        assert page.evaluate("window.tkpData.answers") == {"q1": {"given": "[8, 8, 7]", "correct": False, "tries": 1}}
        shot(page, "questions-q1-wrong.png", page.locator(".tkp-root"))
    finally:
        page.close()
