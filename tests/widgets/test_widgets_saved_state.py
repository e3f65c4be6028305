"""Saved widget state for stored notebooks (tidy_widget_state) and the offline HTML export."""

import copy
import json
import re

import pytest

from tapekit.widgets.saved_state import STATE, VIEW, from_json_string, json_string, tidy_widget_state


def model(name, **state):
    return {"model_name": name, "model_module": "anywidget", "model_module_version": "~0.11.*",
            "state": {"_model_name": name, **state}}


def notebook():
    """Two displayed players (one shown twice), one created but never shown, random ids."""
    a, b = "9f1c0e6b2d5a4c3e8f7a6b5c4d3e2f1a", "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    hidden = "ffffeeee00001111aaaabbbbccccdddd"
    layout_a, layout_b, layout_hidden = "1" * 32, "2" * 32, "3" * 32

    def shows(model_id):
        return {"output_type": "display_data", "metadata": {},
                "data": {"text/plain": "TapePlayer", VIEW: {"version_major": 2, "version_minor": 0,
                                                            "model_id": model_id}}}

    return {
        "nbformat": 4, "nbformat_minor": 5,
        "cells": [
            {"cell_type": "markdown", "id": "c1", "source": "# x", "metadata": {}},
            {"cell_type": "code", "id": "c2", "source": "p", "metadata": {}, "execution_count": 1,
             "outputs": [shows(b)]},
            {"cell_type": "code", "id": "c3", "source": "q", "metadata": {}, "execution_count": 2,
             "outputs": [{"output_type": "stream", "name": "stdout", "text": "x"}, shows(a), shows(b)]},
        ],
        "metadata": {"widgets": {STATE: {"version_major": 2, "version_minor": 0, "state": {
            a: model("AnyModel", layout=f"IPY_MODEL_{layout_a}", frames=[1, 2]),
            hidden: model("AnyModel", layout=f"IPY_MODEL_{layout_hidden}"),
            b: model("AnyModel", layout=f"IPY_MODEL_{layout_b}", children=[f"IPY_MODEL_{a}"]),
            layout_a: model("LayoutModel"), layout_b: model("LayoutModel"), layout_hidden: model("LayoutModel"),
        }}}},
    }


def test_keeps_what_outputs_show_and_names_it_by_place():
    nb = notebook()
    info = tidy_widget_state(nb, prefix="l03")
    states = nb["metadata"]["widgets"][STATE]["state"]
    assert list(states) == ["l03-c02-o0", "l03-c02-o0-children", "l03-c02-o0-children-layout", "l03-c02-o0-layout"]
    assert states["l03-c02-o0"]["state"]["layout"] == "IPY_MODEL_l03-c02-o0-layout"
    assert states["l03-c02-o0"]["state"]["children"] == ["IPY_MODEL_l03-c02-o0-children"]
    assert states["l03-c02-o0-children"]["state"]["frames"] == [1, 2]
    views = [o["data"][VIEW]["model_id"] for c in nb["cells"] for o in c.get("outputs", [])
             if VIEW in o.get("data", {})]
    assert views == ["l03-c02-o0", "l03-c02-o0-children", "l03-c02-o0"]
    assert info == {"kept": 4, "dropped": 2, "bytes": len(json.dumps(nb["metadata"]["widgets"], separators=(",", ":")))}
    assert not re.search(r"[0-9a-f]{32}", json.dumps(nb)), "a random id survived"


def test_is_deterministic_and_idempotent():
    first, second = notebook(), notebook()
    tidy_widget_state(first)
    tidy_widget_state(second)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    again = copy.deepcopy(first)
    tidy_widget_state(again)
    assert again == first


def test_no_displayed_widget_drops_the_metadata():
    nb = notebook()
    for cell in nb["cells"]:
        cell.get("outputs", []).clear()
    assert tidy_widget_state(nb) == {"kept": 0, "dropped": 6, "bytes": 0}
    assert "widgets" not in nb["metadata"]


def test_a_notebook_without_widget_state_is_left_alone():
    nb = {"cells": [], "metadata": {"kernelspec": {"name": "python3"}}}
    assert tidy_widget_state(nb)["kept"] == 0 and nb == {"cells": [], "metadata": {"kernelspec": {"name": "python3"}}}


def test_export_refuses_a_notebook_without_saved_state(tmp_path):
    pytest.importorskip("nbconvert")
    import nbformat

    from tapekit.widgets.export import export_html, main

    path = tmp_path / "plain.ipynb"
    nbformat.write(nbformat.v4.new_notebook(), path)
    with pytest.raises(ValueError, match="no saved widget state") as info:
        export_html(path)
    assert "\n  Hint: execute it with nbclient's store_widget_state=True" in str(info.value)
    assert main([str(path)]) == 1


