"""GradientTape: records the ops run on watched values so that gradients can be computed."""

from __future__ import annotations

import contextlib
import logging
import weakref

from . import backprop
from ... import nest
from ..values import observer
from ..record.causes import Cause
from ..values.context import note_object_made, note_unreplayable, recorded_effect, state
from .gradient_args import (
    UnconnectedGradients,
    as_unconnected,
    prepare_batch_jacobian,
    prepare_gradient,
    prepare_jacobian,
    prepare_sources,
)
from ..._base.i18n import _, hint_line
from ..record.registry import RULES, ends_gradient, none_gradient
from ..._base.source_location import user_location, user_site
from ..record.tape_entry import (
    LIVE,
    RELEASED,
    SMALL,
    Records,
    Released,
    Row,
    TapeEntry,
    TapeView,
    keep_objects,
    kept_for_gradient,
    packed,
    read_sides,
    small_sides,
)
from ..values.tensor import EagerTensor, Tensor, is_variable

logger = logging.getLogger("tapekit")

# Values of at most this many elements stay saved whole: dropping them saves little memory and
# costs more time than it saves (W1 in benchmarks/). An entry whose values are all small is never
# released, neither at record time nor by the reverse pass.
_SMALL = 64
_NON_PERSISTENT_USED = ("A non-persistent GradientTape can only be used to compute one set of "
                        "gradients (or jacobians)")


def _all_small(tensors) -> bool:
    """Whether every value (a variable's too) has at most ``_SMALL`` elements; a released one counts as large."""
    for t in tensors:
        value = t._value if type(t) is EagerTensor else getattr(t, "_value", None)
        if value is None or value.size > _SMALL:
            return False
    return True


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
        note_object_made(self, GradientTape, (persistent, watch_accessed_variables))   # a tk.function trace
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
        self._recorder = None       # on the tape stack while recording (context.Recorder)

    # ---------- context ----------
    @recorded_effect
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
        self._recorder = _Recorder(self)   # dropped when it leaves the stack: no cycle with the tape left
        state.tapes.append(self._recorder)
        self._events().entered(user_site())
        return self

    @recorded_effect
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
            if tapes[i] is self._recorder:
                del tapes[i]
                break
        self._recorder = None

    # ---------- what is watched ----------
    @recorded_effect
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
        if not any(r.recording for r in state.tapes):
            return   # TF: with no tape recording (e.g. inside stop_recording), watch does nothing
        for item in items:
            self._watch_one(item)

    def _watch_one(self, item) -> None:
        """``tape.watch`` of one tensor or variable."""
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
        note_unreplayable("a tape's stop_recording block")   # a tk.function trace would record its ops
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

    @recorded_effect
    def reset(self) -> None:
        """Forget everything recorded so far, as if the tape had just been entered."""
        if not self._recording:
            raise ValueError("Tape is not recording.")
        self._start_fresh()

    # ---------- gradients ----------
    @recorded_effect
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

    @recorded_effect
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

    @recorded_effect
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
        """What backprop, explain() and the tape's log (``observer.new_log``) read of this tape."""
        return TapeView(self._entries, self._tracked, self._persistent, self._listeners, self._events(),
                        self._watched_vars, self._watch_accessed_variables, self._ghosts, self._saved,
                        self._roots, self._from_roots)

    def _events(self):
        """This tape's log: what introspection (``tapekit.introspect.events``) plugged into ``observer``."""
        if self._log is None:
            self._log = observer.new_log(self, weakref.WeakMethod(self._view))   # weak: no cycle
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


