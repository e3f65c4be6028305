"""The player's question mode: ``TapePlayer(tape, target=loss, sources=[w, b], ask=[...])``.

A question stops the playback before the frame that would show its answer, takes the student's
prediction and checks it (in the browser: docs/PLAYER.md, "Question mode"). What it can ask:

- ``Ask.gradient(node)``: what gradient reaches this tensor or variable? Asked just before the
  frame where that gradient is complete (after any fan-in or broadcast sum); for the target,
  before the backward pass starts.
- ``Ask.none_sources()``: which sources end with a None gradient? Asked before the last frame.
- ``Ask.broadcast_sum(node)``: what does the sum at the broadcast of ``node`` give? Asked before
  the backward step that sums the gradient over the broadcast axes.

A node is a ``tk.Tensor``, a ``tk.Variable``, a Keras variable, or its label (``"w"``,
``"hidden/kernel"``, or a name bound to a tensor in the code that makes the player). Answers are
exact: the player asks ``tape.gradient`` for the gradients of the asked tensors in the same call
that computes the sources' gradients, so nothing is read back from a 4-digit preview.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import convert_to_tensor
from .._base.i18n import _, hint_line
from .._core.values.tensor import Tensor, is_variable
from .model import shape_tuple, variable_label

RTOL, ATOL = 1e-5, 1e-6      # the float32 tolerance of the answers' check
KINDS = ("gradient", "none_sources", "broadcast_sum")
MAX_ELEMENTS = 100          # an answer is typed by hand


@dataclass(frozen=True, eq=False)
class Ask:
    """One question of the player's question mode; make it with the class methods below."""

    kind: str
    node: object = None

    @classmethod
    def gradient(cls, node) -> Ask:
        """"What gradient reaches ``node``?" (a tensor, variable or label)."""
        return cls("gradient", _checked_node("Ask.gradient", node))

    @classmethod
    def none_sources(cls) -> Ask:
        """"Which sources end with a None gradient?"."""
        return cls("none_sources")

    @classmethod
    def broadcast_sum(cls, node) -> Ask:
        """"What does the sum at the broadcast of ``node`` give?"."""
        return cls("broadcast_sum", _checked_node("Ask.broadcast_sum", node))

    def __repr__(self) -> str:
        node = "" if self.node is None else _node_text(self.node)
        return f"Ask.{self.kind}({node})"


def _checked_node(where: str, node):
    if isinstance(node, str) and node or isinstance(node, Tensor) or is_variable(node):
        return node
    raise TypeError(f"{where}: the node must be a tk.Tensor, a variable or its label (a non-empty str), not "
                    f"{type(node).__name__} {node!r:.40}."
                    + hint_line(_("e.g. Ask.gradient(w) or Ask.gradient(\"hidden/kernel\").")))


def _node_text(node) -> str:
    if isinstance(node, str):
        return repr(node)
    return variable_label(node) if is_variable(node) else f"<tk.Tensor shape={shape_tuple(list(node.shape))}>"


def check_ask(ask, has_target: bool) -> list:
    """``ask=`` as a list of :class:`Ask` (one question or a list of them); [] for None."""
    if ask is None:
        return []
    items = list(ask) if isinstance(ask, (list, tuple)) else [ask]
    for k, item in enumerate(items):
        if not isinstance(item, Ask):
            raise TypeError(f"TapePlayer: ask (item {k}) is {type(item).__name__} {item!r:.40}, not a question "
                            "made with tapekit.widgets.Ask."
                            + hint_line(_("e.g. ask=[Ask.gradient(w), Ask.none_sources()] (from tapekit.widgets "
                                          "import Ask).")))
    if items and not has_target:
        raise TypeError("TapePlayer(ask=...) needs target= and sources=: the player computes the answers with "
                        "tape.gradient(target, sources)."
                        + hint_line(_("TapePlayer(tape, target=loss, sources=[w, b], ask=Ask.gradient(w)).")))
    return items


def asked_objects(asks: list, sources: list, target, namespace: dict) -> list:
    """The tensors and variables whose gradients the player must ask for besides ``sources``:
    asked nodes given as objects (or as names bound to them in ``namespace``) that are neither
    a source nor the target."""
    extra = []
    for ask in asks:
        obj = _object_of(ask.node, namespace)
        if obj is None or obj is target or any(obj is s for s in sources) or any(obj is e for e in extra):
            continue
        extra.append(obj)
    return extra


def _object_of(node, namespace: dict):
    if isinstance(node, str):
        bound = namespace.get(node) if node.isidentifier() else None
        return bound if isinstance(bound, Tensor) or is_variable(bound) else None
    return node


@dataclass
class Answers:
    """What the questions are checked against: the ids and exact gradients of everything asked."""

    objects: list          # [(tensor or variable, event id)]: sources, extra asked tensors, the target
    gradients: dict        # event id -> the exact gradient (a tensor, or None)
    target_id: str | None
    target_seed: object    # the target's gradient at the start (output_gradients, else ones)
    namespace: dict


