"""Plain-data events of a tape's forward recording and backward pass (contract: docs/EVENTS.md).

A tape keeps its recorded entries anyway; the ``TapeLog`` only adds what they cannot tell
(watches, pauses, values leaving the tape, assigns, backward passes) as small tuples. Events
are built from both on demand (``tape.events``), or live for subscribers, by the same
``_Builder`` so that both give identical dicts with the same ids and ``seq`` numbers.
"""

from __future__ import annotations

import math
import sys
import weakref

import numpy as np

from .backend import head, to_host
from .tensor import Tensor

SAMPLE_SIZE = 8                  # elements kept per value for previews
PREVIEW_CHARS = 40               # longest preview string
MAX_BACKWARD_EVENTS = 20_000     # visit/send events kept per gradient()/jacobian() call

_PACKAGE_DIR = __file__.rsplit("/", 1)[0]
_CONTEXTLIB = "contextlib.py"
_NUMPY_DIR = np.__file__.rsplit("/", 1)[0]

BACKWARD_KINDS = ("backward_start", "visit", "send", "truncated", "backward_end")
FORWARD_KINDS = ("watch", "read", "op", "pause", "resume", "left_tape", "assign")


# ---------- values: samples and previews ----------
def sample(value):
    """The first few elements of a backend array (the array itself when it is small)."""
    if value is None:
        return None
    return value if value.size <= SAMPLE_SIZE else head(value, SAMPLE_SIZE)


def dims(t) -> list | None:
    """The shape of a tensor, variable or released tensor as a list (None: unknown rank)."""
    value = getattr(t, "_value", None)
    if value is not None:
        return [int(d) for d in value.shape]
    shape = t.shape
    return None if shape.rank is None else list(shape.dims)


def preview(array, shape=None) -> str:
    """A short, deterministic text of a value: NumPy style, 4 significant digits, <= ~40 chars.

    ``array`` may be a whole array or a sample of its first elements; ``shape`` is the full
    shape (default: the array's). An elided value ends with its shape.
    """
    host = np.asarray(to_host(array))
    shape = list(host.shape) if shape is None else list(shape)
    size = math.prod(shape)
    flat = host.reshape(-1)
    if not shape:
        return _clip(_fmt(flat[0]))
    if size <= flat.size:
        text = _nested([_fmt(v) for v in flat[:size]], shape)
        if len(text) <= PREVIEW_CHARS:
            return text
    suffix = f" shape={tuple(shape)}"
    items = [_fmt(v) for v in flat[:min(size, SAMPLE_SIZE)]]
    while items:
        text = "[" + " ".join(items) + " …]" + suffix
        if len(text) <= PREVIEW_CHARS or len(items) == 1:
            return text
        items.pop()
    return "[]" + suffix


def _nested(items: list, shape: list) -> str:
    if len(shape) == 1:
        return "[" + " ".join(items) + "]"
    step = len(items) // shape[0] if shape[0] else 0
    return "[" + " ".join(_nested(items[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])) + "]"


def _fmt(v) -> str:
    if isinstance(v, (bytes, np.bytes_)):
        return _clip(repr(bytes(v)), 16)
    if isinstance(v, str):
        return _clip(repr(v), 16)
    if isinstance(v, (bool, np.bool_)):
        return "True" if v else "False"
    if isinstance(v, (np.integer, int)):
        return str(int(v))
    if isinstance(v, (np.complexfloating, complex)):
        return f"{_float(v.real)}{'+' if v.imag >= 0 or math.isnan(v.imag) else '-'}{_float(abs(v.imag))}j"
    if isinstance(v, (np.floating, float)):
        return _float(float(v))
    return _clip(str(v), 16)


def _float(x: float) -> str:
    if x == 0 or 1e-4 <= abs(x) < 1e3:   # fast path: the same text as NumPy's below, for the common range
        text = f"{x:.4g}"
        if "e" not in text:
            return text if "." in text else text + "."
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x != 0 and (abs(x) >= 1e5 or abs(x) < 1e-4):
        return np.format_float_scientific(x, precision=3, unique=True, trim=".")
    return np.format_float_positional(x, precision=4, unique=True, fractional=False, trim=".")


