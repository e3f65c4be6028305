"""Checks of "predict what the player shows" exercises: a prediction typed in the notebook, or given in the player.

The student answers either in a variable (a number, a list, a tensor) or in the player's question
mode (``TapePlayer(..., ask=...)``); the check then gets the player and reads ``player.answers``.
Both go through the same comparison, which names the wrong items, never their values.
"""

from __future__ import annotations

import ast
import json
import re

import numpy as np

from .._base.i18n import _
from ._check import Feedback, hint, kind_of, not_done, values_of


def _parse_typed(text: str):
    """What the student typed in the player ("[1, 2]", "[[1 2] [3 4]]", "3") as numbers, or None."""
    spaced = re.sub(r"(\d)\s+(?=[-\d.])", r"\1, ", re.sub(r"\s+", " ", text.strip()))
    for parse in (json.loads, ast.literal_eval):
        try:
            return np.asarray(parse(spaced), dtype=np.float64)
        except (ValueError, SyntaxError, TypeError):
            continue
    return None


def player_prediction(player, kind: str):
    """The last prediction given in ``player`` for its first question of ``kind``: ``(given, None)``,
    or ``(None, verdict)`` when the player asks no such question or it is not answered yet."""
    questions = [q for q in player.graph.get("questions", []) if q["kind"] == kind]
    if not questions:
        return None, hint("no_question", _("this player asks no such question: make it with the ask= of the cell "
                                           "above."))
    answer = player.answers.get(questions[0]["id"])
    if not answer:
        return None, not_done()
    return answer["given"], None


def is_player(answer) -> bool:
    return hasattr(answer, "answers") and hasattr(answer, "graph")


def prediction_values(answer, kind: str = "gradient"):
    """The prediction as a float64 array: ``(values, None)``, or ``(None, verdict)`` when it cannot be read."""
    if is_player(answer):
        answer, verdict = player_prediction(answer, kind)
        if verdict is not None:
            return None, verdict
        values = _parse_typed(str(answer))
    else:
        values = values_of(answer)
    if values is None or values.dtype.kind not in "biuf":
        return None, hint("not_numbers", _("the prediction is a {kind}; write numbers: one number, or a list such "
                                           "as [1.0, 2.0].").format(kind=kind_of(answer)))
    return values.astype(np.float64), None


def wrong_items(got: np.ndarray, expected: np.ndarray, name: str) -> list[str]:
    """The items of ``got`` that differ from ``expected`` (same shape), written as ``name[i]`` or ``name[i, j]``."""
    off = ~np.isclose(got, expected, rtol=1e-5, atol=1e-6)
    if expected.ndim == 0:
        return [name] if bool(off) else []
    return [f"{name}[{', '.join(str(int(k)) for k in index)}]" for index in zip(*np.nonzero(off))]


def wrong_items_hint(items: list[str], idea: str, closer: str) -> Feedback:
    """The verdict for a prediction of the right shape with wrong items: which ones, then the idea, then closer."""
    told = _("these items are not right: {items}.").format(items=", ".join(items))
    return hint("values", f"{told} {idea}", f"{told} {closer}")
