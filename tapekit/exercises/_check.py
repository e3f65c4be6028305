"""Shared helpers for the lesson exercises: feedback objects, answer inspection, and the checks' rules.

A check is a grader a student may try to fool, so the rules live here, once:
- answers are read through ``.numpy()``, so tapekit's and TensorFlow's tensors both pass
  (:func:`framework` gives the module the student's code runs on, to build the check's inputs);
- hints are tiered (:func:`hint` takes the idea first, then closer texts); the answer itself is shown
  only by ``check_x.show_answer()``;
- a stated constraint is enforced: :func:`forbidden` makes a route (a tape, a Jacobian) raise while
  the student's code runs, :func:`counting` counts calls, :func:`assigns_items` reads the code.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import inspect
import re
import sys
import textwrap

import numpy as np

import tapekit as tk

from .._base.i18n import _, hint_line


class Feedback:
    """The verdict of a check: ``ok``, a short ``code`` naming the case, and a message for the student.

    A notebook shows it as one line; ``bool(feedback)`` is ``ok``.
    """

    __slots__ = ("ok", "code", "message")

    def __init__(self, ok: bool, code: str, message: str):
        self.ok = ok
        self.code = code
        self.message = message

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        if self.code == NOT_DONE:
            return _("Not done yet: {message}").format(message=self.message)
        if self.ok:
            return _("Correct! {message}").format(message=self.message)
        return _("Not yet. Hint: {message}").format(message=self.message)

    __str__ = __repr__


NOT_DONE = "not_done"

# misses so far of each (check, hint code): the first miss gets a hint's idea, later ones get closer
_misses: dict[tuple[str, str], int] = {}
_running: list[str] = []  # the check being run (innermost last)


class Shown:
    """Text a notebook shows as it is (``check_x.show_answer()``)."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def not_done_message() -> str:
    return _("this exercise is waiting for your answer. Write it in the cell above, where it says "
             "YOUR ANSWER, run that cell, then run this one again.")


def not_done() -> Feedback:
    """The verdict while the student edition's stub (``...`` or ``raise NotImplementedError``) is in place."""
    return Feedback(False, NOT_DONE, not_done_message())


def exercise(check=None, *, answer=None):
    """Decorate a check: an answer still ``...``, or code still raising NotImplementedError, is "not done yet".

    ``answer`` (a function returning the solution's text in the language in use) is what
    ``check_x.show_answer()`` shows; nothing else prints it. Each failing verdict counts a miss of its
    hint code, which :func:`hint` uses to pick the tier of the next hint with that code.
    """
    if check is None:
        return functools.partial(exercise, answer=answer)

    @functools.wraps(check)
    def checked(*args, **kwargs):
        if any(value is Ellipsis for value in (*args, *kwargs.values())):
            return not_done()
        _running.append(check.__name__)
        try:
            verdict = check(*args, **kwargs)
        except NotImplementedError:
            verdict = not_done()
        finally:
            _running.pop()
        _count_miss(check.__name__, verdict)
        return verdict

    def show_answer() -> Shown:
        if answer is None:
            return Shown(_("The teacher edition (notebooks/solutions/) has this exercise's solution."))
        return Shown(_("One solution:") + "\n" + answer())

    checked.show_answer = show_answer
    return checked


def _count_miss(name: str, verdict: Feedback) -> None:
    if verdict.ok:
        for key in [key for key in _misses if key[0] == name]:
            del _misses[key]
    elif verdict.code != NOT_DONE:
        _misses[(name, verdict.code)] = _misses.get((name, verdict.code), 0) + 1


def forget_misses() -> None:
    """Start every hint at its first tier again (a new student, or a test)."""
    _misses.clear()


def misses(code: str) -> int:
    """How often the running check has already given the hint ``code`` (0 on the first miss)."""
    return _misses.get((_running[-1], code), 0) if _running else 0


