"""The question mode's Python side: Ask, the questions in the player's graph, checked against the tape."""

import numpy as np
import pytest

import tapekit as tk

pytest.importorskip("anywidget")
from tapekit.widgets import Ask, TapePlayer  # noqa: E402

X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]], np.float32)
W = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
B = np.array([0.1, 0.2, 0.3], np.float32)


def loss_of(w, b, c=1.0):
    h = X.astype(np.float64) @ w + b
    return float(np.sum(h * h) * c)


def numeric_gradient(f, at, eps=1e-4):
    at = np.asarray(at, np.float64)
    grad = np.zeros_like(at)
    for k in np.ndindex(at.shape):
        step = np.zeros_like(at)
        step[k] = eps
        grad[k] = (f(at + step) - f(at - step)) / (2 * eps)
    return grad


def program():
    w = tk.Variable(W, name="w")
    b = tk.Variable(B, name="b")
    c = tk.Variable(1.0, name="c", trainable=False)
    x = tk.constant(X)
    with tk.GradientTape() as tape:
        h = x @ w + b
        y = h * h
        loss = tk.reduce_sum(y) * c
    return tape, loss, w, b, c, h


def questions_by_kind(player):
    return {(q["kind"], q["node"]): q for q in player.graph["questions"]}


def state_of(player, node, frame):
    return player.model_data.state_at(frame)[node]


def test_gradient_questions_stop_before_the_complete_gradient_with_exact_answers():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w, b], ask=[Ask.gradient(w), Ask.gradient(h)])
    q_w, q_h = player.graph["questions"]
    assert (q_w["id"], q_h["id"]) == ("q1", "q2") and q_w["kind"] == q_h["kind"] == "gradient"
    np.testing.assert_allclose(q_w["answer"]["value"], numeric_gradient(lambda v: loss_of(v, B), W), rtol=1e-4)
    assert q_w["answer"]["shape"] == [2, 3] and q_w["answer"]["rtol"] > 0 and q_w["answer"]["atol"] > 0
    h_value = X @ W + B
    np.testing.assert_allclose(q_h["answer"]["value"],
                               numeric_gradient(lambda v: float(np.sum(v * v)), h_value), rtol=1e-4)
    for q in (q_w, q_h):
        before, at = state_of(player, q["node"], q["frame"] - 1), state_of(player, q["node"], q["frame"])
        assert at["g"] in ("grad", "acc") and at.get("p") is None     # the whole gradient is shown here
        assert before["g"] == "wait" or before.get("p")               # and not before
    # h gets two parts (y = h * h): the question is asked before the frame that adds them up
    assert "2 of 2" in player.model_data.frames[q_h["frame"]]["caption"]


def test_the_extra_asked_tensor_is_not_a_source_of_the_shown_call():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources={"w": w, "b": b}, ask=Ask.gradient(h))
    assert [r["name"] for r in player.graph["results"]] == ["b", "w"]
    assert sorted(player.gradients) == ["b", "w"]
    np.testing.assert_allclose(player.gradients["b"].numpy(), numeric_gradient(lambda v: loss_of(W, v), B),
                               rtol=1e-4)


def test_a_node_named_by_its_label_or_variable_name():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w, b], ask=[Ask.gradient("w"), Ask.gradient("h")])
    q_w, q_h = player.graph["questions"]
    assert player.model_data.node(q_w["node"])["label"] == "w"
    assert player.model_data.node(q_h["node"])["label"] == "h"
    assert q_h["answer"]["shape"] == [4, 3]


def test_the_target_is_asked_before_the_backward_pass_starts():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w], ask=Ask.gradient(loss))
    (q,) = player.graph["questions"]
    assert q["answer"]["value"] == 1.0 and q["answer"]["shape"] == []
    assert player.model_data.frames[q["frame"]]["phase"] == "backward"
    assert player.model_data.frames[q["frame"] - 1]["phase"] == "forward"


