"""GradientTape: records the ops run on watched values so that gradients can be computed."""

from __future__ import annotations

import contextlib
import logging

from . import backprop, nest, observer
from .causes import Cause
from .context import state
from .gradient_args import (
    UnconnectedGradients,
    as_unconnected,
    prepare_batch_jacobian,
    prepare_gradient,
    prepare_jacobian,
    prepare_sources,
)
from .i18n import _, hint_line
from .registry import NOT_DIFFERENTIABLE, READS
from .source_location import user_location, user_site
from .tape_entry import (
    LIVE,
    RELEASED,
    SMALL,
    Records,
    TapeEntry,
    TapeView,
    keep_objects,
    kept_for_gradient,
    packed,
    value_ghost,
)
from .tensor import Tensor, is_variable

logger = logging.getLogger("tapekit")

# Values of at most this many elements stay saved whole: dropping them saves little memory and
# costs more time than it saves (W1 in benchmarks/). An entry whose values are all small is never
# released, neither at record time nor by the reverse pass.
_SMALL = 64
_READ_SITE_KEY = "<variable read>"   # user_site's key for variable reads (events.py uses the same)
_NON_PERSISTENT_USED = ("A non-persistent GradientTape can only be used to compute one set of "
                        "gradients (or jacobians)")


def _is_small(t) -> bool:
    """Whether a value (a variable's too) has at most ``_SMALL`` elements; a released one counts as large."""
    value = getattr(t, "_value", None)
    return value is not None and value.size <= _SMALL


