"""Plain-data events of a tape's forward recording and backward pass (contract: docs/EVENTS.md).

A tape keeps its recorded entries anyway; the ``TapeLog`` only adds what they cannot tell
(watches, pauses, values leaving the tape, assigns, backward passes) as ``log_records`` (some
logged compactly, and read into records in one place: ``log_records.records``). The log reads
its tape only through the tape's ``TapeView``. Events are built from both on demand
(``tape.events``, kept until the tape changes), or live for subscribers, by the same ``_Builder``
so that both give identical dicts with the same ids and ``seq`` numbers.
"""

from __future__ import annotations

import linecache
import marshal
import math
import weakref

import numpy as np

from . import log_records as rec
from .. import nest
from .._core.values import observer
from . import sites
from ..backend import head, to_host
from .._core.record.causes import Cause, entry_cut
from .._base.dtypes import as_dtype
from .._base.gc_pause import collector_paused
from .explain import causes_for, explain, remember_variable
from .._core.autodiff.gradient_args import UnconnectedGradients
from .log_records import SAMPLE_SIZE, dims, record_of, sample, var_name
from .log_records import sample_and_shape as _sample_and_shape
from .._base.source_location import user_location, user_site
from .._core.record.tape_entry import SMALL, TapeView
from .._core.values.tensor import EagerTensor

__all__ = ["SAMPLE_SIZE", "MAX_BACKWARD_EVENTS", "TapeLog", "dims", "preview", "recorded_ops", "sample"]

PREVIEW_CHARS = 40               # longest preview string
MAX_BACKWARD_EVENTS = 20_000     # visit/send events kept per gradient()/jacobian() call
_RECENT_SAMPLES = 4              # gradients whose samples the reverse pass's log reuses


# ---------- values: previews ----------
def preview(array, shape=None) -> str:
    """A short, deterministic text of a value: NumPy style, 4 significant digits, <= ~40 chars.

    ``array`` may be a whole array or a sample of its first elements; ``shape`` is the full
    shape (default: the array's). An elided value ends with its shape.
    """
    host = array if type(array) is np.ndarray else np.asarray(to_host(array))
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
    if isinstance(v, (np.floating, float)):   # the common case first (no other branch takes a float)
        return _float(float(v))
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


# ---------- the log ----------
_LOGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # tape -> its TapeLog (recorded_ops)