def correct(message: str | None = None) -> Feedback:
    """A passing verdict (``message``: already in the language in use)."""
    return Feedback(True, "correct", _("Well done.") if message is None else message)


def hint(code: str, message: str, *closer: str) -> Feedback:
    """A failing verdict: ``message`` (the idea) on the first miss with this code, then each of ``closer``.

    A hint names the student's mistake and never holds the solution (``show_answer()`` does).
    """
    tiers = (message, *closer)
    return Feedback(False, code, tiers[min(misses(code), len(tiers) - 1)])


def framework():
    """The module the student's code runs on: TensorFlow once it is imported (``import tensorflow as tf``),
    else tapekit. Checks build their inputs with it, so a TensorFlow student's code gets TensorFlow tensors."""
    return sys.modules.get("tensorflow") or tk


def student_constant(values, dtype: str = "float32"):
    """``values`` as a constant tensor of the student's framework, dtype named as in TF (``"float64"``)."""
    fw = framework()
    return fw.constant(np.asarray(values), dtype=getattr(fw, dtype))


def student_variable(values, dtype: str = "float32", **kwargs):
    """``values`` as a Variable of the student's framework."""
    fw = framework()
    return fw.Variable(np.asarray(values, dtype=dtype), **kwargs)


def is_variable(answer) -> bool:
    return isinstance(answer, tk.Variable) or isinstance(answer, framework().Variable)


def kind_of(answer) -> str:
    """'Variable', 'Tensor', 'ndarray', 'None' or the Python type name of ``answer`` (TF's tensors included)."""
    if answer is None:
        return "None"
    if is_variable(answer):
        return "Variable"
    if isinstance(answer, (tk.Tensor, framework().Tensor)):
        return "Tensor"
    if isinstance(answer, np.ndarray):
        return "ndarray"
    return type(answer).__name__


def values_of(answer):
    """The answer's values as a NumPy array, or None when it cannot be read as numbers."""
    if answer is None:
        return None
    try:
        if hasattr(answer, "numpy"):
            return np.asarray(answer.numpy())
        return np.asarray(answer)
    except Exception:
        return None


def dtype_name(answer) -> str | None:
    """The tapekit dtype name of a Tensor or Variable (``'float32'``), else None."""
    dtype = getattr(answer, "dtype", None)
    return getattr(dtype, "name", None)


def same_values(got, expected, rtol: float = 1e-5, atol: float = 1e-6) -> bool:
    """True when ``got`` has ``expected``'s shape and values (within a float tolerance)."""
    got = values_of(got)
    expected = np.asarray(expected)
    if got is None or got.shape != expected.shape:
        return False
    if got.dtype.kind not in "biufc":
        return False
    return bool(np.allclose(got.astype(np.float64), expected.astype(np.float64), rtol=rtol, atol=atol))


def shape_of(answer) -> tuple | None:
    """The answer's shape as a tuple of ints, or None."""
    values = values_of(answer)
    return None if values is None else tuple(values.shape)


def call_safely(fn, *args):
    """Run ``fn(*args)``; return ``(result, None)`` or ``(None, exception)``."""
    try:
        return fn(*args), None
    except Exception as exc:  # the student's code may fail in any way; the check reports it
        return None, exc


def shape_text(shape) -> str:
    """A shape as students read it: ``(3,)``, ``(2, 3)``, ``()``."""
    return str(tuple(shape))


def wrong_shape(what: str, got, expected) -> Feedback:
    """The hint for a result of the wrong shape: both shapes, never the values."""
    return hint("shape", _("{what} has shape {got}, expected shape {expected}.").format(
        what=what, got=shape_text(got), expected=shape_text(expected)))


_DTYPE_CLASH = re.compile(r"cannot compute (\w+) as input #\d+\(zero-based\) was expected to be a (\w+) tensor but "
                          r"is a (\w+) tensor")
_TF_DTYPE_NAMES = {"float": "float32", "double": "float64", "half": "float16"}


