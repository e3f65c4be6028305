"""Why a gradient is None: one cause from a closed set, the op and line involved, and a fix.

``tape.explain(target, sources)`` reads only what the tape kept (entry ids, dtypes, cuts, the
events log), so it works before or after ``gradient()``, on persistent and spent tapes alike.
"""

from __future__ import annotations

import ast
import html
import linecache
import re

from .. import nest
from .cause_texts import text
from .._core.autodiff.gradient_args import UnconnectedGradients
from .._core.record.causes import SOURCE_CAUSES, Cause, entry_cut, source_cause
from .._base.i18n import _, hint_line
from .log_records import Assign, Enter, LeftTape, Send, Watch
from .._core.record.registry import returns_none, stops_gradient
from .sites import location_text
from .sites import short_file as _short_file  # noqa: F401  (kept: tests and callers import it here)
from .._base.source_location import user_frame
from .._core.values.tensor import Tensor, is_variable
from .._core.record.variable import Variable

CAUSES = SOURCE_CAUSES   # the closed set of a source's causes (tapekit/_core/record/causes.py)

_ASSIGN_OPS = {"assign": "AssignVariableOp", "assign_add": "AssignAddVariableOp",
               "assign_sub": "AssignSubVariableOp"}

# Variables watched from each piece of user code: {code object: [(shape, dtype), ...]}. Lets
# explain() recognise ``x = x + 1`` (a name that held a watched Variable now holds a Tensor).
# Bounded, oldest dropped. (User frames are read through f_code/f_lineno only: reading f_locals
# would pin the caller's locals in a snapshot dict on Python < 3.13.)
_WATCHED_BY_CODE: dict = {}
_MAX_CODES = 256


def remember_variable(code, shape, dtype: str) -> None:
    """Note that ``code`` had a tape watch a variable of this shape and dtype (called on each watch;
    the codes are kept in the order they first watched such a variable)."""
    sig = (tuple(shape), dtype)
    seen = _WATCHED_BY_CODE.get(code)
    if seen is None:
        _WATCHED_BY_CODE[code] = {sig}
        while len(_WATCHED_BY_CODE) > _MAX_CODES:
            del _WATCHED_BY_CODE[next(iter(_WATCHED_BY_CODE))]
    else:
        seen.add(sig)


# ---------- the result objects ----------
class SourceExplanation:
    """Why one source's gradient is what it is. ``cause`` is None when the gradient exists."""

    __slots__ = ("source", "cause", "op", "file", "line", "message", "fix", "underlying")

    def __init__(self, source, cause=None, op=None, where=None, message="", fix=None, underlying=None):
        self.source = source
        self.cause = None if cause is None else str(cause)   # a Cause, as the plain string it equals
        self.op = op
        self.file, self.line = where if where else (None, None)
        self.message = message
        self.fix = fix
        self.underlying = underlying

    def to_dict(self) -> dict:
        return {"source": self.source, "cause": self.cause, "op": self.op, "file": self.file,
                "line": self.line, "message": self.message, "fix": self.fix, "underlying": self.underlying}

    def where_text(self) -> str | None:
        return location_text(self.file, self.line)

    def op_text(self) -> str | None:
        """``Mul (op3)``: the op's type and id, or None."""
        if not self.op:
            return None
        return self.op["type"] + (f" ({self.op['id']})" if self.op.get("id") else "")

    def __repr__(self) -> str:
        if self.cause is None:
            return _("{source}: gradient OK. {message}").format(source=self.source, message=self.message)
        op, where = self.op_text(), self.where_text()
        if op and where:
            head = _("{source}: {cause} at {op}, line {where}")
        elif op:
            head = _("{source}: {cause} at {op}")
        elif where:
            head = _("{source}: {cause}, line {where}")
        else:
            head = _("{source}: {cause}")
        text = head.format(source=self.source, cause=self.cause, op=op, where=where) + f"\n  {self.message}"
        if self.fix:
            text += "\n  " + _("Fix: {fix}").format(fix=self.fix)
        return text