class TapeLog(observer.TapeLog):
    """The events of one tape that are not derivable from its entries, plus its subscribers."""

    def __init__(self, tape, view):
        self._view = view               # the tape's TapeView provider, held weakly: no cycle back
        self.items: list = []          # log_records, some as compact items (log_records.records reads them)
        self.calls = 0                 # gradient()/jacobian() calls so far
        self.live = None               # _Builder that feeds subscribers
        self._built = None             # (the state it was built from, events): tape.events until it changes
        _LOGS[tape] = self

    def view(self) -> TapeView:
        """What introspection reads of the tape (a new view per call: a tape that starts afresh
        replaces its entries)."""
        return self._view()()

    def clear(self) -> None:
        self.items.clear()
        self.calls = 0
        self._built = None   # nor keep the old entries alive
        self.live = _Builder(self._emit) if self.view().listeners else None

    def _at(self) -> int:
        entries = self.view().entries
        return 0 if entries is None else len(entries)

    def records(self):
        """The log's records in order (its compact items read)."""
        return rec.records(self.items, self.view().entries or [])

    def _add(self, item) -> None:
        self.items.append(item)
        if self.view().listeners:
            self.live.item(item)

    # ---------- hooks called by the tape ----------
    def entered(self, site) -> None:
        self.items.append(rec.Enter(self._at(), site))

    def watched(self, item, how, is_var, site=None) -> None:
        # the user's code and offset, found the cheap way (a trained model's variables are watched
        # on every step); the line, the name and the rest are worked out when the events are read
        if site is None:
            site = user_site()
        view = self.view()
        value = getattr(item, "_value", None)
        shape = value.shape if value is not None else dims(item)
        dtype = getattr(item, "_dtype", None) or item.dtype   # the slot of a Tensor or tk.Variable
        dtype = dtype.name
        if is_var and site:
            remember_variable(site[0], shape, dtype)
        item = ("watch", len(view.entries.rows), item._id, how, item if is_var else None, shape, dtype,
                None if value is None else value if value.size <= SAMPLE_SIZE else head(value, SAMPLE_SIZE),
                bool(view.tracked.get(item._id)), site)
        if view.listeners:
            self._add(record_of(item))
        else:
            self.items.append(item)   # compact, made a Watch record when read

    def accessed(self, var, site, shape, dtype) -> None:
        # A model's variables are watched on every step: the watch is logged as the variable and its
        # place; its site, value and dtype are those of its ReadVariableOp row, recorded next, and
        # are read from there with the events (log_records.records).
        if site:
            remember_variable(site[0], shape, dtype)
        view = self.view()
        if view.listeners:
            self.watched(var, "access", True, site)
        else:
            self.items.append(("access", len(view.entries.rows), var))

    def recorded(self, entry) -> None:
        if self.live is not None and self.view().listeners:
            self.live.entry(entry)

    def paused(self, paused: bool) -> None:
        self._add(rec.Pause(self._at(), paused, user_location()))

    def read_unwatched(self, var, t) -> None:
        """A variable the tape does not watch was read (its value may feed recorded ops)."""
        self._add(rec.Read(self._at(), t._id, var._id, var_name(var), bool(var.trainable), dims(var),
                           var.dtype.name, sample(var._value), user_location()))

    def left_tape(self, t, how, where) -> None:
        if how == "__array__":          # NumPy asked: the user's line is the one that called NumPy
            where = user_location(skip_numpy=True)
        self._add(rec.LeftTape(self._at(), t._id, how, where))

    def state_changed(self, var, how, where) -> None:
        self._add(rec.Assign(self._at(), var._id, var_name(var), how, sample(var._value), dims(var), where))

    def backward_observer(self, view, method="gradient", targets=(), sources=(), output_gradients=None,
                          unconnected=None):
        call = self.calls
        self.calls += 1
        return BackwardObserver(self, view, call, method, targets, sources, output_gradients, unconnected)

    # ---------- subscribers and materialising ----------
    def subscribe(self, callback):
        if not callable(callback):
            raise TypeError(f"subscribe() needs a callable, got {type(callback).__name__}.")
        listeners = self.view().listeners
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
            builder = _Builder(emit=None)
            builder.replay(self.view().entries or [], self.items)
            builder.emit = self._emit
            self.live = builder
        return self.live

    def _emit(self, event) -> None:
        for callback in list(self.view().listeners):
            callback(event)

    def materialize(self) -> list:
        entries = self.view().entries or []
        # what the events are built from: the same while the tape records nothing new (a tape that
        # starts afresh has new entries); rows released after a gradient give the same events
        state = (entries, len(entries), len(self.items))
        with collector_paused():   # many small containers, no cycle (gc_pause.py)
            if self._built is None or self._built[0][0] is not entries or self._built[0][1:] != state[1:]:
                builder = _Builder(emit=None)
                builder.replay(entries, self.items)
                self._built = (state, _kept(builder.events))
                if type(self._built[1]) is bytes:
                    return builder.events    # kept as a copy: these are the caller's own
            return _copied(self._built[1])   # the caller's own events (the player adds keys)


def _kept(events: list):
    """The events as the log keeps them until the tape changes: one ``marshal`` string (a 5,000-op
    tape's events are 25 MB of small dicts and lists that every collection of the cyclic GC would
    walk again; as bytes 4 MB, not walked), or the list itself if a value cannot be marshalled.
    The string is read back in this process only, which is what ``marshal`` is for."""
    try:
        return marshal.dumps(events)
    except ValueError:
        return events


def _copied(kept) -> list:
    """A copy of the kept events for the caller to change as it likes."""
    return marshal.loads(kept) if type(kept) is bytes else [dict(event) for event in kept]