class GradientTape:
    """Record operations for automatic differentiation, like ``tf.GradientTape``.

    Ops run inside ``with GradientTape() as tape:`` whose inputs the tape watches are recorded;
    ``tape.gradient(target, sources)`` then walks the record backwards. Trainable variables are
    watched when they are read (unless ``watch_accessed_variables=False``); tensors must be
    watched with ``tape.watch``. A non-persistent tape can compute one set of gradients.

    >>> import tapekit as tk
    >>> w = tk.Variable(3.0)
    >>> with tk.GradientTape() as tape:
    ...     loss = w * w
    >>> tape.gradient(loss, w)
    <tk.Tensor: shape=(), dtype=float32, numpy=6.0>
    """

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True):
        self._persistent = bool(persistent)
        self._watch_accessed_variables = bool(watch_accessed_variables)
        self._recording = False
        self._used = False          # a non-persistent tape spent by gradient()/jacobian()
        self._entered = False
        self._paused = False        # inside stop_recording()
        self._entries: Records | None = None   # the recorded ops (tape_entry: rows, read as views)
        self._tracked: dict = {}    # tensor/variable id -> True (differentiable) / False (shadow)
        self._roots: set = set()    # ids watched as differentiable
        self._from_roots: set = set()   # ids the roots reach through live, uncut ops (backprop's reach)
        self._ghosts: dict = {}     # tensor id -> its ghost, once a row released its value
        self._saved: dict = {}      # tensor id -> the Tensor whose value a row keeps (alive as long, as in TF)
        self._small_kept: list = []  # the tensors (and tuples of them) of the small rows, alive with the tape's values
        self._watched_vars: dict = {}
        self._log = None            # events.TapeLog, created on first use (introspection)
        self._listeners: list = []
        self._warned_lines: set = set()

    # ---------- context ----------
    def __enter__(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to re-enter "
                             "an already-active tape.")
        if self._entries is None:   # the first time: __init__ made the rest
            self._entries = Records()
        elif self._used:
            self._start_fresh()
        self._entered = True
        self._recording = True
        state.tapes.append(self)
        self._events().entered(user_site("<with tape>", depth=1))
        return self

    def __exit__(self, typ, value, traceback):
        if self._recording:
            self._pop()
        return False

    def _start_fresh(self) -> None:
        self._entries = Records()
        self._tracked = {}
        self._roots = set()
        self._from_roots = set()
        self._ghosts = {}
        self._saved = {}
        self._small_kept = []
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
        """Start tracking a tensor or variable (or a nested list of them).

        >>> import tapekit as tk
        >>> x = tk.constant(2.0)
        >>> with tk.GradientTape() as tape:
        ...     tape.watch(x)
        ...     y = x ** 3
        >>> tape.gradient(y, x)
        <tk.Tensor: shape=(), dtype=float32, numpy=12.0>
        """
        if not self._entered:
            raise AttributeError(
                "'NoneType' object has no attribute '_tape': GradientTape.watch() was called "
                "before the tape was entered. Call it inside `with tk.GradientTape() as tape:`.")
        items = nest.flatten(tensor)
        for item in items:
            if not (isinstance(item, Tensor) or is_variable(item)):
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
            self._watch_one(item)

    def _watch_one(self, item) -> None:
        """``tape.watch`` of one tensor or variable (a variable's first read: ``_variable_read``)."""
        is_var = is_variable(item)
        if is_var and item._id not in self._watched_vars:
            self._watched_vars[item._id] = item
        if self._tracked.get(item._id) is None:
            differentiable = self._tracked[item._id] = item.dtype.is_differentiable
            if differentiable:
                self._roots.add(item._id)
                self._from_roots.add(item._id)
            self._events().watched(item, "watch", is_var)

    def watched_variables(self) -> tuple:
        """The variables this tape watched, in order of their creation.

        >>> import tapekit as tk
        >>> a, b = tk.Variable(1.0, name="a"), tk.Variable(2.0, name="b", trainable=False)
        >>> with tk.GradientTape() as tape:
        ...     y = b * a
        >>> [v.name for v in tape.watched_variables()]
        ['a:0']
        """
        return tuple(v for _, v in sorted(self._watched_vars.items()))

    def _variable_read(self, var, read_tensor) -> None:
        tracked = self._tracked
        flag = tracked.get(var._id)
        if self._paused:
            if flag is not None:
                self._record("ReadVariableOp", (var,), (read_tensor,), None, "ReadVariableOp",
                             Cause.RECORDING_STOPPED)
            return
        if flag is None and not (self._watch_accessed_variables and var._trainable):
            # not watched: the widgets still draw the variable as the input it is
            self._events().read_unwatched(var, read_tensor)
            return
        site = user_site(_READ_SITE_KEY)   # the user's line: for the watch and the read alike
        # ReadVariableOp's gradient reads nothing, so a large value is kept as a ghost; the read value
        # is the variable's own array, so one ghost serves both sides of the row (and a first watch),
        # and every read until the variable is assigned (Variable._set forgets it)
        value = read_tensor._value
        ghost = None
        if value.size > _SMALL:
            ghost = var._read_ghost
            if ghost is None:
                ghost = var._read_ghost = value_ghost(value)
            self._ghosts[read_tensor._id] = ghost
        if flag is None:   # the first read: the tape watches the variable (_watch_one, inline)
            vid = var._id
            flag = tracked[vid] = var._dtype.is_differentiable
            self._watched_vars[vid] = var
            if flag:
                self._roots.add(vid)
                self._from_roots.add(vid)
            (self._log or self._events()).accessed(var, site, value.shape, read_tensor._dtype.name)
        if not flag or self._listeners:   # an integer variable's read is cut; listeners get the entry
            self._record("ReadVariableOp", (var,), (read_tensor,), None, "ReadVariableOp", None, site)
            return
        # The common case, inline (``_record``'s row for it): a differentiable variable read while
        # nobody listens.
        tid, dtype_name = read_tensor._id, read_tensor._dtype.name
        tracked[tid] = True
        self._from_roots.add(tid)
        if ghost is None:
            self._small_kept += (var, read_tensor)
            ins, outs, saved_state = (var._id, (var,), dtype_name), (tid, value, dtype_name), SMALL
        else:
            self._ghosts[var._id] = ghost
            ins, outs, saved_state = (var._id, ghost, dtype_name), (tid, ghost, dtype_name), RELEASED
        self._entries.rows.append(("ReadVariableOp", ins, outs, None, "ReadVariableOp", None, site, None,
                                   saved_state))

    def _variable_assigned(self, var, how: str) -> None:
        # logged even before the tape reads var: a later read then starts from the new state
        self._events().state_changed(var, how, user_location())

    def _note_left(self, t, how: str) -> None:
        if self._tracked.get(t._id) is not None:
            self._events().left_tape(t, how, user_location())

    # ---------- recording ----------
    def _record(self, op_type, inputs, outputs, attrs, grad_key, cut, site=None) -> None:  # noqa: C901 - once per op: one frame, loops inline
        tracked = self._tracked
        live = None            # True: an input is differentiable here; False: only shadow-tracked
        small = True           # every value has at most _SMALL elements
        for t in inputs:
            flag = tracked.get(t._id)
            if flag:
                live = True
            elif flag is not None and live is None:
                live = False
            if small:
                small = t._value.size <= _SMALL if type(t) is Tensor else _is_small(t)
        if live is None:       # no input is on this tape
            return
        if self._paused:
            cut = Cause.RECORDING_STOPPED
        differentiable = live and cut is None
        blocked = False
        for out in outputs:
            flag = differentiable and out._dtype.is_differentiable
            tracked[out._id] = flag
            if differentiable:   # reached from the roots whatever its dtype, as backprop's scan counts
                self._from_roots.add(out._id)
            blocked = blocked or not flag
            small = small and out._value.size <= _SMALL
        rows = self._entries.rows
        ins = packed(inputs)
        # one plain output (most ops; ``out`` is the loop's last): packed inline
        outs = (out._id, out._value, out._dtype.name) if len(outputs) == 1 and type(out) is Tensor else packed(outputs)
        # The tensors whose values a row keeps stay alive with it, as TF's tape keeps them.
        if small:
            state = SMALL      # small values stay saved whole: releasing costs more than it saves
            small_kept = self._small_kept   # kept to the tape's end: no lookup by id needed
            small_kept.append(inputs)
            small_kept.append(outputs)
        else:
            state = LIVE
            reads = READS.get(grad_key) if differentiable and type(grad_key) is str else None
            if reads is not None:   # drop, now, the values the gradient never reads (registry.READS)
                ins, outs = kept_for_gradient(reads, ins, outs, tracked, self._ghosts)
                if reads == "nothing":
                    state = RELEASED
            if state == LIVE:   # let go of by id when the reverse pass releases the row
                keep_objects(self._saved, inputs, ins)
                keep_objects(self._saved, outputs, outs)
        # The user's line costs a stack walk: take it for listeners and for the live ops where a
        # gradient stops (what explain() reports); see docs/EVENTS.md "Cost".
        location = user_location(depth=4) \
            if self._listeners or (live and (blocked or grad_key in NOT_DIFFERENTIABLE)) else None
        rows.append((op_type, ins, outs, attrs, grad_key, cut if live else (cut or Cause.SHADOW),
                     user_site(op_type) if site is None else site, location, state))
        if self._listeners:
            self._events().recorded(TapeEntry(rows[-1], len(rows) - 1))

    def _record_small(self, op_type, inputs, out, grad_key) -> None:
        """``_record`` for the hot element-wise ops (``registry.execute_binary``/``execute_unary``):
        one or two plain Tensor inputs, one output, no attrs. Takes the common case, a small live op
        that gradients flow through while nobody listens, in a few steps; passes anything else on."""
        tracked = self._tracked
        x = inputs[0]
        if len(inputs) == 2:
            y = inputs[1]
            fx, fy = tracked.get(x._id), tracked.get(y._id)
            if fx is None and fy is None:   # not on this tape
                return
            fast = (fx or fy) and x._value.size <= _SMALL and y._value.size <= _SMALL
            ins = (x._id, x._value, x._dtype.name, y._id, y._value, y._dtype.name)   # packed, inline
        else:
            fx = tracked.get(x._id)
            if fx is None:
                return
            fast = fx and x._value.size <= _SMALL
            ins = (x._id, x._value, x._dtype.name)
        site = user_site(op_type)   # here, at the depth _record takes it from when called by execute
        if not fast or self._paused or self._listeners or out._value.size > _SMALL or \
                not out._dtype.is_differentiable or grad_key in NOT_DIFFERENTIABLE:
            self._record(op_type, inputs, (out,), None, grad_key, None, site)
            return
        tracked[out._id] = True
        self._from_roots.add(out._id)
        small_kept = self._small_kept   # alive with the tape's values, as in _record (no tuple kept: less for the GC)
        small_kept += inputs
        small_kept.append(out)
        self._entries.rows.append((op_type, ins, (out._id, out._value, out._dtype.name), None, grad_key, None, site,
                                   None, SMALL))

    @contextlib.contextmanager
    def stop_recording(self):
        """Within the block, ops are not recorded on this tape (and ``watch`` has no effect).

        Blocks do not nest: stopping a tape that is already stopped raises ``ValueError``.

        >>> import tapekit as tk
        >>> x = tk.Variable(2.0)
        >>> with tk.GradientTape() as tape:
        ...     y = x * x
        ...     with tape.stop_recording():
        ...         z = x * x          # not recorded: no gradient through z
        ...     total = y + z
        >>> tape.gradient(total, x)
        <tk.Tensor: shape=(), dtype=float32, numpy=4.0>
        """
        if not self._entered or self._used:   # TF: never entered, or spent by gradient()
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        if not self._recording:
            raise ValueError("Tape is not recording." + hint_line(
                _("stop_recording() blocks do not nest; this tape is already stopped.") if self._paused
                else _("stop_recording() works only inside the tape's `with` block.")))
        self._recording = False   # TF pops the tape for the block
        self._paused = True
        if self._log is not None or self._listeners:
            self._events().paused(True)
        try:
            yield
        finally:
            self._paused = False
            if self._used:   # spent inside the block: TF starts a fresh tape when it resumes
                self._start_fresh()
            self._recording = True
            if self._log is not None or self._listeners:
                self._events().paused(False)

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

        >>> import tapekit as tk
        >>> x, y = tk.Variable(2.0), tk.Variable(5.0)
        >>> with tk.GradientTape() as tape:
        ...     z = x * y + x
        >>> [float(g) for g in tape.gradient(z, [x, y])]
        [6.0, 2.0]
        """
        self._check_usable(_NON_PERSISTENT_USED)
        self._before_backward()   # as TF: a non-persistent tape stops recording first
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                            "Variables or CompositeTensors to be differentiated, but received None.")
        # every argument is checked before a non-persistent tape is spent, so a retry works (TF)
        unconnected = as_unconnected(unconnected_gradients)
        request = prepare_gradient(target, sources, output_gradients)
        try:
            return backprop.run_gradient(self._view(), request, unconnected)
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
            self._entries.release_all(self._ghosts)
            self._saved.clear()
            self._small_kept.clear()

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """The full Jacobian: shape ``target.shape + source.shape`` for each source.

        >>> import tapekit as tk
        >>> x = tk.Variable([1.0, 2.0])
        >>> with tk.GradientTape() as tape:
        ...     y = x * x
        >>> tape.jacobian(y, x).numpy().tolist()
        [[2.0, 0.0], [0.0, 4.0]]
        """
        self._check_usable(_NON_PERSISTENT_USED)
        target = prepare_jacobian(target)
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the jacobian with "
                "eager execution enabled and with  experimental_use_pfor set to False.")
        self._before_backward()   # TF's first gradient() call stops a non-persistent tape
        flat_sources = prepare_sources(sources)
        unconnected = as_unconnected(unconnected_gradients, "jacobian")
        try:
            return backprop.run_jacobian(self._view(), target, flat_sources, sources, unconnected)
        finally:
            self._after_backward()

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example Jacobians: shape ``target.shape + source.shape[1:]``.

        An unconnected source gives zeros (of the target's dtype), whatever
        ``unconnected_gradients`` says, as in TF.
        """
        self._check_usable(_NON_PERSISTENT_USED.replace("to compute", "tocompute"))
        target, source = prepare_batch_jacobian(target, source)
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError(
                "GradientTape must be created with persistent=True to compute the batch_jacobian "
                "with eager execution enabled and  with experimental_use_pfor set to False.")
        self._before_backward()   # TF's first gradient() call stops a non-persistent tape
        unconnected = as_unconnected(unconnected_gradients, "batch_jacobian")
        try:
            return backprop.run_batch_jacobian(self._view(), target, source, unconnected)
        finally:
            self._after_backward()

    # ---------- introspection ----------
    def _view(self) -> TapeView:
        """What backprop and explain() read of this tape."""
        return TapeView(self._entries, self._tracked, self._persistent, self._listeners, self._events(),
                        self._watched_vars, self._watch_accessed_variables, self._ghosts, self._saved,
                        self._roots, self._from_roots)

    def _events(self):
        """This tape's log: what introspection (``tapekit.events``) plugged into ``observer``."""
        if self._log is None:
            self._log = observer.new_log(self)
        return self._log

    @property
    def events(self) -> list:
        """What this tape recorded and computed, as plain JSON-able dicts (docs/EVENTS.md).

        >>> import tapekit as tk
        >>> x = tk.Variable(3.0, name="x")
        >>> with tk.GradientTape() as tape:
        ...     y = x * 2.0
        >>> [(e["kind"], e.get("type")) for e in tape.events]
        [('watch', None), ('op', 'ReadVariableOp'), ('op', 'Mul')]
        """
        return self._events().materialize()

    def subscribe(self, callback):
        """Call ``callback(event)`` for each new event; returns a function that unsubscribes."""
        return self._events().subscribe(callback)

    def explain(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE):
        """Why ``gradient(target, sources)`` is None (or not) for each source: an ``Explanation``.

        >>> import tapekit as tk
        >>> x = tk.constant(3.0)           # a tensor: not watched unless tape.watch(x)
        >>> with tk.GradientTape() as tape:
        ...     y = x * x
        >>> tape.gradient(y, x) is None
        True
        >>> tape.explain(y, x).cause
        'not_watched'
        """
        return observer.explain(self._view(), target, sources, as_unconnected(unconnected_gradients))


def _short(item) -> str:
    text = str(item)
    return text if len(text) < 80 else text[:77] + "..."
