"""``TapePlayer``: the anywidget that animates a tape's forward recording and backward pass."""

from __future__ import annotations

import anywidget
import traitlets

from . import checks, graphviz_run
from .assets import read_asset
from .layout import layout_views, view_svg
from .model import build_frames, compact_frames
from .views import ViewPlan
from .static import static_html, summary_lines


class TapePlayer(anywidget.AnyWidget):
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
    _css = read_asset("player.css")

    graph = traitlets.Dict({}).tag(sync=True)
    frames = traitlets.List([]).tag(sync=True)
    frame = traitlets.Int(0).tag(sync=True)
    fps = traitlets.Float(2.0).tag(sync=True)
    title = traitlets.Unicode("GradientTape").tag(sync=True)

    def __init__(self, tape=None, target=None, sources=None, output_gradients=None, *, events=None,
                 explanations=None, engine=None, title="GradientTape", fps=2.0, **kwargs):
        # argument checks first: a bad argument raises before anything is computed
        checks.check_keywords(type(self), kwargs)
        checks.check_options(events, explanations, tape is not None)
        fps, title = checks.check_fps(fps), checks.check_title(title)
        engine = graphviz_run.check_engine(engine)
        if tape is not None:
            checks.check_sources_for(tape, target, sources, output_gradients)
        elif events is None:
            raise TypeError("TapePlayer needs a tape (or events=[...]).\n"
                            "  Hint: TapePlayer(tape, target=y, sources=[w, b]) or TapePlayer.from_events(events).")
        else:
            events = checks.check_events(events)
        self.gradients = None
        source_names, target_names = {}, {}
        if tape is not None:
            events, explanations, source_names, target_names = self._collect(tape, target, sources,
                                                                             output_gradients)
        try:
            model = build_frames(events, explanations, source_names, target_names)
            plan = ViewPlan(model)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            if tape is not None:  # a tape's own events: a bug here, show it as it is
                raise
            raise checks.unreadable_events(exc) from exc  # events from outside (JSON) that make no sense
        views, layouts, used = layout_views(plan, engine)
        self.model_data = model
        self.layout_engine = used
        graph = {"nodes": model.nodes, "edges": model.edges, "groups": model.groups, "views": views,
                 "layouts": layouts, "watched": model.watched, "sources": model.sources,
                 "targets": model.targets, "results": model.results, "notes": model.notes}
        super().__init__(graph=graph, frames=compact_frames(model.frames), frame=0, fps=float(fps), title=title,
                         **kwargs)

    @traitlets.validate("fps")
    def _valid_fps(self, proposal):
        # 0 is the speed menu's "max" (as fast as the browser draws); the constructor wants fps > 0
        return 0.0 if proposal["value"] == 0 else checks.check_fps(proposal["value"])

    @classmethod
    def from_events(cls, events, explanations=None, **kwargs):
        """A player for a plain event list (see docs/EVENTS.md), e.g. loaded from JSON."""
        return cls(events=events, explanations=explanations, **kwargs)

    def _collect(self, tape, target, sources, output_gradients):
        from .. import nest

        flat_sources = nest.flatten(sources) if sources is not None else []
        if target is not None:
            try:
                self.gradients = tape.gradient(target, sources, output_gradients=output_gradients)
            except RuntimeError as exc:
                if "non-persistent" not in str(exc):
                    raise
                raise checks.with_spent_tape_hint(exc) from None
        events = list(tape.events)
        explanations, target_names = {}, {}
        start = next((e for e in reversed(events) if e.get("kind") == "backward_start"), None)
        names = {}
        if start is not None:
            ids = list(start.get("sources", []))
            if target is not None and hasattr(tape, "explain"):
                explanations = _explanations(tape, target, sources, ids)
            for sid, src in zip(ids, flat_sources):
                # the name the user's code gives the source (from explain), else the variable's name
                label = (explanations.get(sid) or {}).get("source")
                if not label and hasattr(src, "_read"):
                    label = src.name.rsplit(":", 1)[0]
                names[sid] = {"name": label,
                              "shape": list(getattr(src, "shape", None) or []) if hasattr(src, "shape") else None,
                              "dtype": getattr(getattr(src, "dtype", None), "name", None)}
            target_ids = list(start.get("targets", []))
            if len(target_ids) == 1:
                given = _target_name()
                if given:
                    target_names[target_ids[0]] = given
        return events, explanations, names, target_names

    @property
    def svg(self) -> str:
        """The SVG of the top-level view at the last frame (the static picture's graph)."""
        model = self.model_data
        last = len(model.frames) - 1
        frame = model.frames[last]
        return view_svg(self.graph, "root", model.state_at(last), frame.get("hot", ()))

    @property
    def n_frames(self) -> int:
        return len(self.frames)

    def summary(self) -> str:
        """Plain-text summary of the final frame."""
        model = self.model_data
        head = (f"{type(self).__name__}: {len(model.frames)} frames ({model.forward_frames} forward, "
                f"{len(model.frames) - model.forward_frames} backward), "
                f"{sum(n['kind'] == 'op' for n in model.nodes)} ops")
        return "\n".join([head] + summary_lines(model))

    def static_html(self) -> str:
        return static_html(self.model_data, self.svg)

    def __repr__(self) -> str:
        return self.summary()

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        bundle["text/plain"] = self.summary()
        bundle["text/html"] = self.static_html()
        return data


def _target_name():
    """``loss`` from the user's ``TapePlayer(tape, target=loss, ...)`` line, else None (source text only)."""
    import ast
    import linecache

    from ..events import user_frame

    frame = user_frame()
    if frame is None:
        return None
    text = linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip()
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if called != "TapePlayer":
                continue
            arg = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "target"),
                                                               None)
            return arg.id if isinstance(arg, ast.Name) else None
    return None


def _explanations(tape, target, sources, ids) -> dict:
    """{source id: {"message", "fix", "op", "cause"}} from ``tape.explain`` (best effort)."""
    try:
        explanation = tape.explain(target, sources)
        data = explanation.to_dict() if hasattr(explanation, "to_dict") else explanation
    except Exception:  # explain is a teaching aid; the player still works without it
        return {}
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
    return {sid: item for sid, item in zip(ids, items)}
