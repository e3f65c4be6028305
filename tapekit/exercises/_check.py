"""Shared helpers for the lesson exercises: feedback objects and answer inspection."""

from __future__ import annotations

import functools

import numpy as np

import tapekit as tk


class Feedback:
    """The verdict of a check: ``ok``, a short ``code`` naming the case, and a message for the student.

    A notebook shows it as one line; ``bool(feedback)`` is ``ok``.
    """

    __slots__ = ("ok", "code", "message")

    def __init__(self, ok: bool, code: str, message: str):
        self.ok = ok
        self.code = code
        self.message = message

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        if self.code == NOT_DONE:
            return "Not done yet: " + self.message
        return ("Correct! " if self.ok else "Not yet. Hint: ") + self.message

    __str__ = __repr__


NOT_DONE = "not_done"
NOT_DONE_MESSAGE = ("this exercise is waiting for your answer. Write it in the cell above, where it says "
                    "YOUR ANSWER, run that cell, then run this one again.")


def not_done() -> Feedback:
    """The verdict while the student edition's stub (``...`` or ``raise NotImplementedError``) is in place."""
    return Feedback(False, NOT_DONE, NOT_DONE_MESSAGE)


def exercise(check):
    """Decorate a check: an answer still ``...``, or code still raising NotImplementedError, is "not done yet"."""

    @functools.wraps(check)
    def checked(*args, **kwargs):
        if any(value is Ellipsis for value in (*args, *kwargs.values())):
            return not_done()
        try:
            return check(*args, **kwargs)
        except NotImplementedError:
            return not_done()

    return checked


def correct(message: str = "Well done.") -> Feedback:
    """A passing verdict."""
    return Feedback(True, "correct", message)


def hint(code: str, message: str) -> Feedback:
    """A failing verdict with a specific hint."""
    return Feedback(False, code, message)


def kind_of(answer) -> str:
    """'Variable', 'Tensor', 'ndarray', 'None' or the Python type name of ``answer``."""
    if answer is None:
        return "None"
    if isinstance(answer, tk.Variable):
        return "Variable"
    if isinstance(answer, tk.Tensor):
        return "Tensor"
    if isinstance(answer, np.ndarray):
        return "ndarray"
    return type(answer).__name__


def values_of(answer):
    """The answer's values as a NumPy array, or None when it cannot be read as numbers."""
    if answer is None:
        return None
    try:
        if hasattr(answer, "numpy"):
            return np.asarray(answer.numpy())
        return np.asarray(answer)
    except Exception:
        return None


def dtype_name(answer) -> str | None:
    """The tapekit dtype name of a Tensor or Variable (``'float32'``), else None."""
    dtype = getattr(answer, "dtype", None)
    return getattr(dtype, "name", None)


def same_values(got, expected, rtol: float = 1e-5, atol: float = 1e-6) -> bool:
    """True when ``got`` has ``expected``'s shape and values (within a float tolerance)."""
    got = values_of(got)
    expected = np.asarray(expected)
    if got is None or got.shape != expected.shape:
        return False
    if got.dtype.kind not in "biufc":
        return False
    return bool(np.allclose(got.astype(np.float64), expected.astype(np.float64), rtol=rtol, atol=atol))


def shape_of(answer) -> tuple | None:
    """The answer's shape as a tuple of ints, or None."""
    values = values_of(answer)
    return None if values is None else tuple(values.shape)


def call_safely(fn, *args):
    """Run ``fn(*args)``; return ``(result, None)`` or ``(None, exception)``."""
    try:
        return fn(*args), None
    except Exception as exc:  # the student's code may fail in any way; the check reports it
        return None, exc


def crashed(exc: Exception, what: str) -> Feedback:
    """A verdict for an answer function that raised (the student edition's stub raises NotImplementedError)."""
    if isinstance(exc, NotImplementedError):
        return not_done()
    first_line = str(exc).splitlines()[0] if str(exc) else ""
    return hint("raised", f"{what} raised {type(exc).__name__}: {first_line}")


def none_gradient_error(exc: Exception | None) -> bool:
    """True when ``exc`` comes from differentiating or computing with a None gradient."""
    return exc is not None and isinstance(exc, (TypeError, ValueError)) and "None" in str(exc)
