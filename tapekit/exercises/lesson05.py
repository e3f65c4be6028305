"""Exercises for lesson 05 (why a gradient is None)."""

import numpy as np


from .._core.record.causes import SOURCE_CAUSES
from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    dtype_name,
    exercise,
    framework,
    hint,
    kind_of,
    same_values,
    shape_of,
)
from ._predict import is_player, player_prediction

# Exercise 1: the cause behind each snippet of the notebook
CAUSES_BY_SNIPPET = {
    "A": "not_connected",
    "B": "left_the_tape",
    "C": "integer_or_string_dtype",
    "D": "state_changed",
}

def _snippet_clues() -> dict:
    """The second tier for each snippet: the line to look at and the question it raises, not the cause."""
    return {
        "A": _("in A, look at the line that computes y_a = doubled + x_a: was the tape still recording when it "
               "ran? Ask tape_a.explain(y_a, x_a)."),
        "B": _("in B, look at what np.square receives and returns: a tensor, or something else? Where does the tape "
               "lose sight of x_b's value?"),
        "C": _("in C, look at the dtype that tk.cast(..., tk.int32) produces. Which dtypes can carry a gradient?"),
        "D": _("in D, x_d reaches y_d only through v.assign(...), and y_d reads v afterwards. What does the tape "
               "keep of an assignment: the path from the new value, or only the value?"),
    }


def _snippet_hints() -> dict:
    """What each snippet does to the gradient, in the language in use (the answer: show_answer() only)."""
    return {
        "A": _("in A, the target y_a = doubled + x_a is computed after the with-block. That addition was never "
               "recorded, so nothing connects the target to x_a."),
        "B": _("in B, np.square works on a NumPy array: the value left the tape, so nothing connects y_b to x_b."),
        "C": _("in C, tk.cast(..., tk.int32) produces integers, and no gradient flows through an integer tensor."),
        "D": _("in D, x_d only reaches y_d through v.assign(...): assignments are not differentiable, the tape sees "
               "only the variable's new value."),
    }


_KNOWN_CAUSES = tuple(cause.value for cause in SOURCE_CAUSES)


def _cause_name(given):
    """``given`` spelled as tape.explain spells causes ('Not connected' -> 'not_connected'), else unchanged."""
    if not isinstance(given, str):
        return given
    return given.strip().lower().replace("-", "_").replace(" ", "_")


def _causes_answer() -> str:
    return "\n".join(f"{key}: {cause}. {_snippet_hints()[key]}" for key, cause in CAUSES_BY_SNIPPET.items())


@exercise(answer=_causes_answer)
def check_causes(answer) -> Feedback:
    """Exercise 1: ``answer`` maps each snippet ("A" ... "D") to the cause name ``tape.explain`` would give."""
    if not isinstance(answer, dict):
        return hint("not_dict", _("`answer` is a {kind}; write a dict from each snippet's letter to a cause name, "
                                  "like {{'A': 'not_watched', 'B': ...}}.").format(kind=kind_of(answer)))
    missing = sorted(set(CAUSES_BY_SNIPPET) - set(answer))
    if missing:
        return hint("missing", _("no cause for snippet(s) {missing}: give one for each of A, B, C and D.").format(
                                   missing=missing))
    given = {key: _cause_name(answer[key]) for key in CAUSES_BY_SNIPPET}
    for key in sorted(CAUSES_BY_SNIPPET):
        if given[key] not in _KNOWN_CAUSES:
            return hint("unknown_cause", _("{answer!r} (snippet {key}) is not a cause name; use one of "
                                           "{causes}.").format(
                                             answer=answer[key], key=key, causes=', '.join(_KNOWN_CAUSES[:-1])))
    wrong = [key for key in sorted(CAUSES_BY_SNIPPET) if given[key] != CAUSES_BY_SNIPPET[key]]
    if wrong:
        key = wrong[0]
        told = _("wrong for snippet(s) {keys}.").format(keys=", ".join(wrong))
        explain = _("tape_{lower}.explain(y_{lower}, x_{lower}) names the cause of snippet {key}.").format(
            lower=key.lower(), key=key)
        if given[key] in ("not_watched", "not_connected") and key != "A":
            return hint(f"vague_{key}", _("snippet {key}: {given!r} is true in the end, but there is a more "
                                          "precise cause.").format(key=key, given=given[key]) + " " + explain,
                        _("snippet {key}: {why}").format(key=key, why=_snippet_clues()[key]))
        return hint(f"wrong_{key}", told + " " + explain, told + " " + _("snippet {key}: {why}").format(
            key=key, why=_snippet_clues()[key]))
    return correct(_("four different ways to lose a gradient. tape.explain(y, x) names each one."))