def test_export_inlines_the_embedder_and_loads_nothing_for_anywidgets(tmp_path):
    pytest.importorskip("nbconvert")
    import nbformat

    from tapekit.widgets.assets import read_asset
    from tapekit.widgets.export import export_html

    nb = nbformat.from_dict(notebook())
    nb["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    tidy_widget_state(nb)
    page = export_html(nb)
    assert read_asset("embed.js").strip() in page
    assert 'type="application/vnd.jupyter.widget-state+json"' in page
    assert not re.search(r"<script[^>]+src=", page), "the page must not load a script"
    assert "MathJax.js" not in page and "latest.js?config" not in page  # no math in this notebook
    assert "</script" not in read_asset("embed.js").lower()


def test_a_saved_player_opens_at_its_last_frame():
    """The whole recorded graph with its gradients, as the static picture shows it (docs/PLAYER.md)."""
    nb = notebook()
    states = nb["metadata"]["widgets"][STATE]["state"]
    player = next(k for k, v in states.items() if v["state"].get("frames") == [1, 2])
    states[player]["state"].update(graph={"nodes": []}, frame=0)
    tidy_widget_state(nb, prefix="l03")
    kept = nb["metadata"]["widgets"][STATE]["state"]
    assert kept["l03-c02-o0-children"]["state"]["frame"] == 1
    assert "frame" not in kept["l03-c02-o0"]["state"], "only players (graph and frames) are changed"


def test_a_saved_player_opens_at_its_key_frame():
    """A player whose static picture shows another frame (key_frame=) opens there, so they agree."""
    nb = notebook()
    states = nb["metadata"]["widgets"][STATE]["state"]
    player = next(k for k, v in states.items() if v["state"].get("frames") == [1, 2])
    states[player]["state"].update(graph={"nodes": [], "key_frame": 0}, frame=1)
    tidy_widget_state(nb, prefix="l03")
    assert nb["metadata"]["widgets"][STATE]["state"]["l03-c02-o0-children"]["state"]["frame"] == 0


def test_a_saved_player_stored_as_gzipped_json_opens_at_its_key_frame():
    """graph and frames as a player syncs them (one gzipped JSON string each) are read the same."""
    nb = notebook()
    states = nb["metadata"]["widgets"][STATE]["state"]
    player = next(k for k, v in states.items() if v["state"].get("frames") == [1, 2])
    states[player]["state"].update(graph=json_string({"nodes": [], "key_frame": 0}), frames=json_string([1, 2]),
                                   frame=1)
    tidy_widget_state(nb, prefix="l03")
    assert nb["metadata"]["widgets"][STATE]["state"]["l03-c02-o0-children"]["state"]["frame"] == 0


def test_a_player_syncs_graph_and_frames_as_gzipped_json_strings():
    import tapekit as tk
    from tapekit.widgets import TapePlayer

    w = tk.Variable([1.0, float("nan")], name="w")
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(w * w)
    player = TapePlayer(tape, target=y, sources=[w])
    state = player.get_state()
    assert isinstance(state["graph"], str) and isinstance(state["frames"], str)
    assert from_json_string(state["graph"]) == json.loads(json.dumps(player.graph))
    assert from_json_string(state["frames"]) == json.loads(json.dumps(player.frames))
    assert from_json_string([1, 2]) == [1, 2]      # a plain list (an older saved state) passes
    player.close()


def test_export_renders_math_offline_as_mathml():
    """The exporter's page draws math itself (MathML from latex2mathml): no MathJax, no network."""
    pytest.importorskip("nbconvert")
    pytest.importorskip("latex2mathml")
    import nbformat

    from tapekit.widgets.export import export_html

    nb = nbformat.from_dict(notebook())
    nb["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb["cells"][0]["source"] = ("# Chain rule\n\n$\\frac{\\partial L}{\\partial w} = 2x$ costs $5 and $3.\n\n"
                                "$$\\sum_i x_i$$\n\n`price = $4$` is code.")
    tidy_widget_state(nb)
    page = export_html(nb)
    assert page.count("<math ") == 2 and 'display="block"' in page
    assert "<mfrac>" in page and "\\frac" not in page
    assert "costs $5 and $3" in page and "<code>price = $4$</code>" in page   # money and code stay text
    assert "MathJax.js" not in page and "latest.js?config" not in page
    assert not re.search(r"<script[^>]+src=", page), "the page must not load a script"
