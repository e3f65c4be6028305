"""Keep a notebook's saved widget state small and deterministic (for notebooks stored in git).

Executing a notebook with ``nbclient.NotebookClient(..., store_widget_state=True)`` writes the
state of every widget the kernel created into ``nb.metadata["widgets"]``, so that JupyterLab,
Notebook 7 and ``jupyter nbconvert --to html`` can show the players before any cell runs. Two
things in it change from run to run or waste space: widget model ids are random (uuid4), and
widgets that no output displays (created, then closed or never shown) are stored too.
:func:`tidy_widget_state` fixes both; docs/PLAYER.md ("Saved widget state") says why.
"""

from __future__ import annotations

import base64
import gzip
import json
import re

STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"
_REF = re.compile(r"IPY_MODEL_([0-9A-Za-z_.:-]+)")


def json_string(value, _widget=None) -> str:
    """A player's ``graph`` or ``frames`` as it is synced and saved: its compact JSON, gzipped, in
    base64. nbformat indents saved widget state, which makes nested lists 1.6 times bigger, and
    the tape's JSON repeats itself; one gzipped string is about 1/6 of the compact JSON. The front
    end unzips it with the browser's DecompressionStream (widgets/src/main.js)."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return base64.b64encode(gzip.compress(text.encode(), compresslevel=6, mtime=0)).decode("ascii")


def from_json_string(value, _widget=None):
    """The inverse of :func:`json_string` (a plain list or dict, as older saved states hold, passes)."""
    return json.loads(gzip.decompress(base64.b64decode(value))) if isinstance(value, str) else value


def _views(nb):
    """(cell number, output index, view dict) of every widget view in the notebook's outputs."""
    for number, cell in enumerate(nb.get("cells", []), start=1):
        for index, output in enumerate(cell.get("outputs", []) or []):
            view = (output.get("data") or {}).get(VIEW)
            if isinstance(view, dict) and view.get("model_id"):
                yield number, index, view


def _refs(value):
    """Model ids referenced (``"IPY_MODEL_<id>"``) anywhere inside a widget's state."""
    return _REF.findall(json.dumps(value))


def _open_at_key_frame(state: dict) -> None:
    """A saved player opens at its key frame, the one the static picture shows (``graph["key_frame"]``;
    the last frame for a player made before there was one): by default the whole recorded graph with
    its gradients, what the cell produced. Play starts again from frame 1 (a live player, made by
    running the cell, opens at frame 1: "Press play")."""
    frames, graph = from_json_string(state.get("frames")), from_json_string(state.get("graph"))
    if isinstance(frames, list) and isinstance(graph, dict) and "frame" in state:
        state["frame"] = graph.get("key_frame", max(0, len(frames) - 1))


def tidy_widget_state(nb, prefix: str = "w") -> dict:
    """Prune and rename the saved widget state of ``nb`` in place; return what was done.

    Keeps only the models a displayed output needs (its view's model and the models it refers
    to, e.g. its ``Layout``); renames each to ``<prefix>-c<cell>-o<output>`` (and
    ``...-<trait>`` for a referred model), in the outputs and in every reference; drops
    ``metadata.widgets`` when no widget is displayed; sets each player's ``frame`` to its last.
    Returns ``{"kept", "dropped", "bytes"}`` (``bytes``: the size of the saved state as JSON).
    """
    widgets = nb.get("metadata", {}).get("widgets") or {}
    states = (widgets.get(STATE) or {}).get("state") or {}
    names: dict = {}
    order: list = []

    def visit(model_id, name):
        if model_id in names or model_id not in states:
            return
        names[model_id] = name
        order.append(model_id)
        for trait, value in sorted((states[model_id].get("state") or {}).items()):
            for ref in _refs(value):
                visit(ref, f"{name}-{trait.strip('_')}")

    for number, index, view in _views(nb):
        visit(view["model_id"], f"{prefix}-c{number:02d}-o{index}")
    dropped = [model_id for model_id in states if model_id not in names]
    if not names:
        nb.get("metadata", {}).pop("widgets", None)
        return {"kept": 0, "dropped": len(dropped), "bytes": 0}

    def rename(text: str) -> str:
        return _REF.sub(lambda m: "IPY_MODEL_" + names.get(m.group(1), m.group(1)), text)

    kept = {names[model_id]: json.loads(rename(json.dumps(states[model_id]))) for model_id in order}
    for model in kept.values():
        _open_at_key_frame(model.get("state") or {})
    nb["metadata"]["widgets"] = {STATE: {"state": kept, "version_major": 2, "version_minor": 0}}
    for _, _, view in _views(nb):
        view["model_id"] = names.get(view["model_id"], view["model_id"])
    size = len(json.dumps(nb["metadata"]["widgets"], separators=(",", ":")))
    return {"kept": len(kept), "dropped": len(dropped), "bytes": size}
