"""How a layer keeps track of its state: list and dict attributes that report what is added to them,
and the constructor arguments Keras turns into a default ``get_config``."""

from __future__ import annotations

import inspect

from .structures import flatten


class TrackedList(list):
    """A list attribute of a layer: layers and variables added to it later are tracked too.

    ``track(values)`` is the layer's tracking of this attribute (the layer binds its name).
    """

    def __init__(self, values, track):
        super().__init__(values)
        self._track_values = track

    def _track(self, values):
        self._track_values(list(values))

    def append(self, value):
        self._track([value])
        super().append(value)

    def extend(self, values):
        values = list(values)
        self._track(values)
        super().extend(values)

    def insert(self, index, value):
        self._track([value])
        super().insert(index, value)

    def __setitem__(self, index, value):
        self._track(value if isinstance(index, slice) else [value])
        super().__setitem__(index, value)

    def __iadd__(self, values):
        self.extend(values)
        return self


class TrackedDict(dict):
    """A dict attribute of a layer: layers and variables stored in it later are tracked too."""

    def __init__(self, values, track):
        super().__init__(values)
        self._track_values = track

    def __setitem__(self, key, value):
        self._track_values(value)
        super().__setitem__(key, value)

    def update(self, *args, **kwargs):
        new = dict(*args, **kwargs)
        self._track_values(new)
        super().update(new)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


_AUTO_CONFIG_TYPES = (str, int, float, bool, type(None))


def auto_config(cls, args, kwargs):
    """The constructor's arguments (defaults filled in, ``name`` left out) when all are plain values, else None."""
    try:
        bound = inspect.signature(cls.__init__).bind(None, *args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    config = {}
    params = list(inspect.signature(cls.__init__).parameters.values())
    for param in params[1:]:
        value = bound.arguments.get(param.name)
        if param.kind is param.VAR_KEYWORD:
            config.update(value or {})
        elif param.kind is param.VAR_POSITIONAL:
            if value:
                return None
        else:
            config[param.name] = value
    config.pop("name", None)
    if not all(isinstance(leaf, _AUTO_CONFIG_TYPES) for leaf in flatten(config)):
        return None
    return config