def recorded_ops(tape, skip=()) -> int:
    """How many ops ``tape`` recorded (the ``op`` events ``tape.events`` would list), leaving out
    the op types in ``skip``, without building any event (the player's size check)."""
    log = _LOGS.get(tape)   # none yet: the tape was never entered, so it recorded nothing
    return 0 if log is None else sum(e.type not in skip for e in log.view().entries or ())


class BackwardObserver(observer.BackwardObserver):
    """Receives the reverse pass's calls and logs them compactly (``visit``/``send`` ... tuples)."""

    def __init__(self, log, view, call, method, targets, sources, output_gradients, unconnected):
        self.log = log
        self.view = view                # the TapeView that explain() reads for the causes
        self.call = call
        self.method = method
        self.row = None                 # the Jacobian row being computed
        self.kept = 0
        self.dropped = 0
        self.targets = [t for t in targets if t is not None]
        self.sources = list(sources)
        self._source_ids = {s._id for s in self.sources}
        self._source_records: dict = {}   # source id -> (array, (sample, shape)) of its last gradient sent
        self.unconnected = unconnected
        ogs = None
        if output_gradients is not None:
            ogs = [None if g is None else _grad_record(g) for g in nest.flatten(output_gradients)]
        # the per-op hooks below run once per visited op: look these up once
        self._entries = view.entries.rows   # the plain list: len() per logged item
        # the start and end, visits and sends are logged as compact items (log_records.records reads
        # them): the cyclic GC stops tracking those
        self._log_item = (lambda item: log._add(record_of(item))) if view.listeners else log.items.append
        self._log_item(("start", len(self._entries), call, method, [t._id for t in self.targets],
                        [s._id for s in self.sources], ogs))
        self._deferred = not view.listeners   # small ops' steps may stay raw until the events are read
        self._recent: dict = {}   # id -> (array, (sample, shape)) of the last few gradients sampled

    def _room(self) -> bool:
        if self.kept < MAX_BACKWARD_EVENTS:
            self.kept += 1
            return True
        self.dropped += 1
        return False

    def _record_of(self, g):
        """``(sample, shape)`` of ``g``, reused when ``g`` (its array) was sampled a few sends ago:
        an op's output gradient is what its consumer sent it, unless gradients were added up."""
        array = g._value if type(g) is EagerTensor else g
        hit = self._recent.get(id(array))
        return hit[1] if hit is not None and hit[0] is array else self._sampled(array)

    def _sampled(self, array):
        """``(sample, shape)`` of a gradient's array, remembered (with the array) for the next few."""
        record = _sample_and_shape(array)
        self._remember(array, record)
        return record

    def _remember(self, array, record) -> None:
        recent = self._recent
        recent[id(array)] = (array, record)
        if len(recent) > _RECENT_SAMPLES:
            del recent[next(iter(recent))]

    def step(self, index, row, out_grads, sends) -> None:
        n = 1 + len(sends)
        if not self._deferred or self.kept + n > MAX_BACKWARD_EVENTS:   # listeners, or the limit near
            self.visit(index, row, out_grads)
            for k, g, accumulated in sends:
                self.sent(index, row, k, g, accumulated)
            return
        # One flat tuple per op, made visit/send records only when the events are read (``_records``).
        # Atoms only, so the cyclic GC stops tracking it.
        self.kept += n
        if row.state == SMALL:
            self._log_small(index, out_grads, sends)
        else:
            self._log_sampled(index, row, out_grads, sends)

    def _log_small(self, index, out_grads, sends) -> None:
        """An op whose values are all small: its gradients' (tiny) arrays themselves."""
        if len(sends) == 1 and len(out_grads) == 1:   # one output, one input followed: the common case
            k, g, accumulated = sends[0]
            g_out = out_grads[0]   # Tensors, or the lean path's arrays (_array_of, inline)
            self._log_item(("step", len(self._entries), self.row, index, 1,
                            g_out._value if type(g_out) is EagerTensor else g_out, k,
                            g._value if type(g) is EagerTensor else g, accumulated))
            return
        item = ("step", len(self._entries), self.row, index, len(out_grads))
        item += tuple(_array_of(g) for g in out_grads)
        for k, g, accumulated in sends:
            item += (k, _array_of(g), accumulated)
        self._log_item(item)

    def _log_sampled(self, index, row, out_grads, sends) -> None:
        """Any other op: (sample, shape) per output gradient, then (k, sample, shape, accumulated)
        per send. A gradient sampled a few sends ago is not sampled again (``_record_of``, inline);
        an output gradient is consumed now, so it leaves the cache (the log keeps no gradient alive,
        its memory is reused sooner), and an op that passes it on (ReadVariableOp, AddV2) reuses
        its record."""
        recent = self._recent
        item = ("sampled", len(self._entries), self.row, index, len(out_grads))
        passed = None
        for g in out_grads:
            if g is None:
                item += (None, None)
                continue
            array = g._value if type(g) is EagerTensor else g
            hit = recent.pop(id(array), None)   # a live array's id is its own: no other entry has it
            passed = hit if hit is not None else (array, _sample_and_shape(array))
            item += passed[1]
        sources = self._source_ids
        for k, g, accumulated in sends:
            if g is None:
                item += (k, None, None, False)
                continue
            array = g._value if type(g) is EagerTensor else g
            entry = passed if passed is not None and passed[0] is array else \
                recent.get(id(array)) or (array, _sample_and_shape(array))
            recent[id(array)] = entry   # for its consumer (_remember, inline)
            if len(recent) > _RECENT_SAMPLES:
                del recent[next(iter(recent))]
            item += (k, *entry[1], accumulated)
            if row.input_id(k) in sources:   # finish reports it again, unless more is added to it
                self._source_records[row.input_id(k)] = entry
        self._log_item(item)

    # visit and sent log one event each: they test the room inline and build one flat tuple
    def visit(self, index, row, out_grads) -> None:
        if self.kept >= MAX_BACKWARD_EVENTS:
            self.dropped += 1
            return
        self.kept += 1
        if row.n_outputs == 1:
            g = out_grads[0]
            if g is None:
                self._log_item(("visit", len(self._entries), index, row.op_type, self.row, None, None, None))
                return
            value, shape = self._record_of(g)
            self._log_item(("visit", len(self._entries), index, row.op_type, self.row, row.output_id(0), value,
                            shape))
            return
        grads = ()
        for oid, g in zip(row.output_ids(), out_grads):
            grads += (None, None, None) if g is None else (oid, *self._record_of(g))
        self._log_item(("visit", len(self._entries), index, row.op_type, self.row) + grads)

    def sent(self, index, row, k, g, accumulated=False) -> None:
        if g is None:
            if self._room():
                reason = Cause.NONE_RETURNED if as_dtype(row.input_dtype(k)).is_differentiable else \
                    Cause.INTEGER_OR_STRING_DTYPE
                self.log._add(rec.Send(self.log._at(), index, row.input_id(k), None,
                                       list(row.input_shape(k)), False, reason, self.row))
            return
        if self.kept >= MAX_BACKWARD_EVENTS:
            self.dropped += 1
            return
        self.kept += 1
        value, shape = self._record_of(g)
        self._log_item(("send", len(self._entries), index, row.input_id(k), value, shape, accumulated, None,
                        self.row))

    def stopped(self, index, row, reason) -> None:
        for k in range(row.n_inputs):
            if self._room():
                self.log._add(rec.Send(self.log._at(), index, row.input_id(k), None, list(row.input_shape(k)),
                                       False, reason, self.row))

    def finish(self, results) -> None:
        """Log the end of the call: each source's result and, for a None (or ZERO) result, its cause."""
        log = self.log
        if self.dropped:
            log._add(rec.Truncated(log._at(), self.dropped))
        causes = None
        if self.unconnected is not UnconnectedGradients.ZERO:
            for r in results:
                if r is None:
                    break
            else:   # every source has its gradient: nothing to explain (causes_for's first test, inline)
                causes = (None,) * len(results)
        if causes is None:
            causes = causes_for(self.view, self.targets, self.sources, results, self.unconnected)
        item = ("end", len(self._entries), self.call)   # then (source, sample, shape, dtype, cause) per source
        for s, r, cause in zip(self.sources, results, causes):
            if r is None:
                item += (s._id, None, None, s.dtype.name, cause)
                continue
            sent = self._source_records.get(s._id)
            array = r._value if type(r) is EagerTensor else r
            item += (s._id, *(sent[1] if sent is not None and sent[0] is array else self._record_of(r)),
                     s.dtype.name, cause)
        self._log_item(item)
        self.targets = self.sources = self.view = None     # do not keep the caller's tensors alive
        self._recent = {}
        self._source_records = {}


