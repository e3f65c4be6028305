"""``tk.name_scope``: the per-thread stack of name scopes, as TF's eager ``tf.name_scope``.

Eagerly, TF uses name scopes only for names: a Variable created inside ``name_scope("a")`` is
called ``a/v:0``. Ops record their TF op type, not a scoped name. ``current()`` is the scope as
``tk.get_current_name_scope()`` returns it (``"outer/inner"``, or ``""`` at the top).
"""

from __future__ import annotations

import threading

from .i18n import _, hint_line


class _Stack(threading.local):
    def __init__(self):
        self.scope = ""  # the full current scope, without the trailing "/"


_stack = _Stack()


def current() -> str:
    return _stack.scope


def get_current_name_scope() -> str:
    """The current name scope, e.g. ``"outer/inner"`` (``""`` outside every scope)."""
    return _stack.scope


def scoped_name(name: str) -> str:
    """``name`` prefixed with the current scope (``"a/b/name"``); ``"x/"`` is taken as complete."""
    if name.endswith("/"):
        return name[:-1]
    return f"{_stack.scope}/{name}" if _stack.scope else name


class name_scope:
    """A context manager that opens a name scope; ``as`` gives the scope with a trailing ``/``.

    A name ending in ``/`` is taken as a complete scope (it replaces the current one), and ``""``
    returns to the top level, as in TF.
    """

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string."
                             + hint_line(_("pass the scope's name as a str, e.g. tk.name_scope('layer1'); "
                                           "got {name_type}.").format(name_type=type(name).__name__)))
        self._name = name
        self._saved: list = []

    @property
    def name(self) -> str:
        return self._name

    def __enter__(self) -> str:
        old = _stack.scope
        self._saved.append(old)
        if not self._name:
            _stack.scope = ""
            return ""
        if self._name.endswith("/"):
            _stack.scope = self._name[:-1]
            return self._name
        _stack.scope = f"{old}/{self._name}" if old else self._name
        return _stack.scope + "/"

    def __exit__(self, *exc) -> None:
        _stack.scope = self._saved.pop()
