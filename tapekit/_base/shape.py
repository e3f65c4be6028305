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

    def merge_with(self, other) -> TensorShape:
        """The shape that agrees with both (a known dimension wins over None), or ValueError."""
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:  # noqa: SLF001 - another TensorShape's slot (same class)
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible" + _merge_hint())
        return TensorShape([b if a is None else a for a, b in zip(self._dims, other._dims)])  # noqa: SLF001 - same class

    def most_specific_compatible_shape(self, other) -> TensorShape:
        """The shape that keeps each dimension both agree on (None where they differ)."""
        other = as_shape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):  # noqa: SLF001 - same class
            return TensorShape(None)
        return TensorShape([a if a == b else None for a, b in zip(self._dims, other._dims)])  # noqa: SLF001 - same class

    def assert_is_compatible_with(self, other) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are incompatible" + _merge_hint())

    def with_rank(self, rank: int) -> TensorShape:
        try:
            return self.merge_with(TensorShape([None] * rank))
        except ValueError:
            raise ValueError(f"Shape {self} must have rank {rank}" + _rank_hint()) from None

    def with_rank_at_least(self, rank: int) -> TensorShape:
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}" + _rank_hint())
        return self

    def with_rank_at_most(self, rank: int) -> TensorShape:
        if self._dims is not None and len(self._dims) > rank:
            raise ValueError(f"Shape {self} must have rank at most {rank}" + _rank_hint())
        return self

    def assert_has_rank(self, rank: int) -> None:
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}" + _rank_hint())

    def assert_same_rank(self, other) -> None:
        other = as_shape(other)
        if self.rank is not None and other.rank is not None and self.rank != other.rank:
            raise ValueError(f"Shapes {self} and {other} must have the same rank" + _rank_hint())

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


def _merge_hint() -> str:
    return hint_line(_("two shapes are compatible when they have the same rank and each pair of known "
                       "dimensions is equal (None matches any size)."))


def _rank_hint() -> str:
    return hint_line(_("the rank is the number of axes: len(shape)."))


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
