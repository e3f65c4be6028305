"""``tk.Module``: a container that finds the Variables and submodules in its attributes, like ``tf.Module``.

As in TF 2.16+, a Module does not look inside Keras layers (Keras 3 layers are not tf.Modules):
their weights are not in ``module.variables``. tapekit warns when it meets one.
"""

from __future__ import annotations

import functools
import re
import sys
import warnings

from .. import nest
from .._base import deferred_restore, scopes
from .._base.i18n import _, hint_line
from .._core.values.tensor import is_variable
from .._core.record.variable import Variable


_UNSET = object()
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
    _TK_MODULE_IGNORED_PROPERTIES = frozenset(("_name", "_name_scope"))

    def __init__(self, name=None):
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid Python "
                             "identifiers (e.g. a valid class name).")
        self._name = name
        self._name_scope = _ModuleScope(_scoped(name))

    def __setattr__(self, name, value):
        before = self.__dict__.get(name, _UNSET)
        object.__setattr__(self, name, value)
        if name in self._TK_MODULE_IGNORED_PROPERTIES:
            return
        try:
            deferred_restore.variables_created()  # a checkpoint restored earlier may have its value
        except ValueError:  # a saved value of another shape (TF's error): the attribute is not set
            object.__setattr__(self, name, before) if before is not _UNSET else object.__delattr__(self, name)
            raise

    @property
    def name_scope(self):
        """The module's name scope (``module_name/``, inside the scope it was created in): ``with m.name_scope:``."""
        return self._name_scope

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
        """Decorator: run ``method`` inside the module's name scope (variables it creates get ``name/`` first)."""

        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope


def _scoped(name: str) -> str:
    """The absolute scope of a module named ``name`` created here: ``outer/name/``."""
    with scopes.name_scope(name) as scope_name:
        return scope_name


class _ModuleScope:
    """A module's name scope: ``.name`` is ``"outer/name/"``; entering it scopes new variables' names."""

    def __init__(self, name: str):
        self.name = name
        self._open: list = []

    def __enter__(self) -> str:
        scope = scopes.name_scope(self.name)
        self._open.append(scope)
        scope.__enter__()
        return self.name

    def __exit__(self, *exc):
        self._open.pop().__exit__(*exc)


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
    return {k: v for k, v in attrs.items() if k not in module._TK_MODULE_IGNORED_PROPERTIES}  # noqa: SLF001 - TF's per-class override hook


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
            if getattr(type(leaf), "_keras_object", False):
                _warn_keras_object(module, key, leaf)
            if predicate(leaf):
                yield leaf
            if recurse_here and isinstance(leaf, Module):
                submodules.append(leaf)
    stack.append(id(module))
    for sub in submodules:
        yield from _flatten_module(sub, recursive, predicate, seen, stack)
    stack.pop()


def _warn_keras_object(module, key, leaf) -> None:
    kind = _("a Keras variable") if is_variable(leaf) else _("a Keras layer")
    warnings.warn(_("TF 2.16+ does not track Keras layers in tf.Module; use a Keras Model or Layer. ({attribute} "
                    "holds {kind}, {type} {name}: its weights are not in this module's variables.)").format(
                      attribute=f"{type(module).__name__}.{key}", kind=kind, type=type(leaf).__name__,
                      name=repr(getattr(leaf, "name", "")))
                  + hint_line(_("subclass tk.keras.Model (or tk.keras.layers.Layer) instead of tk.Module; "
                                "it tracks the layers it holds.")), UserWarning, stacklevel=_caller_stacklevel())


def _caller_stacklevel() -> int:
    """The stack level of the first frame outside this file (the user's line that read the variables)."""
    frame, level = sys._getframe(1), 1  # noqa: SLF001 - CPython's stack walk (as source_location)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame, level = frame.f_back, level + 1
    return level
