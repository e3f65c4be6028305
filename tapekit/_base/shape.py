"""TensorShape: a possibly partially known shape, printed as TensorFlow prints it."""

from __future__ import annotations

from .i18n import _, hint_line


class TensorShape:
    """A shape whose rank or dimensions may be unknown (``None``)."""

    __slots__ = ("_dims",)

    def __init__(self, dims=None):
        if type(dims) is tuple and all(type(d) is int and d >= 0 for d in dims):
            self._dims = dims          # the common case: an array's shape
        elif dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims  # noqa: SLF001 - another TensorShape's slot (same class)
        elif isinstance(dims, (str, bytes)):
            raise TypeError(f"Failed to convert '{dims!r}' to a shape: '{dims!r}'could not be converted to a "
                            "dimension. A shape should either be single dimension (e.g. 10), or an iterable "
                            "of dimensions (e.g. [1, 10, None]).")
        else:
            try:
                items = iter(dims)
            except TypeError:  # a single dimension, such as 3
                items = iter((dims,))
            self._dims = tuple(_dimension(d) for d in items)

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self):
        return None if self._dims is None else list(self._dims)

    def as_list(self) -> list:
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self) -> bool:
        return self._dims is not None and None not in self._dims

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other) -> bool:
        other = as_shape(other)
        if self._dims is None or other._dims is None:  # noqa: SLF001 - another TensorShape's slot (same class)
            return True
        if len(self._dims) != len(other._dims):  # noqa: SLF001 - another TensorShape's slot (same class)
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))  # noqa: SLF001 - another TensorShape's slot (same class)

    def __len__(self) -> int:
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return None if isinstance(key, int) else TensorShape(None)
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __eq__(self, other) -> bool:
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __hash__(self) -> int:
        return hash(self._dims)

    def __add__(self, other) -> TensorShape:
        return self.concatenate(other)

    def concatenate(self, other) -> TensorShape:
        other = as_shape(other)
        if self._dims is None or other._dims is None:  # noqa: SLF001 - another TensorShape's slot (same class)
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)  # noqa: SLF001 - another TensorShape's slot (same class)

    def __repr__(self) -> str:
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({list(self._dims)})"

    def __str__(self) -> str:
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({self._dims[0]},)"
        return "(" + ", ".join(str(d) for d in self._dims) + ")"


def _dimension(value):
    """One dimension as TF's ``Dimension`` reads it: None, or an integer >= 0."""
    if value is None:
        return None
    try:
        size = value.__index__()
    except (AttributeError, TypeError):
        raise TypeError(f"Dimension value must be integer or None or have an __index__ method, got value '{value!r}' "
                        f"with type '{type(value)}'"
                        + hint_line(_("shapes are lists of whole numbers such as [2, 3] (None for "
                                      "unknown)."))) from None
    if size < 0:
        raise ValueError(f"Dimension {size} must be >= 0"
                         + hint_line(_("a dimension counts elements, so it is 0 or more; -1 (infer) works "
                                       "only in tk.reshape.")))
    return size


def as_shape(value) -> TensorShape:
    if isinstance(value, TensorShape):
        return value
    return TensorShape(value)
