"""Nested structures of tensors and shapes, as Keras maps over them (lists, tuples, dicts)."""

from __future__ import annotations

def map_structure(fn, value):
    """``fn`` applied to every leaf of nested lists, tuples and dicts (rebuilt as plain containers)."""
    if isinstance(value, dict):
        return {k: map_structure(fn, v) for k, v in value.items()}
    if isinstance(value, list):
        return [map_structure(fn, v) for v in value]
    if isinstance(value, tuple):
        mapped = [map_structure(fn, v) for v in value]
        return type(value)(*mapped) if hasattr(value, "_fields") else tuple(mapped)
    return fn(value)


def flatten(value) -> list:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in flatten(v)]
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in flatten(v)]
    return [value]


def shape_structure(value):
    """The shapes (tuples) of the tensors in ``value``, in the same structure."""
    return map_structure(lambda x: None if x is None else tuple(x.shape), value)


def is_shape(value) -> bool:
    return isinstance(value, tuple) and all(d is None or isinstance(d, int) for d in value)


def map_shapes(fn, shapes):
    """``fn`` applied to every shape (a tuple of ints and Nones) in nested lists and dicts of shapes."""
    if is_shape(shapes):
        return fn(shapes)
    if isinstance(shapes, dict):
        return {k: map_shapes(fn, v) for k, v in shapes.items()}
    return [map_shapes(fn, s) for s in shapes]