def _dtype_clash_hint(exc: Exception) -> Feedback | None:
    """The student's words for TF's "expected to be a int64 tensor but is a int32 tensor"."""
    match = _DTYPE_CLASH.search(str(exc))
    if match is None:
        return None
    op, first, second = (match.group(1), *(_TF_DTYPE_NAMES.get(d, d) for d in match.group(2, 3)))
    dtypes = {first, second}
    if dtypes == {"int64", "int32"}:
        return hint("argmax_int64", _("{op} got an int64 and an int32 tensor: tk.argmax returns int64 unless you "
                                      "ask otherwise, and the labels are int32. Give both the same dtype.").format(
                                        op=op),
                    _("{op} got an int64 and an int32 tensor: pass output_type=labels.dtype to tk.argmax (or cast "
                      "one side with tk.cast).").format(op=op))
    return hint("dtype_clash", _("{op} got a {first} and a {second} tensor, and TensorFlow never converts a dtype "
                                 "by itself. Find where each one is made: tk.one_hot, tk.zeros and tk.constant make "
                                 "float32 unless you pass dtype=.").format(op=op, first=first, second=second),
                _("{op} got a {first} and a {second} tensor: make the new tensor with the other one's dtype, e.g. "
                  "tk.one_hot(i, n, dtype=x.dtype), or tk.cast it.").format(op=op, first=first, second=second))


def _reused_tape_hint(exc: Exception) -> Feedback | None:
    if not (isinstance(exc, RuntimeError) and "non-persistent" in str(exc)):
        return None
    return hint("tape_reused", _("a tape that is not persistent gives one set of gradients, and this one was asked "
                                 "twice. In a training loop that happens when the tape is opened once, outside the "
                                 "loop."),
                _("in a loop, open a new tape at the start of every step (`with tk.GradientTape() as tape:` inside "
                  "the loop), so each step records its own forward pass; to ask one tape several times, make it "
                  "persistent=True."))


def _first_line_and_hint(exc: Exception) -> str:
    """The error's first line, and tapekit's own ``Hint:`` line under it if it has one."""
    lines = str(exc).splitlines()
    label = hint_line("").strip()
    kept = lines[:1] + [line for line in lines[1:] if line.strip().startswith(label)]
    return "\n".join(kept)


def crashed(exc: Exception, what: str) -> Feedback:
    """A verdict for an answer function that raised (the student edition's stub raises NotImplementedError).

    The common crashes get a hint in the student's terms; any other shows the error's first line.
    """
    if isinstance(exc, NotImplementedError):
        return not_done()
    if isinstance(exc, ForbiddenRoute):
        return hint(exc.code, exc.message)
    for recognise in (_dtype_clash_hint, _reused_tape_hint):
        verdict = recognise(exc)
        if verdict is not None:
            verdict.message = _("{what} raised {error}.").format(what=what, error=type(exc).__name__) + " " \
                + verdict.message
            return verdict
    return hint("raised", _("{what} raised {error}: {line}").format(what=what, error=type(exc).__name__,
                                                                    line=_first_line_and_hint(exc)))


# ---- enforcing a stated constraint ---------------------------------------------------------------

class ForbiddenRoute(Exception):
    """Raised inside the student's code when it takes a route the exercise rules out."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def student_frameworks() -> list:
    """tapekit, and TensorFlow too once it is imported: the modules whose tapes a student's code can reach."""
    return [tk] if framework() is tk else [tk, framework()]


def tape_routes(fw=None) -> list:
    """``(class, method)`` of every way to differentiate automatically in ``fw``: tapes and forward accumulators.

    Without ``fw``: tapekit's and the student's framework's (a tapekit notebook that also imports TensorFlow
    can reach both)."""
    routes = []
    for module in [fw] if fw is not None else student_frameworks():
        routes += [(module.GradientTape, name) for name in ("__enter__", "gradient", "jacobian", "batch_jacobian")]
        accumulator = getattr(getattr(module, "autodiff", None), "ForwardAccumulator", None)
        if accumulator is not None:
            routes.append((accumulator, "__enter__"))
    return routes