class Explanation:
    """The explanations for all sources, in the structure of ``sources`` (see ``.structure``)."""

    def __init__(self, items, structure):
        self.items = list(items)
        self.structure = structure

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def __getitem__(self, index):
        return self.items[index]

    def _single(self) -> SourceExplanation:
        if len(self.items) != 1:
            raise AttributeError(f"this Explanation covers {len(self.items)} sources: index it, e.g. "
                                 "explanation[0].cause")
        return self.items[0]

    cause = property(lambda self: self._single().cause)
    op = property(lambda self: self._single().op)
    line = property(lambda self: self._single().line)
    file = property(lambda self: self._single().file)
    message = property(lambda self: self._single().message)
    fix = property(lambda self: self._single().fix)

    def to_dict(self) -> dict:
        return {"items": [item.to_dict() for item in self.items]}

    def __repr__(self) -> str:
        return "\n".join([_("Explanation of tape.gradient(target, sources):")] +
                         ["- " + repr(item).replace("\n", "\n  ") for item in self.items])

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = []
        for item in self.items:
            if item.cause is None:
                status = '<span style="color:#1a7f37">' + esc(_("gradient OK")) + "</span>"
            else:
                status = f'<b style="color:#cf222e">None</b> <code>{esc(item.cause)}</code>'
            text = esc(item.message)
            if item.fix:
                # the label is bold: the translated "Fix: {fix}" is split at its placeholder
                label, _sep, rest = _("Fix: {fix}").partition("{fix}")
                space = " " if label.endswith(" ") else ""
                text += f"<br><b>{esc(label.rstrip())}</b>{space}{esc(item.fix)}{esc(rest)}"
            rows.append(f"<tr><td><code>{esc(item.source)}</code></td><td>{status}</td><td>{esc(item.op_text() or '')}"
                        f"</td><td>{esc(item.where_text() or '')}</td><td style='text-align:left'>{text}</td></tr>")
        headers = (_("source"), _("gradient"), _("op"), _("line"), _("why"))
        return ("<table><thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in headers) + "</tr></thead><tbody>"
                + "".join(rows) + "</tbody></table>")


# ---------- entry points ----------
def explain(tape, target, sources, unconnected):
    """``tape.explain``: an ``Explanation`` for each source of ``gradient(target, sources)``."""
    if target is None:
        raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                        "Variables or CompositeTensors to be differentiated, but received None.")
    targets = [_tensor_argument(t, "target") for t in nest.flatten(target) if t is not None]
    flat = [_tensor_argument(s, "source") for s in nest.flatten(sources)]
    frame = user_frame()
    names = _source_names(frame, len(flat))
    items = [_explain_one(tape, targets, s, frame, name, zero=unconnected.value == "zero")
             for s, name in zip(flat, names)]
    return Explanation(items, nest.pack_sequence_as(sources, items))


def _tensor_argument(x, role: str):
    """A target or source of explain(): a tk.Tensor or tk.Variable, else a clear TypeError."""
    if isinstance(x, Tensor) or is_variable(x):
        return x
    if x is None:
        hint = (_("leave the None out of the targets.") if role == "target" else
                _("leave the None out of the sources."))
    else:
        hint = _("pass the tensors themselves, as to tape.gradient(target, sources); a Python value "
                 "or NumPy array was never on the tape.")
    raise TypeError(f"explain() needs tk.Tensor or tk.Variable {role}s, got {type(x).__name__}: "
                    f"{_short_repr(x)}" + hint_line(hint))


