"""GradientTape: records the ops run on watched values so that gradients can be computed."""

from __future__ import annotations

import contextlib
import enum
import logging
import sys

from . import nest
from .backend import head
from .registry import _GRADIENTS, READS, state
from .shape import TensorShape
from .tensor import Tensor

logger = logging.getLogger("tapekit")
if not logger.handlers:
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
    logger.addHandler(_handler)
    logger.propagate = False

# Values of at most this many elements stay saved whole: dropping them saves little memory and
# costs more time than it saves (W1 in benchmarks/). An entry whose values are all small is never
# released, neither at record time nor by the reverse pass.
_SMALL = 64
_PACKAGE_DIR = __file__.rsplit("/", 1)[0]
_NON_PERSISTENT_USED = ("A non-persistent GradientTape can only be used to compute one set of "
                        "gradients (or jacobians)")


class UnconnectedGradients(enum.Enum):
    """What ``gradient()`` returns for a source the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


def active_tapes() -> list:
    return state.tapes


_INTERNAL_FILES: set = set()   # filenames known to lie inside tapekit (a set test is cheaper than startswith)


def user_location(skip_package: str = _PACKAGE_DIR, depth: int = 2):
    """(filename, line) of the innermost frame outside tapekit: the user's line of code.

    ``depth`` frames (counted from this function) are skipped unexamined: callers that know
    they sit under that many tapekit frames pass more to walk less.
    """
    frame = sys._getframe(depth)
    internal = _INTERNAL_FILES
    while frame is not None:
        name = frame.f_code.co_filename
        if name in internal:
            frame = frame.f_back
        elif name.startswith(skip_package):
            if skip_package == _PACKAGE_DIR:
                internal.add(name)
            frame = frame.f_back
        else:
            return (name, frame.f_lineno)
    return None


_SITE_GUESS: dict = {}   # op type -> (how deep the user's frame was last time, its code, its sites)


def user_site(key=None, depth: int = 3):
    """Where the user's code ran an op, cheaply: ``(code, instruction offset)`` or ``()``.

    The innermost frame outside tapekit. Code object and offset only: no line number
    (``tapekit.sites`` computes it when asked) and no locals. What costs is making frame objects
    for tapekit's own short-lived frames, so the frame that was the user's last time for this op
    type is looked up directly and taken when it runs the same code; only otherwise are the
    frames walked (docs/EVENTS.md "Cost").
    """
    guess = _SITE_GUESS.get(key)
    if guess is not None:
        try:
            frame = sys._getframe(guess[0])
        except ValueError:
            frame = None
        if frame is not None and frame.f_code is guess[1]:
            # one tuple per (code, offset): a loop records the same site many times
            site = guess[2].get(frame.f_lasti)
            if site is None:
                site = guess[2][frame.f_lasti] = (guess[1], frame.f_lasti)
            return site
    internal = _INTERNAL_FILES
    frame, found = sys._getframe(depth), depth
    while frame is not None:
        name = frame.f_code.co_filename
        if name not in internal:
            if not name.startswith(_PACKAGE_DIR):
                _SITE_GUESS[key] = (found, frame.f_code, {})
                return (frame.f_code, frame.f_lasti)
            internal.add(name)
        frame, found = frame.f_back, found + 1
    return ()


class TapeEntry:
    """One recorded op: TF's ``op`` as seen by a gradient function (``op.inputs`` ...)."""

    __slots__ = ("type", "inputs", "outputs", "attrs", "grad_key", "cut", "location", "index",
                 "skip_input_indices", "released", "site")

    def __init__(self, op_type, inputs, outputs, attrs, grad_key, cut, location, index):
        self.skip_input_indices = ()   # inputs whose gradient nobody needs (set by the reverse pass)
        self.released = False
        self.site = ()                 # user_site(): where the user's code ran it (for the widgets)
        self.type = op_type
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.grad_key = grad_key
        self.cut = cut
        self.location = location
        self.index = index

    @property
    def name(self) -> str:
        return f"{self.type}:{self.index}"

    def get_attr(self, name):
        return (self.attrs or {})[name]

    def release(self, ghosts: dict | None = None) -> None:
        """Drop the saved values, keeping what explain() needs: ids, shapes and dtypes.

        ``ghosts`` (id -> _Ghost) shares one ghost per tensor between the entries released in
        one pass: fewer objects that outlive the pass, so fewer full GC collections.
        """
        if self.released:
            return
        self.released = True
        if ghosts is None:
            ghosts = {}
        self.inputs = tuple(_ghost_of(t, ghosts, True) for t in self.inputs)
        self.outputs = tuple(_ghost_of(t, ghosts, True) for t in self.outputs)

    def keep_only_what_the_gradient_reads(self, reads: str, tracked: dict, ghosts: dict) -> None:
        """Release, right away, the values this op's gradient never reads (see ``registry.READS``).

        ``ghosts`` (id -> _Ghost, the tape's) gives a tensor one ghost, however many entries use it.
        """
        inputs = self.inputs
        if reads == "other_input":   # d/dx reads y, d/dy reads x: keep one only if the other is live
            x, y = inputs
            inputs = (x if tracked.get(y._id) else _ghost_of(x, ghosts, True),
                      y if tracked.get(x._id) else _ghost_of(y, ghosts, True))
        elif reads == "divisor":     # d/dx reads y, d/dy reads x and y
            x, y = inputs
            inputs = (x if tracked.get(y._id) else _ghost_of(x, ghosts, True), y)
        elif reads != "inputs":
            inputs = tuple(_ghost_of(t, ghosts, True) for t in inputs)
        self.inputs = inputs
        if reads != "outputs":
            self.outputs = tuple(_ghost_of(t, ghosts, True) for t in self.outputs)
        self.released = reads == "nothing"   # then nothing is left to release

    def __repr__(self) -> str:
        return f"<TapeEntry {self.index}: {self.type}>"