@contextlib.contextmanager
def forbidden(routes, code: str, message: str):
    """While the block runs, each ``(class, method)`` of ``routes`` raises :class:`ForbiddenRoute` (``code``,
    ``message``); yields a list that records each refused route, in case the student's code catches it."""
    refused = []
    patched = []

    def refuse(owner, name):
        def refusing(*args, **kwargs):
            refused.append(f"{owner.__name__}.{name}")
            raise ForbiddenRoute(code, message)
        return refusing

    try:
        for owner, name in routes:
            patched.append((owner, name, name in vars(owner), vars(owner).get(name)))
            setattr(owner, name, refuse(owner, name))
        yield refused
    finally:
        _restore(patched)


def _restore(patched) -> None:
    for owner, name, had, original in reversed(patched):
        if had:
            setattr(owner, name, original)
        else:
            delattr(owner, name)


def _called_by_a_framework(frame) -> bool:
    """True when ``frame`` is TensorFlow's or tapekit's own code (e.g. a ForwardAccumulator's inner tapes)."""
    module = str(frame.f_globals.get("__name__", "")) if frame is not None else ""
    return module.startswith(("tensorflow", "keras", "tapekit.")) and not module.startswith("tapekit.exercises")


@contextlib.contextmanager
def counting(routes):
    """While the block runs, count the calls of each ``(class, method)`` of ``routes`` made by the student's code
    (not by TensorFlow's or tapekit's own); yields a dict name -> count."""
    counts: dict[str, int] = {}
    patched = []

    def count(owner, name):
        original = getattr(owner, name)

        def counted(*args, **kwargs):
            if not _called_by_a_framework(inspect.currentframe().f_back):
                counts[name] = counts.get(name, 0) + 1
            return original(*args, **kwargs)
        return counted

    try:
        for owner, name in routes:
            patched.append((owner, name, name in vars(owner), vars(owner).get(name)))
            setattr(owner, name, count(owner, name))
        yield counts
    finally:
        _restore(patched)


def _source_tree(fn):
    """The syntax tree of ``fn``'s source, or None where Python cannot find it."""
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None


# NumPy's functions that write into an array in place: item assignment under another name
_IN_PLACE_WRITERS = {"__setitem__", "putmask", "place", "put", "copyto", "put_along_axis", "fill_diagonal"}


def _writes_items(node) -> bool:
    """True when ``node`` assigns to an item or slice, or calls an in-place item writer."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
        return True
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    if node.func.attr.startswith("assign") and isinstance(node.func.value, ast.Subscript):
        return True
    return node.func.attr in _IN_PLACE_WRITERS


def _helpers_called(fn, tree) -> list:
    """The Python functions of the student's own that ``fn`` calls by name (looked up in its globals)."""
    names = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    found = [getattr(fn, "__globals__", {}).get(name) for name in names]
    return [helper for helper in found if inspect.isfunction(helper)
            and not str(helper.__module__).startswith(("tapekit", "tensorflow", "keras", "numpy"))]


def assigns_items(fn, _seen=None) -> bool:
    """True when ``fn``'s code, or a function of the student's that it calls, assigns to an item or slice
    (``a[i] = ...``, ``a[m] += ...``, ``v[i].assign(...)``, ``a.__setitem__(...)``, ``np.putmask(a, ...)``)."""
    seen = set() if _seen is None else _seen
    seen.add(fn)
    tree = _source_tree(fn)
    if tree is None:
        return False
    if any(_writes_items(node) for node in ast.walk(tree)):
        return True
    return any(assigns_items(helper, seen) for helper in _helpers_called(fn, tree) if helper not in seen)


def none_gradient_error(exc: Exception | None) -> bool:
    """True when ``exc`` comes from differentiating or computing with a None gradient."""
    return exc is not None and isinstance(exc, (TypeError, ValueError)) and "None" in str(exc)
