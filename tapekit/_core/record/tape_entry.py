"""How a tape stores one recorded op (a ``Row``), and the views readers get of it.

A ``Row`` holds what TF's C++ tape records of an op: its type, its inputs' and outputs' ids,
dtypes and the values its gradient reads, its attrs, the key of its gradient rule, why gradients
stop there (``cut``), where the user's code ran it, and whether its values are still saved
(``state``). Rows are built in one place (``Row.__init__``, called by the tape's recorder) and
read through their named fields and methods: nothing outside this module knows how a side is
packed. A row's place on the tape is its index in ``Records.rows``.

Each side is packed flat, one ``(id, value, dtype name)`` triple per tensor (a tuple of atoms:
the cyclic GC stops tracking it). A value is one of three kinds:

- ``Live``: the backend array itself, saved for the gradient;
- ``Released``: what is left once the tape let go of it, ``(dims, sample)`` (a *ghost*: enough
  for ``explain()`` and the events; a NumPy sample kept as bytes), one per tensor id;
- ``Kept``: an input that is not a plain Tensor (a variable read by ``ReadVariableOp``), ``(obj,)``.

The kinds are classes of functions over those plain tuples, not objects per value: an object per
value would stay tracked by the cyclic GC (``benchmarks/README.md``, W3; ARCHITECTURE.md). The
tape keeps the Tensor objects of the live values alive beside the rows (``keep_objects``: TF's
tape keeps them too). The reverse pass reads rows; gradient rules get a ``TapeEntry`` (TF's
``op``: ``op.inputs``, ``op.get_attr`` ...), or on the lean path an ``ArrayEntry``.
"""

from __future__ import annotations

import numpy as np

from ...backend import head
from ..._base.dtypes import as_dtype
from ..._base.shape import TensorShape
from ..values.tensor import EagerTensor, restored

LIVE, RELEASED, SMALL = "live", "released", "small"   # Row.state: values saved / released / all small, kept for good
_SKIPS: dict = {}   # one shared tuple per skip_input_indices value (Row.inputs_outside)
_SKIP_FIRST = (0,)
_SKIP_PAIR = {(False, False): (), (True, False): (0,), (False, True): (1,), (True, True): (0, 1)}


class Live:
    """A saved value: the backend array itself."""

    @staticmethod
    def holds(value) -> bool:
        return type(value) is not tuple


class Released:
    """A released value's ghost ``(dims, sample)``: a plain tuple, one per tensor id (the tape's ``ghosts``)."""

    @staticmethod
    def holds(value) -> bool:
        return type(value) is tuple and len(value) == 2

    @staticmethod
    def of(array) -> tuple:
        """The ghost of a backend array: its dims (shared per shape) and its first elements."""
        shape = array.shape
        return SHARED_DIMS.get(shape) or shared_dims(shape), sample_of(array)


class Kept:
    """An input that is not a plain Tensor (a variable), kept as ``(obj,)``."""

    @staticmethod
    def holds(value) -> bool:
        return type(value) is tuple and len(value) == 1

    @staticmethod
    def of(obj) -> tuple:
        return (obj,)


