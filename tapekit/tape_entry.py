"""The record of one op on a tape, and the stub a released tensor leaves behind."""

from __future__ import annotations

from .backend import head
from .shape import TensorShape


class TapeEntry:
    """One recorded op: TF's ``op`` as seen by a gradient function (``op.inputs`` ...)."""

    __slots__ = ("type", "inputs", "outputs", "attrs", "grad_key", "cut", "location", "index",
                 "skip_input_indices", "released", "site", "small")

    def __init__(self, op_type, inputs, outputs, attrs, grad_key, cut, location, index, site=()):
        self.type = op_type
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.grad_key = grad_key
        self.cut = cut
        self.location = location
        self.index = index
        self.site = site               # source_location.user_site(): where the user's code ran it (for the widgets)
        self.skip_input_indices = ()   # inputs whose gradient nobody needs (set by the reverse pass)
        self.released = False
        self.small = False             # every value it saved is small (the tape keeps such values whole)

    @property
    def name(self) -> str:
        return f"{self.type}:{self.index}"

    def get_attr(self, name):
        return (self.attrs or {})[name]

    def release(self, ghosts: dict | None = None) -> None:
        """Drop the saved values, keeping what explain() needs: ids, shapes and dtypes.

        ``ghosts`` (id -> Ghost) shares one ghost per tensor between the entries released in
        one pass: fewer objects that outlive the pass, so fewer full GC collections.
        """
        if self.released:
            return
        self.released = True
        if ghosts is None:
            ghosts = {}
        self.inputs = ghosts_of(self.inputs, ghosts)
        self.outputs = ghosts_of(self.outputs, ghosts)

    def keep_only_what_the_gradient_reads(self, reads: str, tracked: dict, ghosts: dict) -> None:
        """Release, right away, the values this op's gradient never reads (see ``registry.READS``).

        ``ghosts`` (id -> Ghost, the tape's) gives a tensor one ghost, however many entries use it.
        """
        inputs = self.inputs
        if reads == "other_input":   # d/dx reads y, d/dy reads x: keep one only if the other is live
            x, y = inputs
            inputs = (x if tracked.get(y._id) else ghost_of(x, ghosts, True),
                      y if tracked.get(x._id) else ghost_of(y, ghosts, True))
        elif reads == "divisor":     # d/dx reads y, d/dy reads x and y
            x, y = inputs
            inputs = (x if tracked.get(y._id) else ghost_of(x, ghosts, True), y)
        elif reads != "inputs":
            inputs = ghosts_of(inputs, ghosts)
        self.inputs = inputs
        if reads != "outputs":
            self.outputs = ghosts_of(self.outputs, ghosts)
        self.released = reads == "nothing"   # then nothing is left to release

    def __repr__(self) -> str:
        return f"<TapeEntry {self.index}: {self.type}>"


def ghosts_of(tensors: tuple, ghosts: dict) -> tuple:
    """``tensors`` with each one's ghost (with a sample); the same tuple when all are ghosts already."""
    if len(tensors) == 1:   # most ops: no generator, no new tuple for a released one
        t = tensors[0]
        return tensors if type(t) is Ghost else (ghost_of(t, ghosts, True),)
    return tuple(ghost_of(t, ghosts, True) for t in tensors)


def ghost_of(t, ghosts: dict, keep_sample: bool):
    if type(t) is Ghost:
        return t
    ghost = ghosts.get(t._id)
    if ghost is None:
        ghost = ghosts[t._id] = Ghost(t, keep_sample)
    elif keep_sample and ghost.sample is None:
        ghost.sample = sample_of(t._value)
    return ghost


_DIMS: dict = {}   # shape tuple -> itself: ghosts of same-shaped tensors share one tuple
_MAX_SHARED_DIMS = 4096


def shared_dims(shape) -> tuple:
    """``shape`` as a tuple, one per distinct shape (up to a bound): fewer objects the GC tracks."""
    dims = _DIMS.get(shape)
    if dims is None:
        dims = tuple(shape)
        if len(_DIMS) < _MAX_SHARED_DIMS:
            _DIMS[dims] = dims
    return dims


def sample_of(v):
    return None if v is None else (v if v.size <= 8 else head(v, 8))


class Ghost:
    """What is left of a tensor once its value was released: id, shape and dtype."""

    __slots__ = ("_id", "_dtype", "_dims", "sample")

    def __init__(self, t, keep_sample=True):
        self._id = t._id
        self._dtype = t._dtype
        value = getattr(t, "_value", None)
        self._dims = shared_dims(value.shape) if value is not None else t._dims
        # the first few elements, so events can still show a value preview (events.SAMPLE_SIZE)
        self.sample = sample_of(t._value) if keep_sample else None

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

    ``entries`` and ``tracked`` are the tape's own list and dict (they grow as it records);
    ``log`` is its ``observer.TapeLog``; ``ghosts`` its released tensors (one ghost per id, shared by
the entries that recorded them and by the reverse pass). A view with ``persistent=True`` and no listeners lets a
    Jacobian walk the entries many times without releasing them.
    """

    __slots__ = ("entries", "tracked", "persistent", "listeners", "log", "watched_variables",
                 "watch_accessed_variables", "ghosts")

    def __init__(self, entries, tracked, persistent, listeners, log, watched_variables=(),
                 watch_accessed_variables=True, ghosts=None):
        self.ghosts = ghosts if ghosts is not None else {}   # the tape's: released tensor id -> Ghost
        self.entries = entries
        self.tracked = tracked
        self.persistent = persistent
        self.listeners = listeners
        self.log = log
        self.watched_variables = watched_variables
        self.watch_accessed_variables = watch_accessed_variables

    def kept(self) -> TapeView:
        """This view for a pass that must not release entries (a Jacobian walks them many times)."""
        return TapeView(self.entries, self.tracked, True, (), self.log, self.watched_variables,
                        self.watch_accessed_variables, self.ghosts)