def test_broadcast_sum_question():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w, b], ask=Ask.broadcast_sum(b))
    (q,) = player.graph["questions"]
    assert "summed over axis 0" in player.model_data.frames[q["frame"]]["caption"]
    np.testing.assert_allclose(q["answer"]["value"], numeric_gradient(lambda v: loss_of(W, v), B), rtol=1e-4)
    assert q["answer"]["shape"] == [3]


def test_none_sources_question():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w, b, c], ask=Ask.none_sources())
    (q,) = player.graph["questions"]
    assert q["choices"] == ["w", "b", "c"] and q["answer"] == {"none": ["c"]} and q["node"] is None
    assert q["frame"] == len(player.frames) - 1
    assert q["prompt"]


def test_questions_are_plain_json_and_default_empty():
    import json

    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w, b], ask=[Ask.gradient(b), Ask.none_sources()])
    assert json.loads(json.dumps(player.graph["questions"])) == player.graph["questions"]
    tape, loss, w, b, c, h = program()
    assert TapePlayer(tape, target=loss, sources=[w]).graph["questions"] == []


def test_answers_from_the_front_end_are_readable():
    tape, loss, w, b, c, h = program()
    player = TapePlayer(tape, target=loss, sources=[w, b], ask=Ask.gradient(b))
    assert player.answers == {}
    given = {"q1": {"given": [1, 2, 3], "correct": False, "tries": 1}}
    player.comm.handle_msg({"content": {"data": {"method": "update", "state": {"answers": given},
                                                 "buffer_paths": []}}, "buffers": []})
    assert player.answers == given
    player.close()


@pytest.mark.parametrize("make, match", [
    (lambda t: Ask.gradient(tk.constant(5.0)), "not on the tape"),
    (lambda t: Ask.gradient("nothing_here"), "'nothing_here' is not on the tape"),
    (lambda t: Ask.gradient(t["c"]), "no gradient ever reaches c"),
    (lambda t: Ask.broadcast_sum(t["w"]), "w was not broadcast"),
])
def test_a_question_the_tape_cannot_answer_raises_value_error_naming_the_node(make, match):
    tape, loss, w, b, c, h = program()
    with pytest.raises(ValueError, match=match):
        TapePlayer(tape, target=loss, sources=[w, b, c], ask=make({"w": w, "c": c}))


def test_a_too_large_answer_is_refused():
    w = tk.Variable(np.ones((20, 20), np.float32), name="big")
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(w * w)
    with pytest.raises(ValueError, match=r"big has shape \(20, 20\), 400 numbers"):
        TapePlayer(tape, target=loss, sources=[w], ask=Ask.gradient(w))


@pytest.mark.parametrize("node", [3, None, "", [1.0]])
def test_ask_takes_a_tensor_variable_or_label(node):
    with pytest.raises(TypeError, match="Ask.gradient: the node must be"):
        Ask.gradient(node)


def test_ask_must_be_questions_and_needs_a_target():
    tape, loss, w, b, c, h = program()
    with pytest.raises(TypeError, match=r"ask \(item 0\) is str"):
        TapePlayer(tape, target=loss, sources=[w], ask=["w"])
    with pytest.raises(TypeError, match="needs target= and sources="):
        TapePlayer(tape, ask=Ask.none_sources())
    with pytest.raises(TypeError, match="did you mean ask="):
        TapePlayer(tape, target=loss, sources=[w], asks=[])


def test_prompts_follow_the_language():
    tk.config.set_language("zh-CN")
    try:
        tape, loss, w, b, c, h = program()
        player = TapePlayer(tape, target=loss, sources=[w, b], ask=[Ask.gradient(w), Ask.none_sources(),
                                                                     Ask.broadcast_sum(b)])
    finally:
        tk.config.set_language("en")
    for q in player.graph["questions"]:
        assert not q["prompt"].isascii(), q["prompt"]
