"""Keras's automatic names (``dense``, ``dense_1`` ...) and name scopes (a weight's ``path``)."""

from __future__ import annotations

import re
import threading

from .._base.i18n import _, hint_line


class _NamingState(threading.local):
    """Per thread, as Keras's global state: name counters and the open name scopes."""

    def __init__(self):
        self.uids: dict = {}      # snake-case prefix -> how many objects took it
        self.scopes: list = []    # open name_scope objects, outermost first


_state = _NamingState()


def to_snake_case(name: str) -> str:
    """``MyDenseLayer`` -> ``my_dense_layer`` (Keras's rule for default names)."""
    name = re.sub(r"\W+", "", name)
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def uniquify(prefix: str) -> str:
    """``dense``, then ``dense_1``, ``dense_2`` ... (one counter per prefix, shared by all Keras objects)."""
    n = _state.uids.get(prefix, 0)
    _state.uids[prefix] = n + 1
    return prefix if n == 0 else f"{prefix}_{n}"


def auto_name(class_name: str) -> str:
    """The automatic name of a new object of class ``class_name``."""
    return uniquify(to_snake_case(class_name))


def clear_session() -> None:
    """Start automatic names (``dense``, ``dense_1`` ...) from the beginning again, like Keras's."""
    _state.uids.clear()
    _state.scopes.clear()


def check_name(name) -> None:
    """Keras's rule for layer and variable names: a string without ``/``."""
    if not isinstance(name, str) or "/" in name:
        raise ValueError(f"Argument `name` must be a string and cannot contain character `/`. Received: name={name} "
                         f"(of type {type(name)})"
                         + hint_line(_("pass a plain string such as name='hidden'.")))


class name_scope:
    """Open a sub-namespace for weight paths: weights created inside get ``<scope>/<name>``.

    A scope opened again by the same ``caller`` right inside its own scope is not repeated;
    ``override_parent`` replaces the enclosing path (a layer keeps the path of its first build).
    """

    def __init__(self, name, caller=None, override_parent=None):
        check_name(name)
        self.name = name
        self.caller = caller
        self.override_parent = override_parent
        self._pushed = False

    def __enter__(self):
        scopes = _state.scopes
        top = scopes[-1] if scopes else None
        if top is not None and self.caller is not None and top.caller is self.caller and top.name == self.name:
            return self
        scopes.append(self)
        self._pushed = True
        return self

    def __exit__(self, *exc):
        if self._pushed and _state.scopes:
            _state.scopes.pop()
            self._pushed = False


def current_path() -> str:
    """The names of the open scopes joined by ``/`` (``""`` outside any scope)."""
    parts: list = []
    for scope in _state.scopes:
        if scope.override_parent is not None:
            parts = [p for p in scope.override_parent.split("/") if p]
        parts.append(scope.name)
    return "/".join(parts)

