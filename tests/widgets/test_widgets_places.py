"""Names and places in a real kernel: a cell's place reads ``In [N] line L``, and names survive
``%%time`` (IPython runs its body as ``<timed exec>``, whose text is not in linecache)."""

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent

CELLS = [
    "import json\nimport tapekit as tk\nfrom tapekit.widgets import TapePlayer",
    # a plain cell
    "w = tk.Variable(2.0, name='w')\nwith tk.GradientTape() as tape:\n    speed = w * 3.0\n"
    "    fuel = speed * speed\nplain = TapePlayer(tape, target=fuel, sources=[w])",
    # the same under %%time
    "%%time\nv = tk.Variable(2.0, name='v')\nwith tk.GradientTape() as tape:\n    distance = v * 3.0\n"
    "    cost = distance * distance\ntimed = TapePlayer(tape, target=cost, sources=[v])",
    "def seen(p):\n    nodes = p.graph['nodes']\n"
    "    return {'labels': sorted(n['label'] for n in nodes if n['kind'] == 'tensor'),\n"
    "            'where': [n['where'] for n in nodes if n['kind'] == 'op'],\n"
    "            'captions': [f[2] for f in p.frames if f[2]]}\n"
    "print(json.dumps({'plain': seen(plain), 'timed': seen(timed)}))",
]


@pytest.fixture(scope="module")
def kernel_output(tmp_path_factory):
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    root = tmp_path_factory.mktemp("places")
    import os

    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(root)}}).execute(
        env=env, cwd=str(root))
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout")
    return json.loads(text)


def test_a_cell_place_is_its_execution_count_and_line(kernel_output):
    plain = kernel_output["plain"]
    assert plain["where"] == ["In [2] line 3", "In [2] line 4"]
    assert "speed" in plain["labels"] and "fuel" in plain["labels"]


def test_names_and_places_survive_time_magic(kernel_output):
    timed = kernel_output["timed"]
    assert "distance" in timed["labels"] and "cost" in timed["labels"], timed["labels"]
    assert timed["where"] == ["In [3] line 4", "In [3] line 5"]   # line 1 is %%time
    assert not any("<timed" in w for w in timed["where"] + timed["captions"])


def test_without_ipython_a_cell_reads_cell_colon_line():
    from tapekit.introspect.sites import location_text

    assert location_text("/tmp/ipykernel_1/123.py", 7) == "cell:7"
    assert location_text("/home/me/train.py", 12) == "train.py:12"
    assert "IPython" not in sys.modules or sys.modules["IPython"].get_ipython() is None