def _clip(text: str, limit: int = PREVIEW_CHARS) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---------- where in the user's code ----------
def user_frame(skip_numpy: bool = False):
    """The innermost frame outside tapekit (and contextlib, for ``with tape.stop_recording()``;
    and NumPy, when NumPy called ``__array__``)."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if not (name.startswith(_PACKAGE_DIR) or name.endswith(_CONTEXTLIB)
                or (skip_numpy and name.startswith(_NUMPY_DIR))):
            return frame
        frame = frame.f_back
    return None


def here(skip_numpy: bool = False):
    """(file, line) of the user's code now."""
    frame = user_frame(skip_numpy)
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


# ---------- the log ----------
class TapeLog:
    """The events of one tape that are not derivable from its entries, plus its subscribers."""

    def __init__(self, tape):
        self._tape = weakref.ref(tape)   # the tape owns its log: no reference cycle back
        self.items: list = []          # tuples (kind, at, ...); ``at`` = entries recorded before
        self.calls = 0                 # gradient()/jacobian() calls so far
        self.live = None               # _Builder that feeds subscribers

    @property
    def tape(self):
        return self._tape()

    def clear(self) -> None:
        self.items.clear()
        self.calls = 0
        self.live = _Builder(self.tape, self._emit) if self.tape._listeners else None

    def _at(self) -> int:
        entries = self.tape._entries
        return 0 if entries is None else len(entries)

    def _add(self, item) -> None:
        self.items.append(item)
        if self.tape._listeners:
            self.live.item(item)

    # ---------- hooks called by the tape ----------
    def entered(self, where) -> None:
        self.items.append(("enter", self._at(), where))

    def watched(self, item, how, is_var) -> None:
        frame = user_frame()
        where = None if frame is None else (frame.f_code.co_filename, frame.f_lineno)
        if is_var and frame is not None:
            from .explain import remember_variable

            remember_variable(item, frame)
        value = getattr(item, "_value", None)
        self._add(("watch", self._at(), item._id, how, is_var, _var_name(item) if is_var else None,
                   bool(item.trainable) if is_var else None, dims(item), item.dtype.name, sample(value),
                   bool(self.tape._tracked.get(item._id)), where))

    def recorded(self, entry) -> None:
        if self.tape._listeners:
            self.live.entry(entry)

    def paused(self, paused: bool, where) -> None:
        self._add(("pause" if paused else "resume", self._at(), here()))

    def read_unwatched(self, var, t) -> None:
        """A variable the tape does not watch was read (its value may feed recorded ops)."""
        self._add(("read", self._at(), t._id, var._id, _var_name(var), bool(var.trainable), dims(var),
                   var.dtype.name, sample(var._value), here()))

    def left_tape(self, t, how, where) -> None:
        self._add(("left_tape", self._at(), t._id, how, here(skip_numpy=True) if how == "__array__" else where))

    def state_changed(self, var, how, where) -> None:
        self._add(("assign", self._at(), var._id, _var_name(var), how, sample(var._value), dims(var), where))

    def backward_observer(self, method="gradient", targets=(), sources=(), output_gradients=None,
                          unconnected=None):
        call = self.calls
        self.calls += 1
        return BackwardObserver(self, call, method, targets, sources, output_gradients, unconnected)

    # ---------- subscribers and materialising ----------
    def subscribe(self, callback):
        if not callable(callback):
            raise TypeError(f"subscribe() needs a callable, got {type(callback).__name__}.")
        listeners = self.tape._listeners
        if not listeners:
            self.live = None           # catch up silently, so ids and seq continue the history
        listeners.append(callback)
        self._feed()

        def unsubscribe() -> None:
            if callback in listeners:
                listeners.remove(callback)

        return unsubscribe

    def _feed(self):
        if self.live is None:
            builder = _Builder(self.tape, emit=None)
            builder.replay(self.tape._entries or [], self.items)
            builder.emit = self._emit
            self.live = builder
        return self.live

    def _emit(self, event) -> None:
        for callback in list(self.tape._listeners):
            callback(event)

    def materialize(self) -> list:
        builder = _Builder(self.tape, emit=None)
        builder.replay(self.tape._entries or [], self.items)
        return builder.events