def _short_repr(x) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def causes_for(tape, targets, sources, results, unconnected) -> list:
    """The cause of each None (or ZERO-filled) result of a gradient()/jacobian() call."""
    zero = unconnected is UnconnectedGradients.ZERO
    if not zero:
        for r in results:
            if r is None:
                break
        else:   # every source has its gradient: nothing to explain
            return [None] * len(results)
    frame = user_frame()
    names = _source_names(frame, len(sources))
    out = []
    for s, r, name in zip(sources, results, names):
        if r is not None and not zero:
            out.append(None)
            continue
        cause = _explain_one(tape, targets, s, frame, name, zero=zero).cause
        if r is None and cause is None:       # a gradient function returned None on the path
            cause = Cause.NOT_CONNECTED
        out.append(cause)
    return out


# ---------- the analysis ----------
def _watched_form(source):
    """What the tape watched for ``source``: a Keras variable's ``tk.Variable`` (its ``.value``), else itself."""
    inner = getattr(source, "value", None) if is_variable(source) else None
    return inner if isinstance(inner, Variable) else source


def _explain_one(tape, targets, source, frame, name, zero) -> SourceExplanation:
    item = _analyse(tape, [_watched_form(t) for t in targets], _watched_form(source), frame, name)
    if zero and item.cause is not None:
        return SourceExplanation(
            item.source, Cause.UNCONNECTED_ZERO, item.op, (item.file, item.line),
            _("The gradient is zeros only because unconnected_gradients=tk.UnconnectedGradients.ZERO was "
              "asked for; without it, it would be None. {message}").format(message=item.message),
            item.fix, underlying=item.cause)
    return item


def _analyse(tape, targets, source, frame, name) -> SourceExplanation:
    log = tape.log
    entries = tape.entries or []
    tracked = tape.tracked
    sid = source.id
    label = _label(source, name)
    target_ids = {t.id for t in targets}
    with_line = _entered_at(log)
    if sid in target_ids:
        return SourceExplanation(label, message=_("{label} is itself the target: its gradient is ones.").format(
            label=label))
    flag = tracked.get(sid)
    if flag is None:
        return _untracked(tape, source, label, frame, name, with_line)
    if not source.dtype.is_differentiable:
        watch = next((i for i in log.records() if type(i) is Watch and i.tensor == sid), None)
        cast = _cast_of(entries, sid)
        if cast is not None:   # the code already casts: say why that cannot help
            fix = _("casting does not help: tk.cast({py}, ...) makes a new float tensor, but {label} "
                    "itself is {dtype} and an integer value has no gradient. Create it as a "
                    "float instead (e.g. tk.Variable(2.0) rather than tk.Variable(2)) and drop the cast.")
        else:
            fix = _("make it a float, e.g. tk.constant(10.0) or tk.Variable(2.0) instead of 10 or 2, or "
                    "tk.cast({py}, tk.float32) before using it.")
        return SourceExplanation(
            label, Cause.INTEGER_OR_STRING_DTYPE, _op(cast), watch.where if watch else with_line,
            _("{label} has dtype {dtype}: integers and strings have no gradient, so the "
              "tape cannot differentiate with respect to it.").format(label=label, dtype=source.dtype.name),
            fix.format(py=_py(label), label=label, dtype=source.dtype.name))
    live, blocked = _forward_scan(entries, sid, _none_sent(log))
    if target_ids & live:
        return SourceExplanation(label, message=_("The target depends on {label} through recorded, "
                                                  "differentiable ops, so the gradient flows.").format(label=label))
    hit = next((blocked[t.id] for t in targets if t.id in blocked), None)
    if hit is not None:
        return _blocked(label, *hit)
    reached = live | set(blocked) | {sid}
    left = next((i for i in log.items if type(i) is LeftTape and i.tensor in reached), None)
    if left is not None:
        producer = _producer(entries, left.tensor)
        how = {"numpy": ".numpy()", "float": "float()", "int": "int()", "__array__": "NumPy"}.get(left.how, left.how)
        return SourceExplanation(
            label, Cause.LEFT_THE_TAPE, _op(producer), left.where,
            _("A value computed from {label} left the tape through {how}; what was computed from it "
              "afterwards is plain data the tape cannot trace back.").format(label=label, how=how),
            _("stay in tapekit: use tk ops (tk.reduce_mean, tk.square, ...) instead of NumPy, .numpy() "
              "or float() between the watched value and the target."))
    assign = _assign_cut(log, entries, reached, targets)
    if assign is not None:
        var = _assigned_name(assign.where, assign.name)
        return SourceExplanation(
            label, Cause.STATE_CHANGED, {"id": None, "type": _ASSIGN_OPS.get(assign.how, assign.how)}, assign.where,
            _("{label} only reached the target through {var}.{method}(...): an assign changes the "
              "variable's state, and the tape records reads of the new state, not the history that led to it."
              ).format(label=label, var=var, method=assign.how),
            _("use {py} in the computation itself (e.g. y = ({var} + {py})**2) instead of "
              "passing it through {var}.{method}(...).").format(py=_py(label), var=var, method=assign.how))
    return _unconnected(label, targets, tracked, entries, reached, with_line)


