"""``TapePlayer``: the anywidget that animates a tape's forward recording and backward pass."""

from __future__ import annotations

import ast

import anywidget
import numpy as np
import traitlets

from ..introspect import cause_texts
from .. import nest
from ..introspect.events import recorded_ops
from .._base.i18n import _, hint_line, one_language
from ..introspect.sites import execution_count, source_line
from .._base.source_location import user_frame
from .._core.values.tensor import is_variable
from . import checks, graphviz_run, limits
from .ask import Answers, asked_objects, build_questions, check_ask
from .assets import read_asset
from .lifetime import PlayerLayout, WeaklyHeld, cell_key, gc_paused, superseded
from .layout import find_dot, layout_views, view_svg
from .model import build_frames, compact_frames, synced_node, variable_label
from .saved_state import from_json_string, json_string
from .static import check_key_frame, key_frame_index, static_html, summary_lines
from .texts import front_end_texts
from .views import ViewPlan

if find_dot() is None:        # the WebAssembly Graphviz will lay players out: compile it meanwhile
    graphviz_run.warm_up()


class TapePlayer(WeaklyHeld, anywidget.AnyWidget):
    """Animate a tape: ``TapePlayer(tape, target=y, sources=[w, b])``, then display it.

    With ``target`` the player calls ``tape.gradient(target, sources)`` itself (keep the tape
    ``persistent=True`` if you want to call it again); the result is ``player.gradients``.
    Without ``target`` it shows the tape's last ``gradient()`` call, if any. The animation runs
    in the browser: play/pause (space), step (← →), first/last (Home/End), speed, slider, zoom
    (wheel) and pan (drag), click a node for its details.
    """

    # The front end as strings, not Paths: for a Path anywidget connects a file-watch callback that
    # holds every instance forever (anywidget issue #929), so no player would ever be freed.
    _esm = read_asset("player.js")
    _css = read_asset("player.css") + read_asset("player-cjk.css")

    # graph and frames travel (and are saved in the notebook) as one compact JSON string each:
    # nbformat indents the widget state, which makes nested lists 1.6 times bigger (docs/PLAYER.md)
    graph = traitlets.Dict({}).tag(sync=True, to_json=json_string, from_json=from_json_string)
    frames = traitlets.List([]).tag(sync=True, to_json=json_string, from_json=from_json_string)
    frame = traitlets.Int(0).tag(sync=True)
    fps = traitlets.Float(2.0).tag(sync=True)
    title = traitlets.Unicode("GradientTape").tag(sync=True)
    texts = traitlets.Dict({}).tag(sync=True)     # every word the front end shows, in the language in use
    answers = traitlets.Dict({}).tag(sync=True)   # question id -> {"given", "correct", "tries"}, from the browser

    def __init__(self, tape=None, target=None, sources=None, output_gradients=None, *, events=None,
                 explanations=None, engine=None, title="GradientTape", fps=2.0, max_ops=limits.MAX_OPS, ask=None,
                 key_frame="auto", **kwargs):
        # argument checks first: a bad argument raises before anything is computed
        checks.check_keywords(type(self), kwargs)
        checks.check_options(events, explanations, tape is not None)
        fps, title = checks.check_fps(fps), checks.check_title(title)
        engine = graphviz_run.check_engine(engine)
        max_ops = limits.check_max_ops(max_ops)
        self._asks = check_ask(ask, target is not None)
        key_frame = check_key_frame(key_frame)
        if tape is not None:
            checks.check_sources_for(tape, target, sources, output_gradients)
        elif events is None:
            raise TypeError("TapePlayer needs a tape (or events=[...])."
                            + hint_line(_("TapePlayer(tape, target=y, sources=[w, b]) or "
                                          "TapePlayer.from_events(events).")))
        else:
            events = checks.check_events(events)
        self.gradients = None
        self.layout_engine = None
        with gc_paused(), one_language():
            if tape is not None:
                graph, model = self._from_tape(tape, target, sources, output_gradients, engine, max_ops)
            else:
                graph, model = self._from_events(events, explanations, engine, max_ops)
            self.model_data = model
            graph["key_frame"] = key_frame_index(key_frame, model, graph["questions"])
            self._asks = ()       # the questions are in the graph now; their tensors are not kept
            super().__init__(graph=graph, frames=compact_frames(model.frames), frame=0, fps=float(fps), title=title,
                             texts=front_end_texts(), **kwargs)
        self._displayed = False
        frame = user_frame()
        self._site = cell_key(frame)   # a later run of this cell releases this player (lifetime.py)
        self.release_registry()         # freed when dropped, without close() (lifetime.py)
        if isinstance(self.layout, PlayerLayout):
            self.layout.release_registry()

    @traitlets.default("layout")
    def _default_layout(self):
        return PlayerLayout()

    def close(self):
        """Close the player's comm (its views on the page go) and its Layout widget's."""
        super().close()
        if isinstance(self.layout, PlayerLayout):
            self.layout.close()

    def release(self) -> None:
        """Close the player and drop its state (what a re-run of the cell that showed it does:
        lifetime.Superseded); the object stays, empty, where IPython's output cache holds it."""
        self.close()
        self.model_data, self.texts = None, {}
        self.graph, self.frames = {}, []      # the comm is closed: nothing is sent

    def __del__(self):
        # displayed: leave the comm open, so that the view on the page keeps playing (lifetime.py)
        if not getattr(self, "_displayed", True):
            self.close()

    def _from_tape(self, tape, target, sources, output_gradients, engine, max_ops):
        n_ops = recorded_ops(tape, skip=limits.FOLDED)
        if limits.too_large(n_ops, max_ops):   # counted before any event is built: the message comes quickly
            if self._asks:
                raise ValueError(f"TapePlayer(ask=...): this tape recorded {n_ops:,} ops, more than max_ops="
                                 f"{max_ops:,}, so the player draws no frames to stop at."
                                 + hint_line(_("record fewer steps, or pass a larger max_ops=.")))
            if target is not None:
                self._gradient(tape, target, sources, output_gradients)
            grads = self.gradients if target is not None else None
            explained = _explain_items(tape, target, sources) if target is not None and any(
                g is None for g in _flat(grads)) else []
            results = limits.gradient_results(sources, grads, explained) if target is not None else []
            return self._message(n_ops, max_ops, results)
        events, explanations, source_names, target_names = self._collect(tape, target, sources, output_gradients)
        model = build_frames(events, explanations, source_names, target_names)
        questions = build_questions(self._asks, model, self._answers) if self._asks else []
        self._answers = None          # it holds the caller's names and the gradients: not kept
        return self._drawn(model, engine, questions=questions), model

    def _from_events(self, events, explanations, engine, max_ops):
        n_ops = sum(e.get("kind") == "op" and e.get("type") not in limits.FOLDED for e in events)
        if limits.too_large(n_ops, max_ops):
            end = next((e for e in reversed(events) if e.get("kind") == "backward_end"), None)
            results = [{"source": r.get("source"), "name": r.get("source"), "value": r.get("value"),
                        "shape": r.get("shape"), "dtype": r.get("dtype"), "cause": r.get("cause"),
                        "message": None, "fix": None} for r in (end or {}).get("results") or ()]
            return self._message(n_ops, max_ops, results)
        try:
            model = build_frames(events, explanations)
            plan = ViewPlan(model)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            raise checks.unreadable_events(exc) from exc  # events from outside (JSON) that make no sense
        return self._drawn(model, engine, plan), model

    def _drawn(self, model, engine, plan=None, questions=()) -> dict:
        """The ``graph`` trait of a drawn player: the model, its views and their layout."""
        views, layouts, used = layout_views(plan or ViewPlan(model), engine)
        self.layout_engine = used
        return {"nodes": [synced_node(n) for n in model.nodes], "edges": model.edges, "groups": model.groups,
                "views": views,
                "layouts": layouts, "watched": model.watched, "sources": model.sources,
                "targets": model.targets, "results": model.results, "notes": model.notes, "too_large": None,
                "causes": cause_texts.table(), "questions": list(questions)}

    def _message(self, n_ops, max_ops, results):
        """(graph, model) of a player that shows why it does not draw the tape (limits.py)."""
        model = limits.too_large_model(n_ops, max_ops, results)
        graph = {"nodes": [], "edges": [], "groups": [], "views": {}, "layouts": [], "watched": [], "sources": [],
                 "targets": [], "results": results, "notes": model.notes,
                 "too_large": {"ops": n_ops, "max_ops": max_ops}, "causes": cause_texts.table(), "questions": []}
        return graph, model

    @traitlets.validate("fps")
    def _valid_fps(self, proposal):
        # 0 is the speed menu's "max" (as fast as the browser draws); the constructor wants fps > 0
        return 0.0 if proposal["value"] == 0 else checks.check_fps(proposal["value"])

    @classmethod
    def from_events(cls, events, explanations=None, **kwargs):
        """A player for a plain event list (see docs/EVENTS.md), e.g. loaded from JSON."""
        return cls(events=events, explanations=explanations, **kwargs)

    def _gradient(self, tape, target, sources, output_gradients, extra=()) -> list:
        """``tape.gradient`` for ``sources`` (kept as ``self.gradients``) and, in the same call, for the
        ``extra`` tensors the questions ask about; returns the flat list of all of them."""
        flat = _flat(sources)
        try:
            if not extra:
                self.gradients = tape.gradient(target, sources, output_gradients=output_gradients)
                return _flat(self.gradients) if sources is not None else []
            every = tape.gradient(target, flat + list(extra), output_gradients=output_gradients)
        except RuntimeError as exc:
            if "non-persistent" not in str(exc):
                raise
            raise checks.with_spent_tape_hint(exc) from None
        self.gradients = nest.pack_sequence_as(sources, every[:len(flat)])
        return every

    def _collect(self, tape, target, sources, output_gradients):
        flat_sources = _flat(sources)
        namespace = _caller_namespace() if any(isinstance(a.node, str) for a in self._asks) else {}
        extra = asked_objects(self._asks, flat_sources, target, namespace)
        if target is not None:
            every = self._gradient(tape, target, sources, output_gradients, extra)
        events = list(tape.events)
        if self._asks:
            events = self._note_answers(events, flat_sources, extra, every, target, output_gradients, namespace)
        explanations, target_names = {}, {}
        start = next((e for e in reversed(events) if e.get("kind") == "backward_start"), None)
        names = {}
        if start is not None:
            ids = list(start.get("sources", []))
            # explain is slow on a big tape: asked only when a gradient is None (it says why)
            if target is not None and hasattr(tape, "explain") and any(g is None for g in _flat(self.gradients)):
                explanations = _explanations(tape, target, sources, ids)
            call = _call_names(len(flat_sources))
            for sid, src, called in zip(ids, flat_sources, call["sources"]):
                # the name the user's code gives the source (explain's, or the call's), else the variable's
                label = (explanations.get(sid) or {}).get("source") or called
                if not label and is_variable(src):
                    label = variable_label(src)
                names[sid] = {"name": label,
                              "shape": list(getattr(src, "shape", None) or []) if hasattr(src, "shape") else None,
                              "dtype": getattr(getattr(src, "dtype", None), "name", None)}
            target_ids = list(start.get("targets", []))
            if len(target_ids) == 1 and call["target"]:
                target_names[target_ids[0]] = call["target"]
        return events, explanations, names, target_names

    def _note_answers(self, events, flat_sources, extra, every, target, output_gradients, namespace) -> list:
        """Keep what the questions are checked against (ask.py), and leave the extra asked tensors
        out of the events' sources and results: the player shows the gradient() call the user asked for."""
        start_at = max(k for k, e in enumerate(events) if e.get("kind") == "backward_start")
        end_at = max(k for k, e in enumerate(events) if e.get("kind") == "backward_end")
        start, end = events[start_at], events[end_at]
        ids = list(start.get("sources", []))
        targets = start.get("targets", [])
        seed = output_gradients if output_gradients is not None else np.ones(target.shape, target.dtype.as_numpy_dtype)
        self._answers = Answers(objects=list(zip(flat_sources + list(extra), ids)) + list(zip([target], targets)),
                                gradients=dict(zip(ids, every)), target_id=targets[0] if len(targets) == 1 else None,
                                target_seed=seed, namespace=namespace)
        kept = len(flat_sources)
        events = list(events)
        events[start_at] = {**start, "sources": ids[:kept]}
        events[end_at] = {**end, "results": list(end.get("results", []))[:kept]}
        return events

    @property
    def key_frame(self) -> int:
        """The frame the static picture shows (``key_frame=`` of the constructor, as a frame number)."""
        return self.graph["key_frame"]

    @property
    def svg(self) -> str:
        """The SVG of the top-level view at the key frame (the static picture's graph)."""
        if "root" not in self.graph.get("views", {}):
            return ""          # a tape too large to draw (limits.py): the static picture is the message
        model = self.model_data
        index = self.key_frame
        state = model.state_read(index)
        with gc_paused():
            return view_svg(self.graph, "root", state, model.frames[index].get("hot", ()))

    @property
    def n_frames(self) -> int:
        return len(self.frames)

    def summary(self) -> str:
        """Plain-text summary of the final frame."""
        model = self.model_data
        if model is None:
            return _("{name}: released (the cell that showed it was run again).").format(name=type(self).__name__)
        too_large = self.graph.get("too_large")
        if too_large:
            return "\n".join([f"{type(self).__name__}: not drawn: {model.notes[0]}"] + summary_lines(model))
        head = (f"{type(self).__name__}: {len(model.frames)} frames ({model.forward_frames} forward, "
                f"{len(model.frames) - model.forward_frames} backward), "
                f"{sum(n['kind'] == 'op' for n in model.nodes)} ops")
        return "\n".join([head] + summary_lines(model))

    def static_html(self, fallback: bool = False) -> str:
        """The static picture of the key frame, as HTML (``fallback``: see ``_ipython_display_``)."""
        svg = self.svg
        if self.model_data is None:
            return ""
        with gc_paused():
            return static_html(self.model_data, svg, language=self.texts.get("language", "en"),
                               frame=self.key_frame, fallback=fallback)

    def __repr__(self) -> str:
        return self.summary()

    def _ipython_display_(self, **kwargs):
        """Two outputs: the static picture, then the player. A viewer shows one mimetype per output,
        the player's view first where widgets run: nbconvert's page offline would show nothing at
        all. The picture hides itself where the player renders (static.FALLBACK_CSS)."""
        from IPython.display import display

        self._displayed = True
        superseded.shown(self, self._site, execution_count())
        display({"text/html": self.static_html(fallback=True), "text/plain": self.summary()}, raw=True)
        data = super()._repr_mimebundle_(**kwargs)
        bundle = dict(data[0] if isinstance(data, tuple) else data)
        bundle["text/plain"] = _("{title}: plays where widgets run, in a trusted notebook (jupyter trust); the "
                                 "picture above is its key frame.").format(title=self.title)
        display(bundle, raw=True)

    def _repr_mimebundle_(self, **kwargs):
        self._displayed = True
        data = super()._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        bundle["text/plain"] = self.summary()
        bundle["text/html"] = self.static_html()
        return data


