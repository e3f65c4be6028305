"""The records a ``TapeLog`` keeps, one small named tuple per kind (docs/EVENTS.md).

A tape's entries already tell what ops ran; these records add what they cannot tell. ``at`` is
how many entries were recorded before the record, so that entries and records interleave in
order. Ids are raw tensor/variable ids; ``sample`` is the first few elements of a value (a
backend array) and ``shape`` a list or tuple of ints; ``where`` is ``(file, line)`` or None.

Watches and the reverse pass's steps are logged compactly, as flat tuples of atoms (below,
"Compact items"), and ``records`` turns a log into these records: the one place that reads them.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..backend import head
from .._core.record.causes import Cause
from .._base.source_location import site_location
from .._core.record.tape_entry import SHARED_DIMS, shared_dims
from .._core.values.tensor import EagerTensor

SAMPLE_SIZE = 8                  # elements kept per value for previews


class Enter(NamedTuple):
    """The tape's ``with`` block was entered (no event; explain() names the line)."""
    at: int
    site: tuple                 # the user's code and instruction offset (source_location.user_site)
    kind = "enter"

    @property
    def where(self) -> tuple | None:
        """``(file, line)`` of the ``with`` statement, worked out when asked."""
        return site_location(self.site)


class Watch(NamedTuple):
    at: int
    tensor: int
    how: str                    # "watch" (tape.watch) or "access" (a trainable variable was read)
    is_variable: bool
    name: str | None
    trainable: bool | None
    shape: list | None
    dtype: str
    sample: object
    differentiable: bool
    site: tuple                 # the user's code and instruction offset (source_location.user_site)
    kind = "watch"

    @property
    def where(self) -> tuple | None:
        """``(file, line)`` of the watch or of the first read, worked out when asked."""
        return site_location(self.site)


class Pause(NamedTuple):
    """``stop_recording()`` began (``paused``) or ended."""
    at: int
    paused: bool
    where: tuple | None

    @property
    def kind(self) -> str:
        return "pause" if self.paused else "resume"


class Read(NamedTuple):
    """A variable the tape does not watch was read."""
    at: int
    tensor: int
    variable: int
    name: str
    trainable: bool
    shape: list | None
    dtype: str
    sample: object
    where: tuple | None
    kind = "read"


class LeftTape(NamedTuple):
    at: int
    tensor: int
    how: str                    # "numpy", "float", "int", "__array__"
    where: tuple | None
    kind = "left_tape"


class Assign(NamedTuple):
    at: int
    variable: int
    name: str
    how: str                    # "assign", "assign_add", "assign_sub"
    sample: object
    shape: list | None
    where: tuple | None
    kind = "assign"


class BackwardStart(NamedTuple):
    at: int
    call: int
    method: str                 # "gradient", "jacobian", "batch_jacobian"
    targets: list
    sources: list
    output_gradients: list | None   # GradValue (or None) per target
    kind = "backward_start"


class GradValue(NamedTuple):
    """A gradient's first elements and its shape."""
    sample: object
    shape: tuple


class OutputGrad(NamedTuple):
    """The gradient of one output of a visited op."""
    tensor: int
    sample: object
    shape: tuple


class Visit(NamedTuple):
    at: int
    op: int                     # the entry's index
    type: str
    grads: list                 # OutputGrad (or None) per output
    row: int | None             # the Jacobian row, or None
    kind = "visit"


class Send(NamedTuple):
    at: int
    op: int
    to: int
    sample: object              # None: nothing was sent (``reason`` says why)
    shape: tuple | list | None
    accumulated: bool
    reason: str | None          # a Cause
    row: int | None
    kind = "send"


class Truncated(NamedTuple):
    at: int
    dropped: int
    kind = "truncated"


class SourceResult(NamedTuple):
    source: int
    sample: object
    shape: tuple | None
    dtype: str
    cause: str | None           # a Cause, for a None (or ZERO-filled) result
    kind = "result"


class BackwardEnd(NamedTuple):
    at: int
    call: int
    results: list               # SourceResult per source
    kind = "backward_end"


# ---------- values: samples and shapes ----------
def sample(value):
    """The first few elements of a backend array (the array itself when it is small)."""
    if value is None:
        return None
    return value if value.size <= SAMPLE_SIZE else head(value, SAMPLE_SIZE)


def dims(t) -> list | None:
    """The shape of a tensor, variable or released tensor as a list (None: unknown rank)."""
    value = getattr(t, "_value", None)
    if value is not None:
        return list(value.shape)
    shape = t.shape
    return None if shape.rank is None else list(shape.dims)


def sample_and_shape(g) -> tuple:
    """``(sample, shape)`` of a gradient: a Tensor, a backend array, or anything convertible."""
    value = g._value if type(g) is EagerTensor else g
    if type(value) is np.ndarray:
        if value.size > SAMPLE_SIZE:   # head()'s common layouts inline: a sample per gradient sent
            shape = value.shape
            ndim = len(shape)
            first = value[0, :SAMPLE_SIZE].copy() if ndim == 2 and shape[1] >= SAMPLE_SIZE else \
                value[:SAMPLE_SIZE].copy() if ndim == 1 else head(value, SAMPLE_SIZE)
            return first, SHARED_DIMS.get(shape) or shared_dims(shape)
    else:
        value = getattr(g, "_value", None)
        if value is None:
            value = g if hasattr(g, "size") and hasattr(g, "shape") else np.asarray(g)
    return (value if value.size <= SAMPLE_SIZE else head(value, SAMPLE_SIZE)), shared_dims(value.shape)