def _zero_case():
    """Sources and expected gradients: ``a`` (2,) is connected; ``b`` (2, 2), ``c`` () and the int32 ``n`` are not."""
    fw = framework()
    a = fw.Variable([1.0, -2.0], name="a")
    b = fw.Variable([[1.0, 2.0], [3.0, 4.0]], name="b")
    c = fw.constant(5.0)
    n = fw.Variable(3, name="n")
    tape = fw.GradientTape()
    with tape:
        tape.watch(c)
        target = fw.reduce_sum(a ** 2) * fw.cast(n, fw.float32)
    expected = [np.array([6.0, -12.0], dtype=np.float32), np.zeros((2, 2), dtype=np.float32),
                np.zeros((), dtype=np.float32), np.zeros((), dtype=np.int32)]
    return tape, target, [a, b, c, n], expected, ("a", "b", "c", "n")


def _held_back_zero_case():
    """Not shown in the lesson: the unconnected float64 ``w`` (2, 1) comes first, then the connected ``u`` (3,)."""
    fw = framework()
    w = fw.Variable([[1.5], [-0.5]], dtype=fw.float64, name="w")
    u = fw.Variable([0.5, 1.5, -1.0], name="u")
    tape = fw.GradientTape()
    with tape:
        target = fw.reduce_sum(3.0 * u)
    expected = [np.zeros((2, 1), dtype=np.float64), np.array([3.0, 3.0, 3.0], dtype=np.float32)]
    return tape, target, [w, u], expected, ("w", "u")


class _RecordingTape:
    """Hands ``gradient`` on to a tape and remembers whether ``unconnected_gradients`` was passed."""

    def __init__(self, tape):
        self._tape = tape
        self.asked_for_zeros = False

    def gradient(self, target, sources, output_gradients=None, unconnected_gradients=None):
        if unconnected_gradients is None:
            return self._tape.gradient(target, sources, output_gradients)
        if getattr(unconnected_gradients, "value", unconnected_gradients) != "none":
            self.asked_for_zeros = True
        return self._tape.gradient(target, sources, output_gradients, unconnected_gradients=unconnected_gradients)

    def __getattr__(self, name):
        return getattr(self._tape, name)


def _zeros_on(gradients_or_zeros, real_tape, target, sources, expected, names) -> Feedback | None:
    """None when ``gradients_or_zeros`` is right on this case, else the hint."""
    tape = _RecordingTape(real_tape)
    result, exc = call_safely(gradients_or_zeros, tape, target, sources)
    if exc is not None:
        return crashed(exc, _("gradients_or_zeros(tape, target, [{names}])").format(names=", ".join(names)))
    if tape.asked_for_zeros:
        return hint("by_hand", _("that gives the right result, but with the option of section 8. This exercise asks "
                                 "for the same by hand: call tape.gradient(target, sources) without "
                                 "unconnected_gradients, then replace each None yourself."))
    if not isinstance(result, (list, tuple)) or len(result) != len(sources):
        return hint("structure", _("return one gradient per source, in a list: what tape.gradient returns."))
    if any(grad is None for grad in result):
        return hint("none", _("some gradients are still None: replace each None with zeros shaped like its source."))
    for grad, want, name in zip(result, expected, names):
        verdict = _zeros_item(grad, want, name, connected=bool(want.any()))
        if verdict is not None:
            return verdict
    return None


def _zeros_item(grad, want, name, connected) -> Feedback | None:
    if shape_of(grad) != want.shape:
        return hint("shape", _("the gradient for {name} has shape {shape}; every gradient has its source's "
                               "shape, {shape2}: tk.zeros_like(source) makes such zeros.").format(
                                 name=name, shape=shape_of(grad), shape2=want.shape))
    if not same_values(grad, want):
        if connected:
            return hint("connected_changed", _("the gradient for the connected source {name} changed: keep the "
                                               "gradients that are not None as tape.gradient returns them.").format(
                                                 name=name))
        return hint("values", _("the gradient for the unconnected source {name} should be all zeros.").format(
                                  name=name))
    if dtype_name(grad) != want.dtype.name:
        return hint("dtype", _("the zeros for {name} have dtype {dtype_name}, but {name} is {name2}: a gradient "
                               "has its source's dtype. tk.zeros_like(source) keeps it.").format(
                                 name=name, dtype_name=dtype_name(grad), name2=want.dtype.name))
    return None