def _untracked(tape, source, label, frame, name, with_line) -> SourceExplanation:
    if is_variable(source):
        if not source.trainable:
            return SourceExplanation(
                label, Cause.NOT_WATCHED, None, with_line,
                _("{label} is a Variable with trainable=False: the tape only watches trainable "
                  "variables automatically.").format(label=label),
                _("call tape.watch({py}) inside the with-block, or create it with trainable=True.").format(
                    py=_py(label)))
        if not tape.watch_accessed_variables:
            return SourceExplanation(
                label, Cause.NOT_WATCHED, None, with_line,
                _("The tape was created with watch_accessed_variables=False, so it only watches what "
                  "you pass to tape.watch(), and {label} was not.").format(label=label),
                _("call tape.watch({py}) inside the with-block before using it.").format(py=_py(label)))
        return SourceExplanation(
            label, Cause.NOT_CONNECTED, None, with_line,
            _("{label} was never used while the tape was recording (for example the if/else branch "
              "that uses it did not run, or the target was computed outside the with-block).").format(label=label),
            _("compute the target from {label} inside the with-block; if it is right that the target "
              "does not use it, pass unconnected_gradients=tk.UnconnectedGradients.ZERO to get zeros.").format(
                label=label))
    line = _replaced_variable(source, frame, name, tape)
    if line is not None:
        return SourceExplanation(
            label, Cause.VARIABLE_REPLACED_BY_TENSOR, None, (frame.f_code.co_filename, line),
            _("{name} is now a tk.Tensor, not the tk.Variable an earlier tape watched here: the "
              "assignment on line {line} (like `{name} = {name} + 1`) replaced the Variable with a Tensor "
              "computed from it, and the tape does not watch Tensors.").format(name=name, line=line),
            _("update the variable in place: use {name}.assign_add(1) instead of {name} = {name} + 1 "
              "(or {name}.assign(...) / {name}.assign_sub(...)).").format(name=name))
    return SourceExplanation(
        label, Cause.NOT_WATCHED, None, with_line,
        _("{label} is a tk.Tensor the tape never watched: a tape follows only trainable Variables and "
          "tensors passed to tape.watch().").format(label=label),
        _("call tape.watch({py}) inside the with-block before computing with it, or make it a "
          "tk.Variable.").format(py=_py(label)))


def _none_sent(log) -> set:
    """(op index, input id) of each input a gradient function returned None for, in the passes run so far."""
    return {(r.op, r.to) for r in log.records() if type(r) is Send and r.reason == Cause.NONE_RETURNED}


def _returns_none(entry, live, none_sent) -> bool:
    """Whether ``entry``'s rule gives None to every input on the path: a built-in rule that always does
    (Round, ArgMax ...), or any rule that did so in a pass already run."""
    if returns_none(entry.grad_key):
        return True
    reached = [t.id for t in entry.inputs if t.id in live]
    return all((entry.index, i) in none_sent for i in reached)


