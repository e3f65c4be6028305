"""Where in the user's code: the one service that walks the stack past tapekit's own frames.

The user's frame is the first one, walking outwards from the caller, whose code is not
tapekit's own: no depth is guessed, so the answer does not depend on the path an op took through
tapekit. Code is tapekit's own when its file lies under this package's folder (compared with
``os.path``, so it holds on every platform), or in ``contextlib`` (``with tape.stop_recording():``
runs tapekit through it); the files found to be tapekit's are kept in a set.

``sys._getframe`` is CPython's documented way to walk the stack cheaply (``inspect.stack`` builds
a FrameInfo, with source lines, per frame): the one place tapekit reads frames.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading

import numpy as np

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # tapekit/, above _base/
_getframe = sys._getframe  # noqa: SLF001  (the stack walk: module docstring)
_PACKAGE_PREFIX = PACKAGE_DIR + os.sep
_CONTEXTLIB_FILE = contextlib.__file__
_NUMPY_PREFIX = os.path.dirname(os.path.abspath(np.__file__)) + os.sep

_VERDICTS: dict = {_CONTEXTLIB_FILE: True}   # file name -> whether it is tapekit's: one dict lookup a
# frame (a str caches its hash); a dict keyed by code objects would hash the code on every lookup
_MAX_VERDICTS = 4096   # a notebook names a file per cell: beyond this many, files are judged anew


def is_internal(filename: str) -> bool:
    """Whether code in ``filename`` is tapekit's own (or contextlib's), not the user's."""
    verdict = _VERDICTS.get(filename)
    if verdict is None:
        verdict = filename.startswith(_PACKAGE_PREFIX)
        if len(_VERDICTS) < _MAX_VERDICTS:
            _VERDICTS[filename] = verdict
    return verdict


def user_frame(skip_numpy: bool = False):
    """The innermost frame outside tapekit (and NumPy, with ``skip_numpy``: NumPy calling
    ``__array__``), or None. Called from tapekit only, so the walk starts at the caller's caller."""
    frame = _getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if not (is_internal(name) or (skip_numpy and name.startswith(_NUMPY_PREFIX))):
            return frame
        frame = frame.f_back
    return None


class _Replay(threading.local):
    site = ()   # while a tk.function replays a step: the site where that step was traced


_REPLAY = _Replay()


def replay_at(site) -> None:
    """While a ``tk.function`` replays a step of its trace, the user's code is where the step was traced
    (``site``, from ``user_site``); ``()`` when the replay ends."""
    _REPLAY.site = site


def user_location(skip_numpy: bool = False):
    """``(filename, line)`` of the user's code now, or None."""
    if _REPLAY.site:
        return site_location(_REPLAY.site)
    frame = user_frame(skip_numpy)
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def user_site():
    """Where the user's code is now, cheaply: ``(code, instruction offset)``, or ``()`` if nowhere.

    Code object and offset only: ``site_location`` (and ``tapekit.introspect.sites``) work out the line
    when something reads it, so recording an op pays for the walk alone (docs/EVENTS.md "Cost").
    Called from tapekit only (the tape, its log), so the walk starts at the caller's caller.
    The loop runs once per recorded op, so its lookups are inline (``is_internal`` judges a new file).
    """
    if _REPLAY.site:
        return _REPLAY.site
    frame = _getframe(2)
    verdicts = _VERDICTS
    while frame is not None:
        code = frame.f_code
        internal = verdicts.get(code.co_filename)
        if internal is None:
            internal = is_internal(code.co_filename)
        if not internal:
            sites = _LAST_CODE[1] if code is _LAST_CODE[0] else _sites_of(code)
            return sites.get(frame.f_lasti) or _new_site(sites, code, frame.f_lasti)
        frame = frame.f_back
    return ()


# The user's code found last, and its sites by offset: one ``(code, offset)`` tuple per site, as a
# loop records the same few sites many times and a tape keeps one per op (code compared by
# identity: hashing a code object hashes its contents).
_LAST_CODE: list = [None, {}]


def _sites_of(code) -> dict:
    """The sites of ``code``, which becomes the code found last."""
    _LAST_CODE[0], _LAST_CODE[1] = code, {}
    return _LAST_CODE[1]


def _new_site(sites: dict, code, offset: int) -> tuple:
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