def _call_names(n_sources: int) -> dict:
    """``{"target": "loss", "sources": ["w", "b"]}`` from the user's ``TapePlayer(tape, loss, [w, b])``
    line (source text only, also under %%time: sites.py); None where a name is not a plain variable."""
    names = {"target": None, "sources": [None] * n_sources}
    call = _player_call()
    if call is None:
        return names
    target = _call_argument(call, 1, "target")
    names["target"] = target.id if isinstance(target, ast.Name) else None
    given = _call_argument(call, 2, "sources")
    items = given.elts if isinstance(given, (ast.List, ast.Tuple)) else [given]
    if given is not None and len(items) == n_sources:
        names["sources"] = [e.id if isinstance(e, ast.Name) else None for e in items]
    return names


def _player_call():
    """The ``TapePlayer(...)`` call node of the user's line, or None."""
    frame = user_frame()
    if frame is None:
        return None
    try:
        tree = ast.parse(source_line(frame.f_code, frame.f_lineno).strip())
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)) == "TapePlayer":
                return node
    return None


def _call_argument(call, position: int, keyword: str):
    """The argument at ``position`` (counting ``tape`` as 0) or passed as ``keyword=``, else None."""
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _caller_namespace() -> dict:
    """The names of the code that makes the player (for questions that name a tensor by its variable)."""
    frame = user_frame()
    return {} if frame is None else {**frame.f_globals, **frame.f_locals}


def _flat(structure) -> list:
    return nest.flatten(structure) if structure is not None else []


def _explain_items(tape, target, sources) -> list:
    """``tape.explain``'s item dicts in source order (best effort: [] when it cannot say)."""
    try:
        explanation = tape.explain(target, sources)
        data = explanation.to_dict() if hasattr(explanation, "to_dict") else explanation
    except Exception:  # explain is a teaching aid; the player still works without it
        return []
    items = []

    def walk(obj):
        if isinstance(obj, dict):
            if "cause" in obj and "message" in obj:
                items.append(obj)
                return
            for val in obj.values():
                walk(val)
        elif isinstance(obj, (list, tuple)):
            for val in obj:
                walk(val)

    walk(data)
    return items


def _explanations(tape, target, sources, ids) -> dict:
    """{source id: {"message", "fix", "op", "cause"}} from ``tape.explain`` (best effort)."""
    return dict(zip(ids, _explain_items(tape, target, sources)))