def recorded_ops(tape, skip=()) -> int:
    """How many ops ``tape`` recorded (the ``op`` events ``tape.events`` would list), leaving out
    the op types in ``skip``, without building any event (the player's size check)."""
    return sum(e.type not in skip for e in tape._entries or ())


class BackwardObserver:
    """Receives the reverse pass's calls and logs them compactly (``visit``/``send`` ... tuples)."""

    def __init__(self, log, call, method, targets, sources, output_gradients, unconnected):
        self.log = log
        self.call = call
        self.method = method
        self.row = None                 # the Jacobian row being computed
        self.kept = 0
        self.dropped = 0
        self.targets = [t for t in targets if t is not None]
        self.sources = list(sources)
        self.unconnected = unconnected
        ogs = None
        if output_gradients is not None:
            from . import nest

            ogs = [None if g is None else _grad_record(g) for g in nest.flatten(output_gradients)]
        log._add(("backward_start", log._at(), call, method, [t._id for t in self.targets],
                  [s._id for s in self.sources], ogs))
        # the per-op hooks below run once per visited op: look these up once
        tape = log.tape
        self._entries = tape._entries
        self._log_item = log._add if tape._listeners else log.items.append
        self._last_grad = self._last_record = None

    def _room(self) -> bool:
        if self.kept < MAX_BACKWARD_EVENTS:
            self.kept += 1
            return True
        self.dropped += 1
        return False

    def _record_of(self, g):
        """``_grad_record(g)``, reused when a gradient just sent is the next op's (a chain)."""
        if g is not self._last_grad:
            self._last_grad, self._last_record = g, _grad_record(g)
        return self._last_record

    def visit(self, entry, out_grads) -> None:
        if self._room():
            # tuples of ids, samples and shapes only: the cyclic GC stops tracking them
            grads = tuple(None if g is None else (o._id,) + self._record_of(g)
                          for o, g in zip(entry.outputs, out_grads))
            self._log_item(("visit", len(self._entries), entry.index, entry.type, grads, self.row))

    def sent(self, entry, inp, g, accumulated=False) -> None:
        if self._room():
            if g is None:
                reason = "none_returned" if inp._dtype.is_differentiable else "integer_or_string_dtype"
                self.log._add(("send", self.log._at(), entry.index, inp._id, None, dims(inp), False, reason,
                               self.row))
            else:
                value, shape = self._record_of(g)
                self._log_item(("send", len(self._entries), entry.index, inp._id, value, shape,
                                bool(accumulated), None, self.row))

    def stopped(self, entry, reason) -> None:
        for inp in entry.inputs:
            if self._room():
                self.log._add(("send", self.log._at(), entry.index, inp._id, None, dims(inp), False, reason,
                               self.row))

    def done(self, grads) -> None:
        """End of one reverse pass (one per Jacobian row); ``finish`` reports the results."""

    def finish(self, results) -> None:
        """Log the end of the call: each source's result and, for a None (or ZERO) result, its cause."""
        from .explain import causes_for

        log = self.log
        if self.dropped:
            log.items.append(("truncated", log._at(), self.dropped))
            if log.tape._listeners:
                log.live.item(log.items[-1])
        causes = causes_for(log.tape, self.targets, self.sources, results, self.unconnected)
        out = []
        for s, r, cause in zip(self.sources, results, causes):
            rec = (None, None) if r is None else _grad_record(r)
            out.append((s._id, rec[0], rec[1], s.dtype.name, cause))
        log._add(("backward_end", log._at(), self.call, out))
        self.targets = self.sources = None     # do not keep the caller's tensors alive
        self._last_grad = self._last_record = None


def _var_name(var) -> str:
    """A variable's name as the user gave it: ``w`` for TF's ``w:0``; a Keras weight's path
    (``hidden/kernel``), so that two layers' kernels are told apart."""
    path = getattr(var, "path", None)
    return path if isinstance(path, str) and path else var.name.rsplit(":", 1)[0]


