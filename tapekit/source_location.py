"""Where in the user's code: the one service that walks the stack past tapekit's own frames.

The user's frame is the first one, walking outwards from the caller, whose code is not
tapekit's own: no depth is guessed, so the answer does not depend on the path an op took through
tapekit. Code is tapekit's own when its file lies under this package's folder (compared with
``os.path``, so it holds on every platform), or in ``contextlib`` (``with tape.stop_recording():``
runs tapekit through it); the answer is cached per code object.

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

_OWN_CODE: dict = {}   # code object -> whether it is tapekit's own (a dict hit is cheaper than a path test)


def is_internal(filename: str) -> bool:
    """Whether code in ``filename`` is tapekit's own (or contextlib's), not the user's."""
    return filename == _CONTEXTLIB_FILE or filename.startswith(_PACKAGE_PREFIX)


def _is_own(code) -> bool:
    own = _OWN_CODE.get(code)
    if own is None:
        own = _OWN_CODE[code] = is_internal(code.co_filename)
    return own


def user_frame(skip_numpy: bool = False):
    """The innermost frame outside tapekit (and NumPy, with ``skip_numpy``: NumPy calling
    ``__array__``), or None."""
    frame = _getframe(1)
    while frame is not None:
        code = frame.f_code
        if not (_is_own(code) or (skip_numpy and code.co_filename.startswith(_NUMPY_PREFIX))):
            return frame
        frame = frame.f_back
    return None


def user_location(skip_numpy: bool = False):
    """``(filename, line)`` of the user's code now, or None."""
    frame = user_frame(skip_numpy)
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def user_site():
    """Where the user's code is now, cheaply: ``(code, instruction offset)``, or ``()`` if nowhere.

    Code object and offset only: ``site_location`` (and ``tapekit.sites``) work out the line
    when something reads it, so recording an op pays for the walk alone (docs/EVENTS.md "Cost").
    """
    frame = _getframe(1)
    while frame is not None:
        code = frame.f_code
        own = _OWN_CODE.get(code)
        if own is None:
            own = _is_own(code)
        if not own:
            return (code, frame.f_lasti)
        frame = frame.f_back
    return ()


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