@exercise
def check_gradients_or_zeros(gradients_or_zeros) -> Feedback:
    """Exercise 2: ``gradients_or_zeros(tape, target, sources)`` replaces each None gradient by zeros of the
    source's shape and dtype, by hand (without ``unconnected_gradients``); checked on the lesson's four sources
    and on a held-back pair (a float64 source first), so that zeros hard-coded for the lesson's sources fail."""
    if not callable(gradients_or_zeros):
        return hint("not_callable", _("pass the function itself: check_gradients_or_zeros(gradients_or_zeros)."))
    for make_case in (_zero_case, _held_back_zero_case):
        verdict = _zeros_on(gradients_or_zeros, *make_case())
        if verdict is not None:
            return verdict
    return correct(_("each None became zeros of its source's shape and dtype, as "
                     "unconnected_gradients=tk.UnconnectedGradients.ZERO does."))


# Exercise 3: which of the five sources end with None in the player (see the notebook's predict cell)
PLAYER_SOURCES = ("base", "rate", "bonus", "steps", "offset")
PLAYER_NONE = {"rate", "bonus", "steps"}


def _player_reasons() -> dict:
    """Why each source of exercise 3 gets what it gets, in the language in use."""
    return {
        "base": _("base is multiplied on the tape: it gets a gradient."),
        "rate": _("rate is read only inside tk.stop_gradient: the path is cut on purpose."),
        "bonus": _("bonus goes through .numpy(): the value left the tape, and tk.constant makes a new one without "
                   "history."),
        "steps": _("steps is an integer variable: no gradient flows through an integer tensor, even after a cast."),
        "offset": _("offset is added on the tape: it gets a gradient."),
    }


def _player_clues() -> dict:
    """The second tier for each source of exercise 3: where to look on its path, not what it gets."""
    return {
        "base": _("follow base: it is multiplied by another value on the tape. Is anything on its way to total cut, "
                  "taken out of the tape or an integer?"),
        "rate": _("follow rate: it is read only inside tk.stop_gradient(...). What does that call do to the way back "
                  "from total?"),
        "bonus": _("follow bonus: its value goes through .numpy() and comes back as tk.constant(...). Does the new "
                   "constant remember where its value came from?"),
        "steps": _("follow steps: look at its dtype before the cast. Can a gradient reach an integer variable "
                   "through tk.cast?"),
        "offset": _("follow offset: it is added on the tape. Is anything on its way to total cut, taken out of the "
                    "tape or an integer?"),
    }


def _player_answer() -> str:
    return _("rate, bonus and steps get None.") + "\n" + "\n".join(
        f"  {name}: {text}" for name, text in _player_reasons().items())


def _predicted_names(prediction):
    """The predicted names as a set, or a failing verdict."""
    if is_player(prediction):
        prediction, verdict = player_prediction(prediction, "none_sources")
        if verdict is not None:
            return verdict
    if isinstance(prediction, str):
        prediction = {prediction}
    try:
        names = set(prediction)
    except TypeError:
        return hint("not_names", _("the prediction is a {kind}; write a set of names such as {{'base'}}.").format(
                                     kind=kind_of(prediction)))
    unknown = sorted(str(name) for name in names - set(PLAYER_SOURCES))
    if unknown:
        return hint("unknown", _("{unknown} is not one of the sources; choose from {known}.").format(
                                   unknown=unknown, known=list(PLAYER_SOURCES)))
    return names


@exercise(answer=_player_answer)
def check_none_player(prediction) -> Feedback:
    """Exercise 3: the sources that end with None, as a set of names, or the player
    (``TapePlayer(..., ask=Ask.none_sources())``) once the boxes are ticked there."""
    names = _predicted_names(prediction)
    if isinstance(names, Feedback):
        return names
    wrong = [name for name in PLAYER_SOURCES if (name in names) != (name in PLAYER_NONE)]
    if wrong:
        told = _("you are wrong about {names}.").format(names=", ".join(wrong))
        return hint("wrong_" + wrong[0], told + " " + _("For each of them, follow its value from where it is read "
                                                        "to total: does every step stay on the tape, and is it a "
                                                        "float?"), told + " " + _player_clues()[wrong[0]])
    return correct(_("three different causes: stop_gradient (rate), a value that left the tape (bonus), an "
                     "integer (steps)."))