def _grad_record(g):
    """(sample, shape) of a gradient value (a Tensor, or anything convertible); shape as a tuple."""
    value = g._value if type(g) is Tensor else getattr(g, "_value", None)
    if value is None:
        value = np.asarray(g)
    return (value if value.size <= SAMPLE_SIZE else head(value, SAMPLE_SIZE)), value.shape


# ---------- building event dicts ----------
class _Builder:
    """Turns entries and log items, in order, into event dicts with stable ids."""

    def __init__(self, tape, emit):
        self.tape = tape
        self.emit = emit
        self.events: list = []
        self.ids: dict = {}
        self.seen_entries = 0
        self.blocks: dict = {}      # code object -> block id ("b0", ...), announced by a "code" event
        self.blocks_file: dict = {}
        self.produced: set = set()  # ids of recorded ops' outputs (not constants)
        self.sites: dict = {}       # user_site -> what site() says of it
        self.read_inputs = None     # ids of entry inputs (replay only): which unwatched reads to show

    def tid(self, raw_id) -> str:
        name = self.ids.get(raw_id)
        if name is None:
            name = self.ids[raw_id] = f"t{len(self.ids)}"
        return name

    def replay(self, entries, items) -> None:
        self.read_inputs = {t._id for e in entries for t in e.inputs} if any(i[0] == "read" for i in items) \
            else set()
        k = 0
        for item in items:
            while k < len(entries) and k < item[1]:
                self.entry(entries[k])
                k += 1
            self.item(item)
        for entry in entries[k:]:
            self.entry(entry)

    def add(self, phase: str, kind: str, **fields) -> None:
        event = {"seq": len(self.events), "phase": phase, "kind": kind, **fields}
        self.events.append(event)
        if self.emit is not None:
            self.emit(event)

    def entry(self, e) -> None:
        self.seen_entries += 1
        ins = [self.tid(t._id) for t in e.inputs]
        outs = [self.tid(t._id) for t in e.outputs]
        first = e.outputs[0] if e.outputs else None
        value = None
        if first is not None:
            raw = getattr(first, "_value", None)
            raw = sample(raw) if raw is not None else getattr(first, "sample", None)
            value = None if raw is None else preview(raw, dims(first))
        file, line = e.location if e.location else (None, None)
        stack, expr, assigns, code, operands = self.site(e.site)
        if line is None and stack:
            file, line = self.blocks_file[stack[-1][0]], stack[-1][2]
        self.add("forward", "op", op=f"op{e.index}", type=e.type, inputs=ins, outputs=outs,
                 input_shapes=[dims(t) for t in e.inputs], output_shapes=[dims(t) for t in e.outputs],
                 dtypes=[t._dtype.name for t in e.outputs], value=value, file=file, line=line,
                 cut=entry_cut(e), stack=stack, code=code, expr=expr, assigns=assigns, operands=operands,
                 input_values=[self.input_value(t) for t in e.inputs],
                 input_dtypes=[t._dtype.name for t in e.inputs])
        self.produced.update(outs)

    def input_value(self, t):
        """Preview of an input that is no recorded op's output (a constant); None otherwise."""
        if t._id in self.ids and self.ids[t._id] in self.produced:
            return None
        raw = getattr(t, "_value", None)
        raw = sample(raw) if raw is not None else getattr(t, "sample", None)
        return None if raw is None else preview(raw, dims(t))

    def site(self, site):
        """(stack, expression, assigned name, new code block, operands) of an entry's user_site."""
        if not site:
            return [], None, None, None, None
        known = self.sites.get(site)
        if known is not None:          # a loop runs the same instruction again and again
            return [list(known[0][0])], known[1], known[2], None, known[4]
        answer = self._site(site)
        self.sites[site] = answer
        return answer

    def _site(self, site):
        from . import sites

        code, offset = site[0], site[1]
        info = sites.code_info(code)
        block = self.blocks.get(code)
        announce = None
        if block is None:       # the first op from this code: describe it once
            block = self.blocks[code] = f"b{len(self.blocks)}"
            self.blocks_file[block] = info.file
            announce = {"block": block, "name": info.name, "loops": [
                {"start": a, "end": b, "line": info.line(a), "text": _line_text(info.file, info.line(a))}
                for a, b in info.loops]}
        stack = [[block, offset, info.line(offset)]]
        return (stack, sites.expression(info, offset), sites.assigned_name(info, offset), announce,
                sites.operand_names(info, offset))

    def item(self, item) -> None:
        getattr(self, "_" + item[0])(*item[1:])

    @staticmethod
    def _where(where) -> dict:
        file, line = where if where else (None, None)
        return {"file": file, "line": line}

    def _enter(self, at, where) -> None:
        pass                            # kept for explain(): where the with-block starts

    def _watch(self, at, raw, how, is_var, name, trainable, shape, dtype, value, differentiable, where):
        self.add("forward", "watch", tensor=self.tid(raw), how=how, name=name, is_variable=is_var,
                 trainable=trainable, shape=shape, dtype=dtype,
                 value=None if value is None else preview(value, shape), differentiable=differentiable,
                 **self._where(where))

    def _pause(self, at, where) -> None:
        self.add("forward", "pause", **self._where(where))

    def _resume(self, at, where) -> None:
        self.add("forward", "resume", **self._where(where))

    def _read(self, at, raw, var, name, trainable, shape, dtype, value, where) -> None:
        if self.read_inputs is not None and raw not in self.read_inputs:
            return                      # read, but never fed a recorded op
        self.add("forward", "read", tensor=self.tid(raw), variable=self.tid(var), name=name, trainable=trainable,
                 shape=shape, dtype=dtype, value=None if value is None else preview(value, shape),
                 **self._where(where))

    def _left_tape(self, at, raw, how, where) -> None:
        self.add("forward", "left_tape", tensor=self.tid(raw), how=how, **self._where(where))

    def _assign(self, at, raw, name, how, value, shape, where) -> None:
        self.add("forward", "assign", tensor=self.tid(raw), name=name, how=how,
                 value=preview(value, shape), **self._where(where))

    def _backward_start(self, at, call, method, targets, sources, ogs) -> None:
        self.add("backward", "backward_start", call=call, method=method,
                 targets=[self.tid(t) for t in targets], sources=[self.tid(s) for s in sources],
                 output_gradients=None if ogs is None else
                 [None if g is None else preview(g[0], list(g[1])) for g in ogs])

    def _visit(self, at, index, op_type, grads, row) -> None:
        self.add("backward", "visit", op=f"op{index}", type=op_type, row=row,
                 grads=[None if g is None else {"tensor": self.tid(g[0]), "value": preview(g[1], list(g[2])),
                                                "shape": [int(d) for d in g[2]]} for g in grads])

    def _send(self, at, index, to, value, shape, accumulated, reason, row) -> None:
        shape = None if shape is None else [int(d) for d in shape]
        self.add("backward", "send", op=f"op{index}", to=self.tid(to),
                 value=None if value is None else preview(value, shape), shape=shape,
                 accumulated=accumulated, reason=reason, row=row)

    def _truncated(self, at, dropped) -> None:
        self.add("backward", "truncated", dropped=dropped)

    def _backward_end(self, at, call, results) -> None:
        self.add("backward", "backward_end", call=call, results=[
            {"source": self.tid(sid), "value": None if value is None else preview(value, list(shape)),
             "shape": None if shape is None else [int(d) for d in shape], "dtype": dtype, "cause": cause}
            for sid, value, shape, dtype, cause in results])


def _line_text(file, line) -> str | None:
    import linecache

    text = linecache.getline(file, line).strip() if file and line else ""
    return (text if len(text) <= 48 else text[:47] + "…") or None


def entry_cut(e):
    """Why gradients will not flow back through a recorded op, or None (the ``op`` event's ``cut``)."""
    if e.cut is not None:
        return e.cut
    if not any(t._dtype.is_differentiable for t in e.outputs):
        return "integer_or_string_dtype"
    if not has_gradient(e.grad_key):
        return "no_gradient_registered"
    return None


def has_gradient(key) -> bool:
    if callable(key):
        return True
    from .registry import _GRADIENTS

    return _GRADIENTS.get(key) is not None