def _all_small(tensors) -> bool:
    """Whether every value has at most ``_SMALL`` elements (a released tensor counts as large)."""
    for t in tensors:
        value = getattr(t, "_value", None)
        if value is None or value.size > _SMALL:
            return False
    return True


def _ghost_of(t, ghosts: dict, keep_sample: bool):
    if type(t) is _Ghost:
        return t
    ghost = ghosts.get(t._id)
    if ghost is None:
        ghost = ghosts[t._id] = _Ghost(t, keep_sample)
    elif keep_sample and ghost.sample is None:
        ghost.sample = _sample_of(t._value)
    return ghost


_DIMS: dict = {}   # shape tuple -> itself: ghosts of same-shaped tensors share one tuple
_MAX_SHARED_DIMS = 4096


def _shared_dims(shape) -> tuple:
    dims = _DIMS.get(shape)
    if dims is None:
        dims = tuple(shape)
        if len(_DIMS) < _MAX_SHARED_DIMS:
            _DIMS[dims] = dims
    return dims


def _sample_of(v):
    return None if v is None else (v if v.size <= 8 else head(v, 8))


class _Ghost:
    """What is left of a tensor once its value was released: id, shape and dtype."""

    __slots__ = ("_id", "_dtype", "_dims", "sample")

    def __init__(self, t, keep_sample=True):
        self._id = t._id
        self._dtype = t._dtype
        value = getattr(t, "_value", None)
        self._dims = _shared_dims(value.shape) if value is not None else t._dims
        # the first few elements, so events can still show a value preview (events.SAMPLE_SIZE)
        self.sample = _sample_of(t._value) if keep_sample else None

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._dims)


