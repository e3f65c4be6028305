"""Where in the user's code: the one service that walks the stack past tapekit's own frames.

A frame is tapekit's own when its file lies under this package's folder (compared with
``os.path``, so it holds on every platform), or in ``contextlib`` (``with tape.stop_recording():``
runs tapekit through it). Callers that know how deep they sit pass ``depth`` to walk less.

``sys._getframe`` is CPython's documented way to walk the stack cheaply (``inspect.stack`` builds
a FrameInfo, with source lines, per frame): the one place tapekit reads frames.
"""

from __future__ import annotations

import contextlib
import os
import sys

import numpy as np

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_getframe = sys._getframe  # noqa: SLF001  (the stack walk: module docstring)
_PACKAGE_PREFIX = PACKAGE_DIR + os.sep
_CONTEXTLIB_FILE = contextlib.__file__
_NUMPY_PREFIX = os.path.dirname(os.path.abspath(np.__file__)) + os.sep

_INTERNAL_FILES: set = {_CONTEXTLIB_FILE}   # files known to be tapekit's (a set test is cheaper than startswith)
_SITE_GUESS: dict = {}   # op type -> (depth of the user's frame last time, its code, its sites)
_OTHER_GUESSES: dict = {}   # op type -> the guesses before it (most recent first)
_MAX_OTHER_GUESSES = 3


def is_internal(filename: str) -> bool:
    """Whether code in ``filename`` is tapekit's own (or contextlib's), not the user's."""
    if filename in _INTERNAL_FILES:
        return True
    if filename.startswith(_PACKAGE_PREFIX):
        _INTERNAL_FILES.add(filename)
        return True
    return False


def user_frame(depth: int = 2, skip_numpy: bool = False):
    """The innermost frame outside tapekit (and NumPy, with ``skip_numpy``: NumPy calling
    ``__array__``). ``depth`` frames, counted from this function, are skipped unexamined."""
    frame = _getframe(depth)
    while frame is not None:
        name = frame.f_code.co_filename
        if not (is_internal(name) or (skip_numpy and name.startswith(_NUMPY_PREFIX))):
            return frame
        frame = frame.f_back
    return None


def user_location(depth: int = 3, skip_numpy: bool = False):
    """``(filename, line)`` of the user's code now, or None (``depth`` as for ``user_frame``)."""
    frame = user_frame(depth, skip_numpy)
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def user_site(key=None, depth: int = 3):
    """Where the user's code ran an op, cheaply: ``(code, instruction offset)`` or ``()``.

    Code object and offset only: no line number (``tapekit.sites`` computes it when asked) and
    no locals. What costs is making frame objects for tapekit's own short-lived frames, so the
    frame that was the user's last time for the op type ``key`` is looked up directly and taken
    when it runs the same code; then the few other depths it was found at for ``key`` (a variable
    is read through ``x @ w`` and ``h + b`` at different depths); only otherwise are the frames
    walked (docs/EVENTS.md "Cost").
    """
    guess = _SITE_GUESS.get(key)
    if guess is not None:   # the last guess, inline (once per recorded op); _site_at does the same
        guessed_depth, code, sites = guess
        try:
            frame = _getframe(guessed_depth)
        except ValueError:   # the stack is shallower now
            frame = None
        if frame is not None and frame.f_code is code:
            # one tuple per (code, offset): a loop records the same site many times
            offset = frame.f_lasti
            site = sites.get(offset)
            if site is None:
                site = sites[offset] = (code, offset)
            return site
        for other in _OTHER_GUESSES.get(key, ()):
            site = _site_at(other)
            if site is not None:
                return site
    frame, found = _getframe(depth), depth
    while frame is not None:
        if not is_internal(frame.f_code.co_filename):
            if guess is not None:   # keep the last few other depths too
                others = _OTHER_GUESSES.setdefault(key, [])
                others.insert(0, guess)
                del others[_MAX_OTHER_GUESSES:]
            _SITE_GUESS[key] = (found, frame.f_code, {})
            return (frame.f_code, frame.f_lasti)
        frame, found = frame.f_back, found + 1
    return ()


def _site_at(guess):
    """The site of the frame ``guess`` expects (depth counted from ``user_site``), if that frame
    runs the guessed code; else None."""
    guessed_depth, code, sites = guess
    try:
        frame = _getframe(guessed_depth + 1)   # one frame deeper here than in user_site
    except ValueError:
        return None
    if frame.f_code is not code:
        return None
    offset = frame.f_lasti
    site = sites.get(offset)
    if site is None:
        site = sites[offset] = (code, offset)
    return site


def site_location(site):
    """``(filename, line)`` of a ``user_site`` site, the frame's ``f_lineno`` then (None for ``()``)."""
    if not site:
        return None
    code, offset = site
    for start, end, line in code.co_lines():
        if start <= offset < end and line is not None:
            return code.co_filename, line
    return code.co_filename, code.co_firstlineno


def caller_text(depth: int = 2) -> str:
    """``"function file:line"`` of the frame ``depth`` levels up, counted from this function."""
    frame = _getframe(depth)
    return f"{frame.f_code.co_name} {frame.f_code.co_filename}:{frame.f_lineno}"