def _forward_scan(entries, sid, none_sent=frozenset()):
    """Tensors reached from ``sid`` with a gradient path (live) and without one (blocked: why, where)."""
    live = {sid}
    blocked: dict = {}
    for e in entries:
        ids = [t.id for t in e.inputs]
        if any(i in live for i in ids):
            cut = entry_cut(e) or (Cause.NONE_RETURNED if _returns_none(e, live, none_sent) else None)
            if cut is None:
                for o in e.outputs:
                    if o.dtype.is_differentiable:
                        live.add(o.id)
                    else:
                        blocked.setdefault(o.id, (e, Cause.INTEGER_OR_STRING_DTYPE))
            else:
                for o in e.outputs:
                    blocked.setdefault(o.id, (e, cut))
        else:
            why = next((blocked[i] for i in ids if i in blocked), None)
            if why is not None:
                for o in e.outputs:
                    blocked.setdefault(o.id, why)
    return live, blocked


def _blocked(label, entry, cut) -> SourceExplanation:
    """The path is cut at ``entry``: a stop, an integer result, no rule, or a rule that returns None."""
    fields = {"label": label, "op": entry.type, "op_repr": repr(entry.type), "dtype": _dtype_of(entry)}
    message_role, fix_role = "path", "path_fix"
    if cut is Cause.NO_GRADIENT_REGISTERED and not stops_gradient(entry.grad_key):
        message_role, fix_role = "unregistered_path", "unregistered_fix"   # gradient() raises LookupError
    message = text(cut, message_role, **fields) or text(Cause.NOT_CONNECTED, "path", **fields)
    return SourceExplanation(label, source_cause(cut), _op(entry), entry.location, message,
                             text(cut, fix_role, **fields))


def _assign_cut(log, entries, reached, targets):
    """The assign that a value from the source flowed into, when the target reads that variable."""
    ancestors = _ancestors(entries, {t.id for t in targets})
    for item in log.items:
        if type(item) is not Assign:
            continue
        at, vid = item.at, item.variable
        fed = at > 0 and any(o.id in reached for o in entries[at - 1].outputs)
        reads_after = any(e.type == "ReadVariableOp" and e.index >= at and e.inputs[0].id == vid
                          for e in ancestors)
        if fed and (reads_after or not ancestors):
            return item
    return None


def _ancestors(entries, ids) -> list:
    need = set(ids)
    found = []
    for e in reversed(entries):
        if any(o.id in need for o in e.outputs):
            found.append(e)
            need.update(t.id for t in e.inputs)
    return found


def _unconnected(label, targets, tracked, entries, reached, with_line) -> SourceExplanation:
    fix = _("compute the target from it inside the with-block; if the target really does not depend on "
            "it, pass unconnected_gradients=tk.UnconnectedGradients.ZERO to get zeros instead of None.")
    test = next((e for e in entries if e.outputs and e.outputs[0].dtype.is_bool
                 and any(t.id in reached for t in e.inputs)), None)
    if test is not None:
        return SourceExplanation(
            label, Cause.NOT_CONNECTED, _op(test), test.location,
            _("{label} was only used in a comparison ({op}) that decided which Python branch ran; "
              "control flow is not differentiable, and the target does not use it otherwise.").format(
                label=label, op=test.type), fix)
    if not any(t.id in tracked for t in targets):
        return SourceExplanation(
            label, Cause.NOT_CONNECTED, None, with_line,
            _("The target was not recorded by this tape: it was computed outside the with-block (or only "
              "from values the tape does not watch), so nothing connects it to {label}.").format(label=label), fix)
    return SourceExplanation(label, Cause.NOT_CONNECTED, None, with_line,
                             _("The target does not depend on {label}: no recorded op connects them.").format(
                                 label=label), fix)