class GradientTape:
    """Record operations for automatic differentiation, like ``tf.GradientTape``.

    Ops run inside ``with GradientTape() as tape:`` whose inputs the tape watches are recorded;
    ``tape.gradient(target, sources)`` then walks the record backwards. Trainable variables are
    watched when they are read (unless ``watch_accessed_variables=False``); tensors must be
    watched with ``tape.watch``. A non-persistent tape can compute one set of gradients.
    """

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True):
        self._persistent = bool(persistent)
        self._watch_accessed_variables = bool(watch_accessed_variables)
        self._recording = False
        self._used = False          # a non-persistent tape spent by gradient()/jacobian()
        self._entered = False
        self._paused = False        # inside stop_recording()
        self._entries: list | None = None
        self._tracked: dict = {}    # tensor/variable id -> True (differentiable) / False (shadow)
        self._ghosts: dict = {}     # tensor id -> its _Ghost, once an entry released its value
        self._watched_vars: dict = {}
        self._log = None            # events.TapeLog, created on first use (introspection)
        self._listeners: list = []
        self._warned_lines: set = set()

    # ---------- context ----------
    def __enter__(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to re-enter "
                             "an already-active tape.")
        if self._entries is None or self._used:
            self._start_fresh()
        self._entered = True
        self._recording = True
        state.tapes.append(self)
        self._events().entered(user_location())
        return self

    def __exit__(self, typ, value, traceback):
        if self._recording:
            self._pop()
        return False

    def _start_fresh(self) -> None:
        self._entries = []
        self._tracked = {}
        self._ghosts = {}
        self._watched_vars = {}
        self._used = False
        if self._log is not None:
            self._log.clear()

    def _pop(self) -> None:
        self._recording = False
        tapes = state.tapes
        for i in range(len(tapes) - 1, -1, -1):
            if tapes[i] is self:
                del tapes[i]
                break

    # ---------- what is watched ----------
    def watch(self, tensor) -> None:
        """Start tracking a tensor or variable (or a nested list of them)."""
        if not self._entered:
            raise AttributeError(
                "'NoneType' object has no attribute '_tape': GradientTape.watch() was called "
                "before the tape was entered. Call it inside `with tk.GradientTape() as tape:`.")
        items = nest.flatten(tensor)
        for item in items:
            if not (isinstance(item, Tensor) or hasattr(item, "_read")):
                raise ValueError(
                    f"Passed in object {_short(item)} of type '{type(item).__name__}', not "
                    "tk.Tensor or tk.Variable or ExtensionType.")
        for item in items:
            if not item.dtype.is_differentiable:
                logger.warning("The dtype of the watched tensor must be floating (e.g. "
                               "tk.float32), got %r", item.dtype)
        if not any(t._recording for t in state.tapes):
            return   # TF: with no tape recording (e.g. inside stop_recording), watch does nothing
        for item in items:
            self._watch_one(item, how="watch")

    def _watch_one(self, item, how: str) -> None:
        is_var = hasattr(item, "_read")
        if is_var:
            if item._id not in self._watched_vars:
                self._watched_vars[item._id] = item
        if self._tracked.get(item._id) is None:
            self._tracked[item._id] = item.dtype.is_differentiable
            if self._log is not None or self._listeners:
                self._events().watched(item, how, is_var)

    def watched_variables(self) -> tuple:
        """The variables this tape watched, in order of their creation."""
        return tuple(v for _, v in sorted(self._watched_vars.items()))

    def _variable_read(self, var, read_tensor) -> None:
        if self._paused:
            if self._tracked.get(var._id) is not None:
                self._record("ReadVariableOp", (var,), (read_tensor,), None, "ReadVariableOp",
                             "recording_stopped")
            return
        if self._watch_accessed_variables and var.trainable and var._id not in self._tracked:
            self._watch_one(var, how="access")
        if self._tracked.get(var._id) is not None:
            self._record("ReadVariableOp", (var,), (read_tensor,), None, "ReadVariableOp", None)
        else:   # not watched: the widgets still draw the variable as the input it is
            self._events().read_unwatched(var, read_tensor)

    def _variable_assigned(self, var, how: str) -> None:
        # logged even before the tape reads var: a later read then starts from the new state
        self._events().state_changed(var, how, user_location())

    def _note_left(self, t, how: str) -> None:
        if self._tracked.get(t._id) is not None:
            self._events().left_tape(t, how, user_location())

    # ---------- recording ----------
    def _record(self, op_type, inputs, outputs, attrs, grad_key, cut) -> None:
        tracked = self._tracked
        live = None
        for t in inputs:
            flag = tracked.get(t._id)
            if flag:
                live = True
                break
            if flag is not None:
                live = False
        if live is None:
            return
        if self._paused:
            cut = "recording_stopped"
        entry = TapeEntry(op_type, inputs, outputs, attrs, grad_key,
                          cut if live else (cut or "shadow"), None, len(self._entries))
        self._entries.append(entry)
        entry.site = user_site(op_type)
        differentiable = live and cut is None
        blocked = False
        for out in outputs:
            flag = differentiable and out._dtype.is_differentiable
            tracked[out._id] = flag
            blocked = blocked or not flag
        if _all_small(inputs) and _all_small(outputs):
            entry.released = True   # small values stay saved whole: releasing them would cost, not save
        else:
            reads = READS.get(grad_key) if differentiable and type(grad_key) is str else None
            if reads is not None:
                entry.keep_only_what_the_gradient_reads(reads, tracked, self._ghosts)
        # The user's line costs a stack walk: take it for listeners and for the live ops where a
        # gradient stops (what explain() reports); see docs/EVENTS.md "Cost".
        if self._listeners or (live and (blocked or _GRADIENTS.get(grad_key, True) is None)):
            entry.location = user_location(depth=3)
            if self._listeners:
                self._events().recorded(entry)

    @contextlib.contextmanager
    def stop_recording(self):
        """Within the block, ops are not recorded on this tape (and ``watch`` has no effect).

        Blocks do not nest: stopping a tape that is already stopped raises ``ValueError``.
        """
        if not self._entered or self._used:   # TF: never entered, or spent by gradient()
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        if not self._recording:
            raise ValueError("Tape is not recording.\n  Hint: " + (
                "stop_recording() blocks do not nest; this tape is already stopped." if self._paused
                else "stop_recording() works only inside the tape's `with` block."))
        self._recording = False   # TF pops the tape for the block
        self._paused = True
        if self._log is not None or self._listeners:
            self._events().paused(True, user_location())
        try:
            yield
        finally:
            self._paused = False
            if self._used:   # spent inside the block: TF starts a fresh tape when it resumes
                self._start_fresh()
            self._recording = True
            if self._log is not None or self._listeners:
                self._events().paused(False, user_location())

    def reset(self) -> None:
        """Forget everything recorded so far, as if the tape had just been entered."""
        if not self._recording:
            raise ValueError("Tape is not recording.")
        self._start_fresh()

    # ---------- gradients ----------
    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """d(sum of targets)/d(source) for each source, in the structure of ``sources``.

        ``output_gradients`` weights the targets: one entry per (flattened) target, each of the
        target's shape or broadcastable to it; missing entries mean ones.
        """
        from .backprop import run_gradient
        from .gradient_args import prepare_gradient

        self._check_usable(_NON_PERSISTENT_USED)
        self._before_backward()   # as TF: a non-persistent tape stops recording first
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                            "Variables or CompositeTensors to be differentiated, but received None.")
        # every argument is checked before a non-persistent tape is spent, so a retry works (TF)
        unconnected = _unconnected(unconnected_gradients)
        request = prepare_gradient(target, sources, output_gradients)
        try:
            return run_gradient(self, request, unconnected)
        finally:
            self._after_backward()

    def _check_usable(self, message: str) -> None:
        if self._entries is None or self._used:
            raise RuntimeError(message)

    def _before_backward(self) -> None:
        if not self._persistent:
            if self._recording:
                self._pop()
        elif self._recording:
            where = user_location()
            if where not in self._warned_lines:
                self._warned_lines.add(where)
                logger.warning(
                    "Calling GradientTape.gradient on a persistent tape inside its context is "
                    "significantly less efficient than calling it outside the context (it causes "
                    "the gradient ops to be recorded on the tape, leading to increased CPU and "
                    "memory usage). Only call GradientTape.gradient inside the context if you "
                    "actually want to trace the gradient in order to compute higher order "
                    "derivatives.")

    def _after_backward(self) -> None:
        if not self._persistent:
            self._used = True
            for entry in self._entries:
                entry.release(self._ghosts)

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """The full Jacobian: shape ``target.shape + source.shape`` for each source."""
        from .backprop import run_jacobian
        from .gradient_args import prepare_jacobian, prepare_sources

        self._check_usable(_NON_PERSISTENT_USED)
        target = prepare_jacobian(target)
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the jacobian with "
                "eager execution enabled and with  experimental_use_pfor set to False.")
        self._before_backward()   # TF's first gradient() call stops a non-persistent tape
        flat_sources = prepare_sources(sources)
        unconnected = _unconnected(unconnected_gradients, "jacobian")
        try:
            return run_jacobian(self, target, flat_sources, sources, unconnected)
        finally:
            self._after_backward()

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example Jacobians: shape ``target.shape + source.shape[1:]``.

        An unconnected source gives zeros (of the target's dtype), whatever
        ``unconnected_gradients`` says, as in TF.
        """
        from .backprop import run_batch_jacobian
        from .gradient_args import prepare_batch_jacobian

        self._check_usable(_NON_PERSISTENT_USED.replace("to compute", "tocompute"))
        target, source = prepare_batch_jacobian(target, source)
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the batch_jacobian "
                "with eager execution enabled and  with experimental_use_pfor set to False.")
        self._before_backward()   # TF's first gradient() call stops a non-persistent tape
        unconnected = _unconnected(unconnected_gradients, "batch_jacobian")
        try:
            return run_batch_jacobian(self, target, source, unconnected)
        finally:
            self._after_backward()

    # ---------- introspection ----------
    def _events(self):
        if self._log is None:
            from .events import TapeLog

            self._log = TapeLog(self)
        return self._log

    @property
    def events(self) -> list:
        """What this tape recorded and computed, as plain JSON-able dicts (docs/EVENTS.md)."""
        return self._events().materialize()

    def subscribe(self, callback):
        """Call ``callback(event)`` for each new event; returns a function that unsubscribes."""
        return self._events().subscribe(callback)

    def explain(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE):
        """Why ``gradient(target, sources)`` is None (or not) for each source: an ``Explanation``."""
        from .explain import explain

        return explain(self, target, sources, _unconnected(unconnected_gradients))


def _unconnected(value, vectorized: str | None = None) -> UnconnectedGradients:
    """``unconnected_gradients`` as the enum; ``vectorized`` names a jacobian method (TF's text)."""
    if isinstance(value, UnconnectedGradients):
        return value
    try:
        return UnconnectedGradients(value)
    except ValueError:
        hint = ("\n  Hint: use tk.UnconnectedGradients.NONE or tk.UnconnectedGradients.ZERO (or the "
                "strings 'none' / 'zero').")
        if vectorized is None:
            raise ValueError(f"Unknown value for unconnected_gradients: {value!r}{hint}") from None
        raise ValueError(f"Encountered an exception while vectorizing the {vectorized} computation. "
                         "Vectorization can be disabled by setting experimental_use_pfor to False."
                         f"{hint.replace('Hint: ', f'Hint: unknown unconnected_gradients {value!r}; ')}"
                         ) from None


def _short(item) -> str:
    text = str(item)
    return text if len(text) < 80 else text[:77] + "..."