class _Recorder:
    """A tape as ops, variables and tensors see it (``context.Recorder``): how they record on it.

    ``record_operation`` adds a ``Row`` when the tape tracks one of the op's inputs: its outputs
    become tracked (differentiable, or shadow-tracked behind a cut), and the row keeps the values
    the op's gradient rule reads (``registry.GradientRule.reads``). Values of at most ``_SMALL``
    elements are all kept: releasing them costs more than it saves.
    """

    __slots__ = ("tape",)

    def __init__(self, tape: GradientTape):
        self.tape = tape

    @property
    def recording(self) -> bool:
        return self.tape._recording

    def record_operation(self, op_type, inputs, outputs, attrs, grad_key, cut=None, site=None) -> None:
        live = _input_flag(self.tape._tracked, inputs)
        if live is not None:   # an input is on this tape
            self._record(live, op_type, inputs, outputs, attrs, grad_key, cut, site)

    def _record(self, live: bool, op_type, inputs, outputs, attrs, grad_key, cut, site) -> None:
        """``record_operation`` once ``live`` (``_input_flag``) says an input is on this tape."""
        tape = self.tape
        if tape._paused:
            cut = Cause.RECORDING_STOPPED
        elif not live:         # only shadow-tracked inputs
            cut = cut or Cause.SHADOW
        blocked = self._track_outputs(outputs, cut is None)
        if site is None:
            site = user_site()
        rule = RULES.get(grad_key)   # its built-in or registered rule; None for a custom gradient's own
        reads = rule.reads if rule is not None and cut is None else None   # None: everything stays
        ins, outs, kept = self._saved_sides(inputs, outputs, reads)
        # The user's line costs a stack walk: take it for listeners and for the live ops where a
        # gradient stops (what explain() reports); see docs/EVENTS.md "Cost".
        stops = blocked or (rule is not None and rule.fn in (None, none_gradient))   # no rule, or one giving None
        location = user_location() if tape._listeners or (live and stops) else None
        rows = tape._entries.rows
        rows.append(Row(op_type, ins, outs, attrs, grad_key, cut, site, location, kept))
        if tape._listeners:
            tape._events().recorded(TapeEntry(rows[-1], len(rows) - 1))

    def record_elementwise(self, op_type, inputs, output, grad_key) -> None:
        """The common case in a few steps: a small op that gradients flow through, nobody listening."""
        tape = self.tape
        live = _input_flag(tape._tracked, inputs)
        if live is None:
            return
        site = user_site()
        sides = small_sides(inputs, output, _SMALL) if live and not (tape._paused or tape._listeners) else None
        if sides is None or not output._dtype.is_differentiable or ends_gradient(grad_key):
            self._record(live, op_type, inputs, (output,), None, grad_key, None, site)
            return
        tape._tracked[output._id] = True
        tape._from_roots.add(output._id)
        tape._small_kept += inputs   # alive with the tape's values (no tuple kept: less for the GC)
        tape._small_kept.append(output)
        ins, outs = sides
        tape._entries.rows.append(Row(op_type, ins, outs, None, grad_key, None, site, None, SMALL))

    def _track_outputs(self, outputs, differentiable: bool) -> bool:
        """Track the outputs; whether one of them blocks gradients (an integer output, or a cut op)."""
        tape = self.tape
        blocked = False
        for out in outputs:
            flag = differentiable and out._dtype.is_differentiable
            tape._tracked[out._id] = flag
            if differentiable:   # reached from the roots whatever its dtype, as backprop's scan counts
                tape._from_roots.add(out._id)
            blocked = blocked or not flag
        return blocked

    def _saved_sides(self, inputs, outputs, reads) -> tuple:
        """The packed sides and the row's state, keeping the values the gradient reads (``reads``:
        ``GradientRule.reads``; all when small); the tensors whose values a row keeps stay alive
        with it, as TF's tape keeps them."""
        tape = self.tape
        ins, outs = packed(inputs), packed(outputs)
        if _all_small(inputs) and _all_small(outputs):
            tape._small_kept += (inputs, outputs)   # kept to the tape's end: no lookup by id needed
            return ins, outs, SMALL
        if reads is not None:   # drop, now, the values the gradient never reads
            ins, outs = kept_for_gradient(reads, ins, outs, tape._tracked, tape._ghosts)
            if reads == "nothing":
                return ins, outs, RELEASED
        keep_objects(tape._saved, inputs, ins)   # let go of by id when the reverse pass releases the row
        keep_objects(tape._saved, outputs, outs)
        return ins, outs, LIVE

    def variable_read(self, variable, read_tensor) -> None:
        tape = self.tape
        flag = tape._tracked.get(variable._id)
        if tape._paused:
            if flag is not None:
                self.record_operation("ReadVariableOp", (variable,), (read_tensor,), None, "ReadVariableOp",
                                      Cause.RECORDING_STOPPED)
            return
        if flag is None and not (tape._watch_accessed_variables and variable._trainable):
            tape._events().read_unwatched(variable, read_tensor)   # the widgets still draw it as an input
            return
        site = user_site()   # the user's line: for the watch and the read alike
        ghost = self._read_ghost(variable, read_tensor)
        if flag is None:
            flag = self._first_read(variable, read_tensor, site)
        if not flag or tape._listeners:   # an integer variable's read is cut; listeners get the entry
            self.record_operation("ReadVariableOp", (variable,), (read_tensor,), None, "ReadVariableOp", None, site)
            return
        # the common case: a differentiable variable read while nobody listens
        tape._tracked[read_tensor._id] = True
        tape._from_roots.add(read_tensor._id)
        if ghost is None:
            tape._small_kept += (variable, read_tensor)
        else:
            tape._ghosts[variable._id] = ghost
        ins, outs = read_sides(variable, read_tensor, ghost)
        tape._entries.rows.append(Row("ReadVariableOp", ins, outs, None, "ReadVariableOp", None, site, None,
                                      SMALL if ghost is None else RELEASED))

    def _read_ghost(self, variable, read_tensor):
        """The ghost of a large read value, or None for a small one. ReadVariableOp's gradient reads
        nothing, and the read value is the variable's own array: one ghost serves both sides of the
        row (and a first watch), and every read until the variable is assigned (``Variable._set``)."""
        value = read_tensor._value
        if value.size <= _SMALL:
            return None
        ghost = variable._read_ghost
        if ghost is None:
            ghost = variable._read_ghost = Released.of(value)
        self.tape._ghosts[read_tensor._id] = ghost
        return ghost

    def _first_read(self, variable, read_tensor, site) -> bool:
        """The tape watches a variable it sees read (``_watch_one``, with the read's site)."""
        tape = self.tape
        vid = variable._id
        flag = tape._tracked[vid] = variable._dtype.is_differentiable
        tape._watched_vars[vid] = variable
        if flag:
            tape._roots.add(vid)
            tape._from_roots.add(vid)
        tape._events().accessed(variable, site, read_tensor._value.shape, read_tensor._dtype.name)
        return flag

    def variable_assigned(self, variable, how: str) -> None:
        # logged even before the tape reads the variable: a later read then starts from the new state
        self.tape._events().state_changed(variable, how, user_location())

    def value_left(self, tensor, how: str) -> None:
        tape = self.tape
        if tape._tracked.get(tensor._id) is not None:
            tape._events().left_tape(tensor, how, user_location())


def _input_flag(tracked: dict, inputs):
    """True if an input is differentiable on the tape, False if all its tracked inputs are shadow-tracked,
    None if none is on the tape."""
    live = None
    for t in inputs:
        flag = tracked.get(t._id)
        if flag:
            return True
        if flag is not None:
            live = False
    return live
