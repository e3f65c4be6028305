"""Nested structures (lists, tuples, dicts, namedtuples) as TF's ``tf.nest`` sees them.

Dicts are traversed in sorted key order, as in TF; every other object is a leaf.
"""

from __future__ import annotations


def _is_namedtuple(x) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def is_nested(structure) -> bool:
    return isinstance(structure, (list, tuple, dict))


def _children(structure):
    if isinstance(structure, dict):
        return [structure[k] for k in _sorted_keys(structure)]
    return list(structure)


def _is_flat(structure) -> bool:
    """A plain list or tuple (not a namedtuple) with no nested item."""
    return type(structure) in (list, tuple) and not any(isinstance(x, (list, tuple, dict)) for x in structure)


def _sorted_keys(d: dict):
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def flatten(structure, expand_composites=False) -> list:
    """The leaves of ``structure`` in order (a leaf on its own becomes ``[leaf]``)."""
    if _is_flat(structure):   # a plain list or tuple of leaves (a gradient() call's sources, say)
        return list(structure)
    out = []
    stack = [structure]
    while stack:
        item = stack.pop()
        if is_nested(item):
            stack.extend(reversed(_children(item)))
        else:
            out.append(item)
    return out


def _rebuild(structure, children):
    if isinstance(structure, dict):
        keys = _sorted_keys(structure)
        rebuilt = dict(zip(keys, children))
        return type(structure)((k, rebuilt[k]) for k in structure) if type(structure) is not dict \
            else {k: rebuilt[k] for k in structure}
    if _is_namedtuple(structure):
        return type(structure)(*children)
    if isinstance(structure, tuple):
        return tuple(children)
    return list(children)


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """Put the items of ``flat_sequence`` into the shape of ``structure``."""
    flat_sequence = list(flat_sequence)
    if not is_nested(structure):
        if len(flat_sequence) != 1:
            raise ValueError(f"Structure is a scalar but len(flat_sequence) == "
                             f"{len(flat_sequence)} > 1")
        return flat_sequence[0]
    if _is_flat(structure) and len(structure) == len(flat_sequence):
        return flat_sequence if type(structure) is list else tuple(flat_sequence)
    count = len(flatten(structure))
    if count != len(flat_sequence):
        raise ValueError(f"Could not pack sequence. Structure had {count} atoms, but "
                         f"flat_sequence had {len(flat_sequence)} items.")
    return _build(structure, iter(flat_sequence))


# Module-level recursions, not closures: a closure that calls itself is a reference cycle that
# keeps what it holds (here the packed values) alive until the cyclic GC runs.
def _build(s, position):
    if not is_nested(s):
        return next(position)
    return _rebuild(s, [_build(c, position) for c in _children(s)])


def _structure_of(s, check_types: bool):
    if not is_nested(s):
        return None
    kind = type(s) if check_types else (dict if isinstance(s, dict) else list)
    keys = _sorted_keys(s) if isinstance(s, dict) else None
    return (kind, keys, [_structure_of(c, check_types) for c in _children(s)])


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False) -> None:
    if _structure_of(nest1, check_types) != _structure_of(nest2, check_types):
        raise ValueError("The two structures don't have the same nested structure.\n\n"
                         f"First structure: {nest1!r}\n\nSecond structure: {nest2!r}")


def map_structure(func, *structure, **kwargs):
    """Apply ``func`` to the matching leaves of one or more structures of the same shape."""
    if not structure:
        raise ValueError("Must provide at least one structure")
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=kwargs.get("check_types", True))
    flats = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*leaves) for leaves in zip(*flats)])