def var_name(var) -> str:
    """A variable's name as the user gave it: ``w`` for TF's ``w:0``; a Keras weight's path
    (``hidden/kernel``), so that two layers' kernels are told apart."""
    path = getattr(var, "path", None)
    return path if isinstance(path, str) and path else var.name.rsplit(":", 1)[0]


# ---------- Compact items ----------
# A log keeps the records above, except for what is logged once per watch or per visited op: those
# are flat tuples of atoms and shared shape tuples, which one pass of the cyclic GC stops tracking
# (a record, or a nested tuple, stays tracked: W3's memory and time). Their layouts, by first field:
#   ("watch", at, id, how, the variable or None, shape, dtype, sample, differentiable, site)
#   ("access", at, variable): a variable's first read; the rest is read from its ReadVariableOp row
#   ("start", at, call, method, target ids, source ids, output gradients)
#   ("end", at, call, then (source, sample, shape, dtype, cause) per source)
#   ("visit", at, op, type, row, then (tensor, sample, shape) per output)
#   ("send", at, op, to, sample, shape, accumulated, reason, row)
#   ("step", at, row, op, n outputs, gradient array per output, then (k, array, accumulated) per send)
#   ("sampled", at, row, op, n outputs, (sample, shape) per output, then (k, sample, shape,
#    accumulated) per send; a None shape: no gradient)
# ``row`` is the Jacobian row (or None), ``op`` the entry's index on the tape.

def records(items, entries):
    """The log's records in order, each compact item read into its record(s); ``entries`` are the
    tape's (``Records``): the ``access``, ``step`` and ``sampled`` items read their op there."""
    for item in items:
        kind = item[0] if type(item) is tuple else None
        if kind == "step":
            yield from _step_records(item, entries)
        elif kind == "sampled":
            yield from _sampled_records(item, entries)
        elif kind == "access":
            yield _access_record(item, entries)
        else:
            yield record_of(item)


def record_of(item):
    """The record of a log item that needs no entry to read (a record is its own)."""
    if type(item) is not tuple:
        return item
    kind = item[0]
    if kind == "start":
        return BackwardStart(*item[1:])
    if kind == "end":
        return BackwardEnd(item[1], item[2], [SourceResult(*item[k:k + 5]) for k in range(3, len(item), 5)])
    if kind == "watch":
        _kind, at, tid, how, var, shape, dtype, value, differentiable, site = item
        return Watch(at, tid, how, var is not None, None if var is None else var_name(var),
                     None if var is None else bool(var.trainable), None if shape is None else list(shape),
                     dtype, value, differentiable, site)
    if kind == "visit":
        _kind, at, op, op_type, row = item[:5]
        grads = [None if item[k] is None else OutputGrad(*item[k:k + 3]) for k in range(5, len(item), 3)]
        return Visit(at, op, op_type, grads, row)
    return Send(*item[1:])


def _step_records(item, entries):
    """The visit and send records of a ``step`` item: the gradients' arrays sampled now."""
    _kind, at, row, index, n_out = item[:5]
    entry = entries[index]   # its ids read off the row: its tensors are built only for a None sent
    grads = [None if v is None else OutputGrad(o, *sample_and_shape(v))
             for o, v in zip(entry.row.output_ids(), item[5:5 + n_out])]
    yield Visit(at, index, entry.type, grads, row)
    for j in range(5 + n_out, len(item), 3):
        k, value, accumulated = item[j:j + 3]
        if value is None:
            yield _nothing_sent(at, index, entry.inputs[k], row)
        else:
            yield Send(at, index, entry.row.input_id(k), *sample_and_shape(value), accumulated, None, row)


def _sampled_records(item, entries):
    """The visit and send records of a ``sampled`` item."""
    _kind, at, row, index, n_out = item[:5]
    entry = entries[index]
    grads = [None if item[j + 1] is None else OutputGrad(o, item[j], item[j + 1])
             for o, j in zip(entry.row.output_ids(), range(5, 5 + 2 * n_out, 2))]
    yield Visit(at, index, entry.type, grads, row)
    for j in range(5 + 2 * n_out, len(item), 4):
        k, value, shape, accumulated = item[j:j + 4]
        if shape is None:
            yield _nothing_sent(at, index, entry.inputs[k], row)
        else:
            yield Send(at, index, entry.row.input_id(k), value, shape, accumulated, None, row)


def _nothing_sent(at, index, inp, row) -> Send:
    """The send of a rule that returned None for input ``inp``."""
    reason = Cause.NONE_RETURNED if inp.dtype.is_differentiable else Cause.INTEGER_OR_STRING_DTYPE
    return Send(at, index, inp._id, None, dims(inp), False, reason, row)


def _access_record(item, entries):
    """The Watch record of a variable's first read, from its ReadVariableOp row."""
    _kind, at, var = item
    entry = entries[at]
    read = entry.outputs[0]
    value = getattr(read, "_value", None)
    dtype = read.dtype
    return Watch(at, var._id, "access", True, var_name(var), bool(var.trainable), dims(read), dtype.name,
                 read.sample if value is None else sample(value), dtype.is_differentiable, entry.site)
