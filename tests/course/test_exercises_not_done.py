"""Every check answers an unanswered exercise plainly: the student edition's stubs are 'not done yet'."""

import importlib
import inspect

import pytest

import tapekit as tk
from tapekit.exercises._check import NOT_DONE


CHECKS = [(f"lesson{n:02d}", name) for n in range(1, 11)
          for name, _ in inspect.getmembers(importlib.import_module(f"tapekit.exercises.lesson{n:02d}"),
                                            inspect.isfunction) if name.startswith("check_")]


def stub(*args, **kwargs):
    """What a student edition's function looks like before the student writes it."""
    raise NotImplementedError("exercise not done yet")


class StubModule(tk.Module):
    def __init__(self, *args, **kwargs):
        super().__init__()
        raise NotImplementedError("exercise not done yet")


def test_every_lesson_has_checks():
    assert len({module for module, _ in CHECKS}) == 10 and len(CHECKS) >= 26


@pytest.mark.parametrize("module, name", CHECKS)
def test_an_unanswered_exercise_is_not_done_yet(module, name):
    check = getattr(importlib.import_module(f"tapekit.exercises.{module}"), name)
    extra = [None] * (len(inspect.signature(check).parameters) - 1)
    if name == "check_mini_divide":
        from test_exercises_lesson08 import MiniTape, Value  # the lesson's mini tape

        extra = [MiniTape, Value]
    for answer in (..., stub, StubModule):
        if answer is not ... and name in ("check_grid", "check_shapes", "check_aliasing",
                                          "check_none_prediction", "check_causes",
                                          "check_placement",
                                          "check_broken_loops", "check_bias_sum", "check_none_player",
                                          "check_step_bias", "check_second_derivative",
                                          "check_reverse_prediction"):
            continue  # value answers: the stub is `answer = ...`
        if answer is StubModule and name != "check_affine":
            continue
        feedback = check(answer, *extra)
        assert feedback.code == NOT_DONE, f"{name}({answer!r}): {feedback!r}"
        assert not feedback and repr(feedback).startswith("Not done yet: ")
        assert "YOUR ANSWER" in repr(feedback)