def _grad_record(g):
    """(sample, shape) of a gradient value (a Tensor, or anything convertible); shape as a tuple."""
    return rec.GradValue(*_sample_and_shape(g))


def _array_of(g):
    """The array of a gradient the reverse pass sent: a Tensor's value, a lean-path array as it is."""
    return g._value if type(g) is EagerTensor else g


# ---------- building event dicts ----------
class _Builder:
    """Turns entries and log items, in order, into event dicts with stable ids."""

    def __init__(self, emit):
        self.emit = emit
        self.events: list = []
        self.ids: dict = {}
        self.blocks: dict = {}      # code object -> block id ("b0", ...), announced by a "code" event
        self.blocks_file: dict = {}
        self.produced: set = set()  # ids of recorded ops' outputs (not constants)
        self.previews: dict = {}    # (dtype, sample bytes, shape) -> preview text
        self.sites: dict = {}       # user_site -> what site() says of it
        self.read_inputs = None     # ids of entry inputs (replay only): which unwatched reads to show

    def tid(self, raw_id) -> str:
        name = self.ids.get(raw_id)
        if name is None:
            name = self.ids[raw_id] = f"t{len(self.ids)}"
        return name

    def replay(self, entries, items) -> None:
        self.read_inputs = {i for e in entries for i in e.row.input_ids()} if any(type(i) is rec.Read for i in items) \
            else set()
        k = 0
        for item in rec.records(items, entries):
            while k < len(entries) and k < item.at:
                self.entry(entries[k])
                k += 1
            self.item(item)
        for entry in entries[k:]:
            self.entry(entry)

    def add(self, phase: str, kind: str, **fields) -> None:
        self.append({"seq": len(self.events), "phase": phase, "kind": kind, **fields})

    def append(self, event: dict) -> None:
        """Add an event whose ``seq`` is the next one."""
        self.events.append(event)
        if self.emit is not None:
            self.emit(event)

    def entry(self, e) -> None:
        # (id, shape, dtype name, value) per tensor, read off the row: no tensor is built
        inputs, outputs = e.described_inputs(), e.described_outputs()
        produced = self.produced
        ins = [self.tid(t[0]) for t in inputs]
        outs = [self.tid(t[0]) for t in outputs]
        in_shapes = [list(t[1]) for t in inputs]
        out_shapes = [list(t[1]) for t in outputs]
        file, line = e.location if e.location else (None, None)
        stack, expr, assigns, code, operands = self.site(e.site)
        if line is None and stack:
            file, line = self.blocks_file[stack[-1][0]], stack[-1][2]
        self.append({
            "seq": len(self.events), "phase": "forward", "kind": "op", "op": f"op{e.index}", "type": e.type,
            "inputs": ins, "outputs": outs, "input_shapes": in_shapes, "output_shapes": out_shapes,
            "dtypes": [t[2] for t in outputs],
            "value": self.value_text(outputs[0][3], out_shapes[0]) if outputs else None, "file": file, "line": line,
            "cut": entry_cut(e), "stack": stack, "code": code, "expr": expr, "assigns": assigns,
            "operands": operands,
            # a constant's value; an op's output was shown with its op
            "input_values": [None if name in produced else self.value_text(t[3], shape)
                             for t, name, shape in zip(inputs, ins, in_shapes)],
            "input_dtypes": [t[2] for t in inputs]})
        produced.update(outs)

    def value_text(self, value, shape):
        """The preview of a tensor's value (an array, or a released one's sample), None if unknown;
        a value already previewed (a constant used again, a repeated result) is not formatted again."""
        return self.text(None if value is None else sample(value), shape)

    def text(self, raw, shape):
        """``preview(raw, shape)`` (None for None), each distinct value formatted once."""
        if raw is None:
            return None
        kind = raw.dtype.kind if isinstance(raw, (np.ndarray, np.generic)) else None   # on the host
        if kind is None or kind not in "biufc":
            return preview(raw, shape)
        if kind == "f" and shape is not None and len(shape) == 0:   # a float scalar: most values of a chain
            return _float(raw.item())
        key = (raw.dtype.char, raw.tobytes(), raw.shape if shape is None else tuple(shape))
        text = self.previews.get(key)
        if text is None:
            text = self.previews[key] = preview(raw, shape)
        return text

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
        if type(item) is not rec.Enter:   # kept for explain() (where the with-block starts), no event
            getattr(self, "_" + item.kind)(item)

    @staticmethod
    def _where(where) -> dict:
        file, line = where if where else (None, None)
        return {"file": file, "line": line}

    def _watch(self, r: rec.Watch) -> None:
        self.add("forward", "watch", tensor=self.tid(r.tensor), how=r.how, name=r.name, is_variable=r.is_variable,
                 trainable=r.trainable, shape=r.shape, dtype=r.dtype,
                 value=None if r.sample is None else preview(r.sample, r.shape), differentiable=r.differentiable,
                 **self._where(r.where))

    def _pause(self, r: rec.Pause) -> None:
        self.add("forward", "pause", **self._where(r.where))

    def _resume(self, r: rec.Pause) -> None:
        self.add("forward", "resume", **self._where(r.where))

    def _read(self, r: rec.Read) -> None:
        if self.read_inputs is not None and r.tensor not in self.read_inputs:
            return                      # read, but never fed a recorded op
        self.add("forward", "read", tensor=self.tid(r.tensor), variable=self.tid(r.variable), name=r.name,
                 trainable=r.trainable, shape=r.shape, dtype=r.dtype,
                 value=None if r.sample is None else preview(r.sample, r.shape), **self._where(r.where))

    def _left_tape(self, r: rec.LeftTape) -> None:
        self.add("forward", "left_tape", tensor=self.tid(r.tensor), how=r.how, **self._where(r.where))

    def _assign(self, r: rec.Assign) -> None:
        self.add("forward", "assign", tensor=self.tid(r.variable), name=r.name, how=r.how,
                 value=preview(r.sample, r.shape), **self._where(r.where))

    def _backward_start(self, r: rec.BackwardStart) -> None:
        ogs = r.output_gradients
        self.add("backward", "backward_start", call=r.call, method=r.method,
                 targets=[self.tid(t) for t in r.targets], sources=[self.tid(s) for s in r.sources],
                 output_gradients=None if ogs is None else
                 [None if g is None else preview(g.sample, list(g.shape)) for g in ogs])

    def _visit(self, r: rec.Visit) -> None:
        self.add("backward", "visit", op=f"op{r.op}", type=r.type, row=r.row,
                 grads=[None if g is None else {"tensor": self.tid(g.tensor), "value": self.text(g.sample, g.shape),
                                                "shape": [int(d) for d in g.shape]} for g in r.grads])

    def _send(self, r: rec.Send) -> None:
        shape = None if r.shape is None else [int(d) for d in r.shape]
        self.add("backward", "send", op=f"op{r.op}", to=self.tid(r.to),
                 value=self.text(r.sample, shape), shape=shape,
                 accumulated=r.accumulated, reason=r.reason, row=r.row)

    def _truncated(self, r: rec.Truncated) -> None:
        self.add("backward", "truncated", dropped=r.dropped)

    def _backward_end(self, r: rec.BackwardEnd) -> None:
        self.add("backward", "backward_end", call=r.call, results=[
            {"source": self.tid(x.source), "value": None if x.sample is None else preview(x.sample, list(x.shape)),
             "shape": None if x.shape is None else [int(d) for d in x.shape], "dtype": x.dtype, "cause": x.cause}
            for x in r.results])


def _line_text(file, line) -> str | None:
    text = linecache.getline(file, line).strip() if file and line else ""
    return (text if len(text) <= 48 else text[:47] + "…") or None


observer.install(TapeLog, explain)
