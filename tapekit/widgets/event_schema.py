"""The shape of tape events (docs/EVENTS.md), checked before a player reads events from outside,
e.g. JSON: ``TapePlayer.from_events(json.loads(text))``.

Each rule says what a key must hold; a wrong value raises ``TypeError`` (wrong type) or
``ValueError`` (a required key missing) naming ``events[i]``, the kind and the key. Unknown kinds
and keys pass (newer events, tools' own notes). Numbers given as value previews are turned
into strings (the engine writes strings). The events are copied, never changed.
"""

from __future__ import annotations

import numbers

from .._base.i18n import _, hint_line


def _is_id(v):
    return isinstance(v, str)


def _is_ids(v):
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _str(v):
    return isinstance(v, str)


def _opt_str(v):
    return v is None or isinstance(v, str)


def _opt_int(v):
    return v is None or (isinstance(v, int) and not isinstance(v, bool))


def _shape(v):
    return v is None or (isinstance(v, list) and all(_opt_int(d) for d in v))


def _shapes(v):
    return v is None or (isinstance(v, list) and all(_shape(s) for s in v))


def _opt_strs(v):
    return v is None or (isinstance(v, list) and all(_opt_str(x) for x in v))


def _preview(v):
    return v is None or isinstance(v, (str, numbers.Real))


def _previews(v):
    return v is None or (isinstance(v, list) and all(_preview(x) for x in v))


def _grads(v):
    return v is None or (isinstance(v, list) and all(
        g is None or (isinstance(g, dict) and _opt_str(g.get("tensor")) and _preview(g.get("value"))
                      and _shape(g.get("shape"))) for g in v))


def _results(v):
    return isinstance(v, list) and all(
        isinstance(r, dict) and _is_id(r.get("source")) and _preview(r.get("value")) and _shape(r.get("shape"))
        and _opt_str(r.get("dtype")) and _opt_str(r.get("cause")) for r in v)


def _stack(v):
    return v is None or (isinstance(v, list) and all(
        isinstance(f, list) and len(f) >= 2 and isinstance(f[0], str) and _opt_int(f[1]) for f in v))


def _code(v):
    return v is None or (isinstance(v, dict) and isinstance(v.get("block"), str) and (
        v.get("loops") is None or (isinstance(v["loops"], list) and all(isinstance(x, dict) for x in v["loops"]))))


def _anything(v):
    return True


WHAT = {_str: "a string", _is_id: "an id string such as 't0' or 'op3'", _is_ids: "a list of id strings",
        _opt_str: "a string or null", _opt_int: "an integer or null", _shape: "a shape: a list of ints (or null)",
        _shapes: "a list of shapes", _opt_strs: "a list of strings", _preview: "a value preview (a string)",
        _previews: "a list of value previews", _grads: "a list of {tensor, value, shape} dicts (or nulls)",
        _results: "a list of {source, value, shape, dtype, cause} dicts",
        _stack: "a list of [block, offset, line] frames", _code: "a {block, name, loops} dict"}

_WHERE = {"file": _opt_str, "line": _opt_int}
# kind -> ({required key: rule}, {optional key: rule})
SCHEMA = {
    "watch": ({"tensor": _is_id}, {"name": _opt_str, "shape": _shape, "dtype": _opt_str, "value": _preview,
                                   "how": _opt_str, **_WHERE}),
    "read": ({"variable": _is_id}, {"name": _opt_str, "shape": _shape, "dtype": _opt_str, "value": _preview,
                                    **_WHERE}),
    "op": ({"op": _is_id, "type": _str, "inputs": _is_ids, "outputs": _is_ids},
           {"input_shapes": _shapes, "output_shapes": _shapes, "dtypes": _opt_strs,
            "input_dtypes": _opt_strs, "input_values": _previews, "value": _preview, "cut": _opt_str,
            "expr": _opt_str, "assigns": _opt_str, "operands": _opt_strs, "stack": _stack, "code": _code,
            **_WHERE}),
    "pause": ({}, _WHERE),
    "resume": ({}, _WHERE),
    "left_tape": ({"tensor": _is_id}, {"how": _opt_str, **_WHERE}),
    "assign": ({"tensor": _is_id}, {"name": _opt_str, "how": _opt_str, "value": _preview, **_WHERE}),
    "backward_start": ({"targets": _is_ids, "sources": _is_ids}, {"output_gradients": _previews,
                                                                   "method": _opt_str, "call": _anything}),
    "visit": ({"op": _is_id}, {"type": _opt_str, "grads": _grads}),
    "send": ({"op": _is_id, "to": _is_id}, {"value": _preview, "shape": _shape, "reason": _opt_str}),
    "truncated": ({}, {"dropped": _opt_int}),
    "backward_end": ({"results": _results}, {}),
}
_PREVIEW_KEYS = ("value",)


def checked_events(events) -> list:
    """Copies of ``events`` after checking every key the player reads (see module docstring)."""
    if isinstance(events, (str, bytes, dict)) or not hasattr(events, "__iter__"):
        raise TypeError(f"events must be a list of event dicts (docs/EVENTS.md), not {type(events).__name__}."
                        + hint_line(_("TapePlayer.from_events(json.loads(text)) for events saved with "
                                      "json.dumps(tape.events).")))
    out = []
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise TypeError(f"events[{index}] must be a dict, not {type(event).__name__}."
                            + hint_line(_("each event is a dict such as {{'kind': 'op', 'op': 'op0', ...}} "
                                          "(docs/EVENTS.md).")))
        kind = event.get("kind")
        if not isinstance(kind, str) or not isinstance(event.get("phase", ""), str):
            raise TypeError(f"events[{index}]: 'kind' and 'phase' must be strings, got kind {kind!r}, phase "
                            f"{event.get('phase')!r}."
                            + hint_line(_("e.g. {{'phase': 'forward', 'kind': 'op', ...}}.")))
        event = dict(event)
        if event.get("phase") in ("forward", "backward") and kind in SCHEMA:
            required, optional = SCHEMA[kind]
            for key, rule in required.items():
                if key not in event:
                    raise ValueError(f"events[{index}] (kind {kind!r}) has no {key!r}."
                                     + hint_line(_("docs/EVENTS.md lists the keys of each event kind.")))
                _check(index, kind, key, event[key], rule)
            for key, rule in optional.items():
                if key in event:
                    _check(index, kind, key, event[key], rule)
            for key in _PREVIEW_KEYS:
                if isinstance(event.get(key), numbers.Real) and not isinstance(event.get(key), bool):
                    event[key] = str(event[key])
        out.append(event)
    return out


def _check(index, kind, key, value, rule) -> None:
    if rule(value):
        return
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
    hint = (_("ids are strings such as 't0' or 'op3', as tape.events writes them.") if rule in (_is_id, _is_ids)
            else _("docs/EVENTS.md lists what each key holds."))
    raise TypeError(f"events[{index}] (kind {kind!r}): {key!r} must be {WHAT.get(rule, 'as documented')}, "
                    f"not {type(value).__name__} {shown}."
                    + hint_line(hint))
