"""Lesson 08's mini tape, the parts that are not the lesson's point: the player's events, and the check's graphs.

A mini tape's record is a list of ``(op type, output, inputs, backward)`` tuples, in the order the
operations ran; each value has a NumPy array ``.value``; ``backward(upstream)`` returns one gradient
per input. A backward walk is a function ``walk(records, target, sources)`` that returns one gradient
(or None) per source. Nothing here imports tapekit's tape: the check's graphs hold plain NumPy arrays,
which no tape can differentiate.
"""

from __future__ import annotations

import numpy as np


class Value:
    """A value of the check's own mini tape (the lesson's ``Value`` without operators)."""

    def __init__(self, value):
        self.value = np.asarray(value, dtype=np.float64)


class Record:
    """Records the check's graphs: each op helper appends ``(op type, output, inputs, backward)``."""

    def __init__(self):
        self.records = []

    def op(self, op_type, result, inputs, backward):
        output = Value(result)
        self.records.append((op_type, output, inputs, backward))
        return output

    def add(self, a, b):
        return self.op("AddV2", a.value + b.value, [a, b], lambda g: [g, g])

    def multiply(self, a, b):
        return self.op("Mul", a.value * b.value, [a, b], lambda g: [g * b.value, g * a.value])

    def sin(self, x):
        return self.op("Sin", np.sin(x.value), [x], lambda g: [g * np.cos(x.value)])

    def tanh(self, x):
        t = np.tanh(x.value)
        return self.op("Tanh", t, [x], lambda g: [g * (1.0 - t * t)])

    def matmul(self, a, b):
        return self.op("MatMul", a.value @ b.value, [a, b], lambda g: [g @ b.value.T, a.value.T @ g])

    def reduce_sum(self, x):
        return self.op("Sum", np.sum(x.value), [x], lambda g: [g * np.ones_like(x.value)])


class DeadEnd(Exception):
    """A walk called the backward rule of an op whose output got no gradient (it does not lead to the target)."""

    def __init__(self, op_type: str):
        super().__init__(f"the backward rule of {op_type} got None")
        self.op_type = op_type


def guarded(records):
    """The records with backward rules that raise :class:`DeadEnd` when called with None."""
    def guard(op_type, backward):
        def checked(upstream):
            if upstream is None:
                raise DeadEnd(op_type)
            return backward(upstream)
        return checked
    return [(op_type, output, inputs, guard(op_type, backward)) for op_type, output, inputs, backward in records]


def reference_walk(records, target, sources, *, forward=False, overwrite=False, ignore_upstream=False,
                   in_place=False, unconnected=None):
    """The backward walk (reverse order, added up at a fan-in, None for an unconnected source), or one of
    the mistakes a student makes: ``forward`` order, ``overwrite`` at a fan-in, ``ignore_upstream``
    (passing 1 to every rule), ``in_place`` (``+=`` into an array another value shares), ``unconnected``
    (what an unconnected source gets instead of None)."""
    grads = {id(target): np.ones_like(target.value)}
    for _, output, inputs, backward in (records if forward else reversed(records)):
        upstream = grads.get(id(output))
        if upstream is None:
            continue
        for value, g in zip(inputs, backward(np.ones_like(upstream) if ignore_upstream else upstream)):
            if in_place and id(value) in grads:
                grads[id(value)] += g
                continue
            keep = 0.0 if overwrite or id(value) not in grads else grads[id(value)]
            grads[id(value)] = g if in_place else keep + g
    return [grads.get(id(source), unconnected if unconnected is None else np.zeros_like(source.value))
            for source in sources]


def mini_tape_events(records, target, sources, names, walk):
    """The mini tape's record and the backward walk ``walk`` (the student's), as the events the player reads.

    Each backward rule is wrapped so that calling it logs a ``visit`` and its ``send``s: the events
    show the walk as it ran (only the forward pass while ``walk`` still raises NotImplementedError).
    Values are shown with 4 significant digits.
    """
    events, ids, received = [], {}, {id(target)}

    def tensor_id(value):                            # t0, t1, ... in the order values are first seen
        return ids.setdefault(id(value), f"t{len(ids)}")

    def log(phase, kind, **fields):
        events.append({"seq": len(events), "phase": phase, "kind": kind, **fields})

    def logged(k, op_type, output, inputs, backward):
        def visit(upstream):
            log("backward", "visit", op=f"op{k}", type=op_type,
                grads=[{"tensor": tensor_id(output), "value": _text(upstream), "shape": _shape(upstream)}])
            grads = backward(upstream)
            for value, g in zip(inputs, grads):
                log("backward", "send", op=f"op{k}", to=tensor_id(value), value=_text(g), shape=_shape(g),
                    accumulated=id(value) in received)
                received.add(id(value))
            return grads
        return visit

    for source, name in zip(sources, names):
        log("forward", "watch", tensor=tensor_id(source), name=name, how="watch", is_variable=False,
            trainable=False, shape=_shape(source.value), dtype="float64", value=_text(source.value),
            differentiable=True)
    wrapped = []
    for k, (op_type, output, inputs, backward) in enumerate(records):
        log("forward", "op", op=f"op{k}", type=op_type, inputs=[tensor_id(v) for v in inputs],
            outputs=[tensor_id(output)], output_shapes=[_shape(output.value)], dtypes=["float64"],
            value=_text(output.value))
        wrapped.append((op_type, output, inputs, logged(k, op_type, output, inputs, backward)))
    forward_only = list(events)
    log("backward", "backward_start", call=0, method="gradient", targets=[tensor_id(target)],
        sources=[tensor_id(s) for s in sources], output_gradients=None)
    try:
        results = walk(wrapped, target, sources)
    except NotImplementedError:                      # the student edition, before the walk is written
        return forward_only
    log("backward", "backward_end", call=0, results=[
        {"source": tensor_id(s), "value": None if g is None else _text(g), "shape": _shape(s.value),
         "dtype": "float64", "cause": None if g is not None else "not_connected"}
        for s, g in zip(sources, results)])
    return events


def _shape(value) -> list:
    return list(np.shape(value))


def _text(value) -> str:
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 0:
        return f"{float(array):.4g}"
    return np.array2string(array, precision=4, suppress_small=True)
