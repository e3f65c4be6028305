"""tk.train.Checkpoint's object graph in its index file, and py_function's argument checks
(TF's behaviour is recorded in tests/tf_cases/api/checkpoint_*.py and py_function_init_scope.py)."""

import json

import pytest

import tapekit as tk


def test_the_index_holds_one_node_per_object_and_an_edge_per_path(tmp_path):
    shared = tk.Variable(2.0)
    ckpt = tk.train.Checkpoint(first=shared, second=[shared])
    ckpt.write(str(tmp_path / "c"))
    graph = json.loads((tmp_path / "c.index").read_text())["graph"]
    root = graph[0]["children"]
    assert graph[root["first"]]["key"] == "first/.ATTRIBUTES/VARIABLE_VALUE"
    assert graph[root["second"]]["children"]["0"] == root["first"]


def test_an_index_without_a_graph_restores_by_path(tmp_path):
    path = tk.train.Checkpoint(v=tk.Variable(3.0)).write(str(tmp_path / "old"))
    index_file = tmp_path / "old.index"
    index = json.loads(index_file.read_text())
    del index["graph"]
    index_file.write_text(json.dumps(index))
    target = tk.Variable(0.0)
    tk.train.Checkpoint(v=target).read(path).assert_consumed()
    assert target.numpy() == 3.0


def test_a_restored_iterator_continues_where_the_saved_one_was(tmp_path):
    dataset = tk.data.Dataset.range(5)
    saved = iter(dataset)
    next(saved), next(saved)
    path = tk.train.Checkpoint(it=saved).write(str(tmp_path / "it"))
    restored = iter(dataset)
    tk.train.Checkpoint(it=restored).read(path)
    assert [int(x) for x in restored] == [2, 3, 4]


def test_py_function_errors_inside_become_invalid_argument_and_name_the_cause():
    def broken(x):
        raise ValueError("no good")

    with pytest.raises(tk.errors.InvalidArgumentError, match="ValueError: no good"):
        tk.py_function(broken, [tk.constant(1.0)], tk.float32)