def build_questions(asks: list, model, answers: Answers) -> list:
    """The ``questions`` of the player's graph (docs/PLAYER.md, "Question mode"); a question the
    tape cannot answer raises ValueError naming its node."""
    questions = []
    for k, ask in enumerate(asks):
        if ask.kind == "none_sources":
            question = _none_sources(model)
        else:
            node_id = _node_id(ask, model, answers)
            question = (_gradient if ask.kind == "gradient" else _broadcast_sum)(ask, node_id, model, answers)
        questions.append({"id": f"q{k + 1}", "kind": ask.kind, **question})
    return questions


def _node_id(ask, model, answers) -> str:
    obj = _object_of(ask.node, answers.namespace)
    if obj is not None:
        found = next((tid for known, tid in answers.objects if known is obj), None)
        if found is not None and model.node(found) is not None:
            return found
    elif isinstance(ask.node, str):
        labelled = [n["id"] for n in model.nodes if n["kind"] == "tensor" and ask.node in (n["label"], n["id"])]
        if labelled:
            return labelled[-1]      # a name used again (in a loop) means its last value, as in Python
    raise ValueError(f"{ask!r}: {_node_text(ask.node)} is not on the tape: no recorded op used it."
                     + hint_line(_("ask about a tensor or variable that the tape recorded, e.g. one of the sources, "
                                   "or the value of a line inside the with-block.")))


def _label(model, node_id) -> str:
    return model.node(node_id)["label"]


def _exact(ask, node_id, model, answers):
    """The exact gradient that reaches ``node_id``, as the answer dict."""
    grad = answers.target_seed if node_id == answers.target_id else answers.gradients.get(node_id)
    if grad is None or node_id not in model.arrivals:
        raise ValueError(f"{ask!r}: no gradient ever reaches {_label(model, node_id)}: its gradient is None."
                         + hint_line(_("ask Ask.none_sources() about it, or ask about a tensor on the path from "
                                       "the target to the sources.")))
    array = np.asarray(convert_to_tensor(grad).numpy())
    if array.size > MAX_ELEMENTS:
        raise ValueError(f"{ask!r}: the gradient of {_label(model, node_id)} has shape "
                         f"{shape_tuple(list(array.shape))}, {array.size:,} numbers: too many to type as an answer "
                         f"(at most {MAX_ELEMENTS})."
                         + hint_line(_("ask about a smaller tensor, e.g. a bias or a scalar.")))
    return {"value": _plain(array), "shape": list(array.shape), "rtol": RTOL, "atol": ATOL}


def _plain(array):
    """Nested lists of Python numbers; a float32 value as it prints (``0.1``, not ``0.10000000149``)."""
    if array.dtype.kind == "f":
        array = np.array([float(str(v)) for v in array.reshape(-1)]).reshape(array.shape)
    return array.tolist()


def _gradient(ask, node_id, model, answers) -> dict:
    answer = _exact(ask, node_id, model, answers)
    prompt = _("Predict: what gradient of {target} reaches {name}, all of it (after any sum)?").format(
        target=_label(model, answers.target_id), name=_label(model, node_id))
    return {"frame": model.arrivals[node_id], "prompt": prompt, "node": node_id, "answer": answer}


def _broadcast_sum(ask, node_id, model, answers) -> dict:
    frames = [frame for frame, tid in model.broadcasts if tid == node_id]
    name = _label(model, node_id)
    if not frames:
        raise ValueError(f"{ask!r}: {name} was not broadcast: no backward step sums a gradient over its axes."
                         + hint_line(_("ask about a value that an op broadcast, e.g. the bias b in x @ w + b; "
                                       "Ask.gradient({name}) asks for its gradient.").format(name=name)))
    parts = sum(1 for e in model.edges if e["from"] == node_id)
    if parts > 1:
        raise ValueError(f"{ask!r}: {name} gets gradients from {parts} ops, so the sum at one broadcast is only a "
                         "part of its gradient, which the player cannot check exactly."
                         + hint_line(_("ask Ask.gradient({name}): the sum of all its parts.").format(name=name)))
    prompt = _("Predict: {name} was broadcast. What gradient does it get after the sum over the broadcast "
               "axes?").format(name=name)
    return {"frame": frames[0], "prompt": prompt, "node": node_id, "answer": _exact(ask, node_id, model, answers)}


def _none_sources(model) -> dict:
    labels = [r["name"] for r in model.results]
    none = [r["name"] for r in model.results if r["cause"] is not None and r["cause"] != "unconnected_zero"]
    return {"frame": len(model.frames) - 1, "node": None, "choices": labels, "answer": {"none": none},
            "prompt": _("Predict: which sources end with a None gradient? Tick them (none, if none do).")}