class Row:
    """One recorded op on a tape (see the module's docstring)."""

    __slots__ = ("op_type", "_ins", "_outs", "attrs", "grad_key", "cut", "site", "location", "state")

    def __init__(self, op_type, ins: tuple, outs: tuple, attrs, grad_key, cut, site, location, state):
        self.op_type = op_type
        self._ins = ins          # packed sides (``packed``)
        self._outs = outs
        self.attrs = attrs       # dict or None
        self.grad_key = grad_key  # the op type naming its rule (registry.RULES), or a GradientRule
        self.cut = cut           # a Cause (gradients stop here) or None
        self.site = site         # source_location.user_site(): where the user's code ran the op
        self.location = location  # (file, line) or None
        self.state = state       # LIVE, RELEASED or SMALL

    @property
    def n_inputs(self) -> int:
        return len(self._ins) // 3

    @property
    def n_outputs(self) -> int:
        return len(self._outs) // 3

    def input_ids(self) -> tuple:
        return self._ins[0::3]

    def output_ids(self) -> tuple:
        return self._outs[0::3]

    def input_id(self, k: int) -> int:
        return self._ins[3 * k]

    def output_id(self, k: int) -> int:
        return self._outs[3 * k]

    def input_dtype(self, k: int) -> str:
        """The name of input ``k``'s dtype."""
        return self._ins[3 * k + 2]

    def input_shape(self, k: int) -> tuple:
        return shape_of(self._ins[3 * k + 1])

    def input_described(self, k: int) -> tuple:
        """``(id, shape, dtype name)`` of input ``k`` (what the reverse pass needs to send it a gradient)."""
        ins = self._ins
        value = ins[3 * k + 1]
        shape = value.shape if type(value) is not tuple else value[0] if len(value) == 2 else shape_of(value)
        return ins[3 * k], shape, ins[3 * k + 2]   # (a live array's shape, a ghost's dims: shape_of inline)

    def inputs_outside(self, ids) -> tuple:
        """The indices of the inputs whose id is not in ``ids``, one shared tuple per value (the
        reverse pass's ``op.skip_input_indices``: the inputs no source is reached through)."""
        ins = self._ins
        if len(ins) == 3:   # one input: most ops
            return () if ins[0] in ids else _SKIP_FIRST
        if len(ins) == 6:
            return _SKIP_PAIR[ins[0] not in ids, ins[3] not in ids]
        skip = tuple(k for k in range(len(ins) // 3) if ins[3 * k] not in ids)
        return _SKIPS.setdefault(skip, skip)   # shared: less memory

    def input_values(self) -> tuple:
        """The saved inputs, each of its kind (``Live``, ``Released``, ``Kept``)."""
        return self._ins[1::3]

    def output_values(self) -> tuple:
        return self._outs[1::3]

    def input_arrays(self) -> tuple:
        """The saved inputs as backend arrays (a released or kept one as ``TapeEntry`` shows it)."""
        return arrays_of(self._ins)

    def output_arrays(self) -> tuple:
        return arrays_of(self._outs)

    def input_tensors(self, saved: dict | None = None) -> tuple:
        return tensors_of(self._ins, saved)

    def described_inputs(self) -> tuple:
        """``(id, shape, dtype name, value)`` per input, with no tensor built (``described``)."""
        return described(self._ins)

    def described_outputs(self) -> tuple:
        return described(self._outs)

    def output_tensors(self, saved: dict | None = None) -> tuple:
        return tensors_of(self._outs, saved)

    def sides(self) -> tuple:
        """The packed sides as stored (tuples of atoms, which the cyclic GC stops tracking)."""
        return self._ins, self._outs

    def release(self, ghosts: dict, saved: dict | None = None) -> None:
        """Drop the saved values, keeping ids, shapes, dtypes and samples (and, given ``saved``,
        no longer keeping the row's tensors alive)."""
        self._ins = ghosted(self._ins, ghosts, saved)
        self._outs = ghosted(self._outs, ghosts, saved)
        self.state = RELEASED

    def __repr__(self) -> str:
        return f"<Row {self.op_type} {self.state}>"


def packed(tensors) -> tuple:
    """``tensors`` as a row's flat ``(id, value, dtype name)`` triples."""
    if len(tensors) == 1:   # most ops: no loop
        t = tensors[0]
        return (t._id, t._value, t._dtype.name) if type(t) is EagerTensor else _kept(t)
    if len(tensors) == 2 and type(tensors[0]) is EagerTensor and type(tensors[1]) is EagerTensor:
        x, y = tensors
        return (x._id, x._value, x._dtype.name, y._id, y._value, y._dtype.name)
    out = []
    for t in tensors:
        out += (t._id, t._value, t._dtype.name) if type(t) is EagerTensor else _kept(t)
    return tuple(out)


def small_sides(inputs: tuple, output, limit: int):
    """``(packed(inputs), packed((output,)))`` of a hot element-wise op (one or two plain Tensor
    inputs, one output) when each value has at most ``limit`` elements, else None: the tape's
    short path (``record_elementwise``), in one call per op."""
    x = inputs[0]
    if x._value.size > limit or output._value.size > limit:
        return None
    out = (output._id, output._value, output._dtype.name)
    if len(inputs) == 1:
        return (x._id, x._value, x._dtype.name), out
    y = inputs[1]
    if y._value.size > limit:
        return None
    return (x._id, x._value, x._dtype.name, y._id, y._value, y._dtype.name), out


def read_sides(variable, read_tensor, ghost) -> tuple:
    """The packed sides of a variable's read: the variable kept and the value read, or the one
    ghost of that value (``ghost``, not None) on both sides."""
    dtype_name = read_tensor._dtype.name
    if ghost is None:
        return _kept(variable), (read_tensor._id, read_tensor._value, dtype_name)
    return (variable._id, ghost, dtype_name), (read_tensor._id, ghost, dtype_name)


def _kept(obj) -> tuple:
    """The packed triple of an input that is not a plain Tensor (a variable): the object itself."""
    return obj._id, (obj,), as_dtype(obj.dtype).name


def shape_of(value) -> tuple:
    """The shape of a packed value: a live array's, a ghost's dims, a kept object's."""
    if type(value) is not tuple:
        return value.shape
    if len(value) == 2:
        return value[0]
    obj = value[0]
    array = getattr(obj, "_value", None)
    return array.shape if array is not None else tuple(obj.shape)


def tensors_of(side: tuple, saved: dict | None = None) -> tuple:
    """A packed side as tensors (the recorded ones where ``saved`` has them, else rebuilt with
    their recorded ids), ghosts and kept objects."""
    out = []
    for k in range(0, len(side), 3):
        tid, value, dtype_name = side[k], side[k + 1], side[k + 2]
        if type(value) is not tuple:
            t = saved.get(tid) if saved else None
            out.append(t if t is not None else restored(value, as_dtype(dtype_name), tid))
        else:
            out.append(_view_of(side, k // 3))
    return tuple(out)


def described(side: tuple) -> tuple:
    """A packed side as ``(id, shape, dtype name, value)`` per tensor, where value is the live
    array, a released value's sample (an array) or a kept object's current value: what the events
    read of every op, without building the tensors of ``tensors_of``."""
    out = []
    for k in range(0, len(side), 3):
        tid, value, dtype_name = side[k], side[k + 1], side[k + 2]
        if type(value) is not tuple:        # Live
            out.append((tid, value.shape, dtype_name, value))
        elif len(value) == 2:               # Released: (dims, sample), the sample maybe as bytes
            dims, first = value
            if type(first) is bytes:
                first = np.frombuffer(first, dtype=as_dtype(dtype_name).numpy_dtype)
            out.append((tid, dims, dtype_name, first))
        else:                               # Kept: the object (a variable) as it is now
            out.append((tid, shape_of(value), dtype_name, getattr(value[0], "_value", None)))
    return tuple(out)


def ghost_of(tid: int, value, ghosts: dict) -> tuple:
    """The ghost of a packed value: ``(dims, sample)``, one per tensor id in ``ghosts`` (the tape's)."""
    if type(value) is tuple and len(value) == 2:
        return value
    ghost = ghosts.get(tid)
    if ghost is None:
        array = value if type(value) is not tuple else getattr(value[0], "_value", None)
        ghost = ghosts[tid] = Released.of(array) if array is not None else \
            (shared_dims(tuple(value[0].shape)), None)
    return ghost


def ghosted(side: tuple, ghosts: dict, saved: dict | None = None) -> tuple:
    """A packed side with every value released (the same tuple when all are ghosts already).

    ``saved`` (the tape's id -> Tensor), when given, lets go of the side's tensors too.
    """
    n = len(side)
    if n == 3:   # one tensor: most ops
        value = side[1]
        if type(value) is tuple and len(value) == 2:
            return side
        if saved is not None:
            saved.pop(side[0], None)
        return side[0], ghost_of(side[0], value, ghosts), side[2]
    if n == 6:   # two
        xid, x, x_dtype, yid, y, y_dtype = side
        if saved is not None:
            saved.pop(xid, None)
            saved.pop(yid, None)
        return xid, ghost_of(xid, x, ghosts), x_dtype, yid, ghost_of(yid, y, ghosts), y_dtype
    out = []
    for k in range(0, n, 3):
        if saved is not None:
            saved.pop(side[k], None)
        out += (side[k], ghost_of(side[k], side[k + 1], ghosts), side[k + 2])
    return tuple(out)


def kept_for_gradient(reads: str, inputs: tuple, outputs: tuple, tracked: dict, ghosts: dict) -> tuple:
    """``(inputs, outputs)`` keeping only the values the op's gradient reads (``registry.READS``)."""
    if reads == "other_input":   # d/dx reads y, d/dy reads x: keep one only if the other is live
        xid, yid = inputs[0], inputs[3]
        inputs = (xid, inputs[1] if tracked.get(yid) else ghost_of(xid, inputs[1], ghosts), inputs[2],
                  yid, inputs[4] if tracked.get(xid) else ghost_of(yid, inputs[4], ghosts), inputs[5])
    elif reads == "divisor":     # d/dx reads y, d/dy reads x and y
        xid, yid = inputs[0], inputs[3]
        inputs = (xid, inputs[1] if tracked.get(yid) else ghost_of(xid, inputs[1], ghosts), inputs[2]) + \
            inputs[3:]
    elif reads != "inputs":
        inputs = ghosted(inputs, ghosts)
    if reads != "outputs":
        outputs = ghosted(outputs, ghosts)
    return inputs, outputs


def keep_objects(saved: dict, tensors, side: tuple) -> None:
    """Keep alive (in ``saved``, the tape's) each of ``tensors`` whose value ``side`` still holds."""
    if len(side) == 3:   # one tensor: most sides
        t = tensors[0]
        if type(side[1]) is not tuple and t._id not in saved:   # the first object stays
            saved[t._id] = t
        return
    for k, t in enumerate(tensors):
        if type(side[3 * k + 1]) is not tuple and t._id not in saved:
            saved[t._id] = t


SHARED_DIMS: dict = {}   # shape tuple -> itself: ghosts of same-shaped tensors share one tuple (read by events)
_MAX_SHARED_DIMS = 4096


def shared_dims(shape) -> tuple:
    """``shape`` as a tuple, one per distinct shape (up to a bound): less memory per ghost."""
    dims = SHARED_DIMS.get(shape)
    if dims is None:
        dims = tuple(shape)
        if len(SHARED_DIMS) < _MAX_SHARED_DIMS:
            SHARED_DIMS[dims] = dims
    return dims


_SAMPLE = 8                  # elements a ghost keeps for previews (events.SAMPLE_SIZE)
_BYTES_KINDS = frozenset("biufc")


def sample_of(v):
    """The first elements of ``v`` (None for None); a NumPy array's as bytes, which take half the
    memory of a small array object (a long tape keeps one per released tensor: W3's memory)."""
    if v is None:
        return None
    if type(v) is np.ndarray and v.dtype.kind in _BYTES_KINDS:
        ndim = v.ndim   # the common layouts inline (the one slice: a sample is taken per released value)
        if ndim == 2 and v.shape[1] >= _SAMPLE:
            return v[0, :_SAMPLE].tobytes()
        return (v[:_SAMPLE] if ndim == 1 else head(v, _SAMPLE)).tobytes()
    return v if v.size <= _SAMPLE else head(v, _SAMPLE)


class TapeEntry:
    """One recorded op, as gradient functions see it (TF's ``op``) and explain() and the events read it.

    A view of a ``Row``: ``inputs``/``outputs`` are Tensors with the recorded ids (``Ghost`` for a
    released value, the object itself for a variable), built when first read.
    """

    __slots__ = ("row", "index", "skip_input_indices", "_saved", "_inputs", "_outputs")

    def __init__(self, row: Row, index: int, skip_input_indices: tuple = (), saved: dict | None = None):
        self.row = row
        self.index = index   # its place on the tape
        self.skip_input_indices = skip_input_indices   # inputs whose gradient nobody needs (the reverse pass)
        self._saved = saved  # the tape's id -> Tensor: the recorded objects themselves, where kept
        self._inputs = self._outputs = None

    @property
    def type(self) -> str:
        return self.row.op_type

    @property
    def inputs(self) -> tuple:
        if self._inputs is None:
            self._inputs = self.row.input_tensors(self._saved)
        return self._inputs

    @property
    def outputs(self) -> tuple:
        if self._outputs is None:
            self._outputs = self.row.output_tensors(self._saved)
        return self._outputs

    def described_inputs(self) -> tuple:
        """``(id, shape, dtype name, value)`` per input, with no tensor built (``Row.described_inputs``)."""
        return self.row.described_inputs()

    def described_outputs(self) -> tuple:
        return self.row.described_outputs()

    @property
    def attrs(self):
        return self.row.attrs

    @property
    def grad_key(self):
        return self.row.grad_key

    @property
    def cut(self):
        return self.row.cut

    @property
    def site(self):
        """``source_location.user_site()``: where the user's code ran the op (for the widgets)."""
        return self.row.site

    @property
    def location(self):
        """``(file, line)`` of the user's code, taken for listeners and where a gradient stops."""
        return self.row.location

    @property
    def released(self) -> bool:
        """Whether the op's values were dropped, or are all small and kept whole for good."""
        return self.row.state != LIVE

    @property
    def small(self) -> bool:
        """Every value it saved is small (the tape keeps such values whole)."""
        return self.row.state == SMALL

    @property
    def name(self) -> str:
        return f"{self.type}:{self.index}"

    def get_attr(self, name):
        return (self.attrs or {})[name]

    def __repr__(self) -> str:
        return f"<TapeEntry {self.index}: {self.type}>"


class ArrayEntry:
    """A recorded op as a rule written with ``grads.rule_math`` sees it on the lean path: its saved
    values as backend arrays (a released one as its ``Ghost``, which only a rule that never reads
    the value gets), its attrs and ``skip_input_indices``. Nothing records while it is used; the
    reverse pass points one view at each op in turn (``of``)."""

    __slots__ = ("row", "skip_input_indices")

    def __init__(self, row: Row | None = None, skip_input_indices: tuple = ()):
        self.row = row
        self.skip_input_indices = skip_input_indices

    def of(self, row: Row, skip_input_indices: tuple) -> ArrayEntry:
        self.row = row
        self.skip_input_indices = skip_input_indices
        return self

    @property
    def type(self) -> str:
        return self.row.op_type

    @property
    def attrs(self):
        return self.row.attrs

    @property
    def inputs(self) -> tuple:
        values = self.row._ins[1::3]
        for value in values:   # arrays_of, inline (once per op on the lean path)
            if type(value) is tuple:
                return arrays_of(self.row._ins)
        return values

    @property
    def outputs(self) -> tuple:
        return arrays_of(self.row._outs)


def arrays_of(side: tuple) -> tuple:
    """A packed side's values as backend arrays; a released one as its ``Ghost``, a kept one as the object."""
    values = side[1::3]
    for value in values:
        if type(value) is tuple:
            return tuple([v if type(v) is not tuple else _view_of(side, k) for k, v in enumerate(values)])
    return values


def _view_of(side: tuple, k: int):
    """What ``TapeEntry`` shows of a packed side's value ``k`` that is not a live array."""
    value = side[3 * k + 1]
    if len(value) == 1:   # Kept
        return value[0]
    return Ghost(side[3 * k], as_dtype(side[3 * k + 2]), value[0], value[1])


class Records:
    """A tape's recorded ops: ``rows``, read as ``TapeEntry`` views (by index, in order, reversed)."""

    __slots__ = ("rows",)

    def __init__(self):
        self.rows: list = []

    def __len__(self) -> int:
        return len(self.rows)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(len(self.rows))[index]]
        row = self.rows[index]
        return TapeEntry(row, index if index >= 0 else index + len(self.rows))

    def __iter__(self):
        return map(TapeEntry, self.rows, range(len(self.rows)))

    def __reversed__(self):
        return map(TapeEntry, reversed(self.rows), range(len(self.rows) - 1, -1, -1))

    def release_all(self, ghosts: dict) -> None:
        """Drop every saved value (a non-persistent tape after its gradient)."""
        for row in self.rows:
            if row.state == LIVE:
                row.release(ghosts)


class Ghost:
    """What is left of a tensor once its value was released: id, shape, dtype and a sample."""

    __slots__ = ("_id", "_dtype", "_dims", "_sample")

    def __init__(self, tensor_id: int, dtype, dims: tuple, sample):
        self._id = tensor_id
        self._dtype = dtype
        self._dims = dims
        self._sample = sample

    @property
    def sample(self):
        """The first few elements, so events can still show a value preview (read back from bytes)."""
        sample = self._sample
        return np.frombuffer(sample, dtype=self._dtype.numpy_dtype) if type(sample) is bytes else sample

    @property
    def id(self) -> int:
        return self._id

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._dims)


class TapeView:
    """What the reverse pass and ``explain()`` read of a tape: its internal API, built by the tape.

    ``entries`` is the tape's ``Records`` and ``tracked`` its dict (they grow as it records);
    ``roots`` the ids it watched as differentiable and ``from_roots`` the ids they reach through
    live, uncut ops (what the reverse pass would find reachable from sources that cover the roots);
    ``log`` is its ``observer.TapeLog``; ``ghosts`` its released tensors (one ghost per id, shared
    by the rows that recorded them). A view with ``persistent=True`` and no listeners lets a
    Jacobian walk the rows many times without releasing them.
    """

    __slots__ = ("entries", "tracked", "persistent", "listeners", "log", "_watched",
                 "watch_accessed_variables", "ghosts", "saved", "roots", "from_roots")

    def __init__(self, entries, tracked, persistent, listeners, log, watched=None,
                 watch_accessed_variables=True, ghosts=None, saved=None, roots=None, from_roots=None):
        self.ghosts = ghosts if ghosts is not None else {}   # the tape's: released tensor id -> ghost
        self.saved = saved if saved is not None else {}      # the tape's: id -> tensor kept alive with its value
        self.roots = roots if roots is not None else set()
        self.from_roots = from_roots if from_roots is not None else set()
        self.entries = entries
        self.tracked = tracked
        self.persistent = persistent
        self.listeners = listeners
        self.log = log
        self._watched = watched if watched is not None else {}   # the tape's: variable id -> variable
        self.watch_accessed_variables = watch_accessed_variables

    @property
    def watched_variables(self) -> tuple:
        """The variables the tape watched, in order of their creation (sorted when asked)."""
        return tuple(v for _, v in sorted(self._watched.items()))

    def kept(self) -> TapeView:
        """This view for a pass that must not release entries (a Jacobian walks them many times)."""
        return TapeView(self.entries, self.tracked, True, (), self.log, self._watched,
                        self.watch_accessed_variables, self.ghosts, self.saved, self.roots, self.from_roots)