# ---------- helpers ----------
def _replaced_variable(source, frame, name, tape=None):
    """The line that rebinds ``name`` from itself, when the same code (or, e.g. in another notebook
    cell, the tape) watched a Variable like source."""
    if frame is None or name is None:
        return None
    sig = (tuple(source.shape), source.dtype.name)
    sigs = list(_WATCHED_BY_CODE.get(frame.f_code) or [])
    if tape is not None:
        sigs += [(tuple(v.shape), v.dtype.name) for v in tape.watched_variables]
    if sig not in sigs:
        return None
    return _rebinding_line(frame.f_code, name)


def _rebinding_line(code, name):
    """The first line of ``code`` that rebinds ``name`` from itself (``x = x + 1``, ``x -= g``)."""
    lines = sorted({ln for _start, _end, ln in code.co_lines() if ln})
    for ln in lines:
        if _rebinds_itself(linecache.getline(code.co_filename, ln), name):
            return ln
    return None


def _rebinds_itself(line: str, name: str) -> bool:
    """Whether ``line`` assigns to ``name`` an expression that reads ``name`` (names, not strings)."""
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return True
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.value))
    return False


def _label(source, name) -> str:
    """The name the user's call gives the source, else the variable's name."""
    if name:
        return name
    if is_variable(source):
        return source.name.rsplit(":", 1)[0]
    return f"tensor{list(source.shape.as_list()) if source.shape.rank is not None else ''}"


def _source_names(frame, n: int) -> list:
    """Names of the sources in the user's ``tape.gradient(y, [a, b])`` line (None where unknown).

    Read from the source text, not from the frame's locals (see ``_WATCHED_BY_CODE``).
    """
    unknown = [None] * n
    if frame is None:
        return unknown
    text = linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip()
    tree = None
    for candidate in (text, text + "\n    pass"):
        try:
            tree = ast.parse(candidate)
            break
        except SyntaxError:
            continue
    if tree is None:
        return unknown
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if called in ("gradient", "explain", "jacobian", "batch_jacobian", "TapePlayer"):
            position = 2 if called == "TapePlayer" else 1   # TapePlayer(tape, target, sources)
            arg = node.args[position] if len(node.args) > position else \
                next((k.value for k in node.keywords if k.arg in ("sources", "source")), None)
            if arg is None:
                continue
            elts = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            if len(elts) != n:
                return unknown
            return [e.id if isinstance(e, ast.Name) else None for e in elts]
    return unknown


def _assigned_name(where, fallback: str) -> str:
    """``x1`` from the user's line ``x1.assign_add(x0)``."""
    text = linecache.getline(where[0], where[1]) if where else ""
    match = re.search(r"(\w+)\s*\.\s*assign(?:_add|_sub)?\s*\(", text)
    return match.group(1) if match else fallback


def _py(label: str) -> str:
    """A Python-ish name for code in a fix: ``x:0`` -> ``x``."""
    return label.split(":")[0] if re.fullmatch(r"[A-Za-z_]\w*(:\d+)?", label) else "x"


def _cast_of(entries, sid):
    """The first Cast the recorded code applied to ``sid`` (directly or to a read of it), or None."""
    reads = {sid}
    for e in entries:
        if e.type == "ReadVariableOp" and e.inputs and e.inputs[0].id in reads:
            reads.update(o.id for o in e.outputs)
        elif e.type == "Cast" and e.inputs and e.inputs[0].id in reads:
            return e
    return None


def _op(entry):
    return None if entry is None else {"id": f"op{entry.index}", "type": entry.type}


def _producer(entries, tid):
    return next((e for e in entries if any(o.id == tid for o in e.outputs)), None)


def _dtype_of(entry) -> str:
    return entry.outputs[0].dtype.name if entry.outputs else "non-float"


def _entered_at(log):
    """Where the tape's ``with`` block was last entered."""
    return next((i.where for i in reversed(log.items) if type(i) is Enter), None)
