"""``tk.Module``: a container that finds the Variables and submodules in its attributes, like ``tf.Module``."""

from __future__ import annotations

import re

from . import nest
from .variable import Variable


_CAMEL_TO_SNAKE = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")


def camel_to_snake(name: str) -> str:
    """``MyDenseLayer`` -> ``my_dense_layer`` (tf.Module's rule for default names)."""
    return _CAMEL_TO_SNAKE.sub(r"_\1", name).lower()


class Module:
    """Base class for models: collects ``tk.Variable``s and submodules from its attributes.

    Attributes are visited sorted by name, looking inside lists, tuples and dicts (dict keys sorted);
    a module's own leaves come first, then those of its submodules, depth first. Each object is
    reported once even if several attributes refer to it.
    """

    # attributes that hold bookkeeping, never user state
    _TK_MODULE_IGNORED_PROPERTIES = frozenset(("_name",))

    def __init__(self, name=None):
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid Python "
                             "identifiers (e.g. a valid class name).")
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    @property
    def variables(self) -> tuple:
        """Every Variable owned by this module and its submodules (trainable or not)."""
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self) -> tuple:
        """The Variables with ``trainable=True``: what you pass to ``tape.gradient``."""
        return tuple(self._flatten(predicate=_is_trainable_variable))

    @property
    def non_trainable_variables(self) -> tuple:
        return tuple(self._flatten(predicate=_is_non_trainable_variable))

    @property
    def submodules(self) -> tuple:
        """All modules reachable from this one's attributes (not including itself)."""
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(self, recursive=True, predicate=None):
        """The leaves of this module's attributes that satisfy ``predicate``, in TF's order."""
        predicate = predicate or (lambda _: True)
        return _flatten_module(self, recursive, predicate, seen={id(self)}, stack=[])

    @classmethod
    def with_name_scope(cls, method):
        """Decorator kept for API compatibility; tapekit has no name scopes, so it returns ``method``."""
        return method


def _is_variable(obj) -> bool:
    return isinstance(obj, Variable)


def _is_trainable_variable(obj) -> bool:
    return isinstance(obj, Variable) and obj.trainable


def _is_non_trainable_variable(obj) -> bool:
    return isinstance(obj, Variable) and not obj.trainable


def _is_module(obj) -> bool:
    return isinstance(obj, Module)


def _module_attributes(module) -> dict:
    attrs = getattr(module, "__dict__", {})
    return {k: v for k, v in attrs.items() if k not in module._TK_MODULE_IGNORED_PROPERTIES}


def _flatten_module(module, recursive, predicate, seen, stack):
    """Yield matching leaves of ``module``'s attributes, then recurse into the submodules found."""
    submodules = []
    recurse_here = recursive and id(module) not in stack
    attrs = _module_attributes(module)
    for key in sorted(attrs):
        for leaf in nest.flatten(attrs[key]):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if recurse_here and isinstance(leaf, Module):
                submodules.append(leaf)
    stack.append(id(module))
    for sub in submodules:
        yield from _flatten_module(sub, recursive, predicate, seen, stack)
    stack.pop()
