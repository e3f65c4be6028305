"""tk.train.Checkpoint's own file format and its refusals (TF's behaviour is in tests/tf_cases/fidelity)."""

import json

import numpy as np
import pytest

import tapekit as tk


class Net(tk.Module):
    def __init__(self, size=2):
        super().__init__()
        self.w = tk.Variable(np.arange(size, dtype=np.float32))
        self.layers = [tk.Variable(1.0)]


def test_files_are_a_json_index_and_an_npz_of_values(tmp_path):
    path = tk.train.Checkpoint(net=Net()).write(str(tmp_path / "weights"))
    index = json.loads((tmp_path / "weights.index").read_text())
    assert sorted(index["variables"]) == ["net/layers/0/.ATTRIBUTES/VARIABLE_VALUE", "net/w/.ATTRIBUTES/VARIABLE_VALUE"]
    with np.load(path + ".npz") as data:
        assert sorted(data.files) == ["v0", "v1"]


def test_a_wrong_shape_raises_before_any_variable_changes(tmp_path):
    path = tk.train.Checkpoint(net=Net(2)).write(str(tmp_path / "w"))
    other = Net(3)
    other.layers[0].assign(5.0)
    with pytest.raises(ValueError, match="incompatible tensor with shape"):
        tk.train.Checkpoint(net=other).restore(path)
    assert other.layers[0].numpy() == 5.0 and other.w.numpy().tolist() == [0.0, 1.0, 2.0]


def test_a_variable_is_found_by_path_not_by_name(tmp_path):
    first, second = Net(), Net()
    first.w.assign([7.0, 8.0])
    path = tk.train.Checkpoint(model=first).write(str(tmp_path / "w"))
    tk.train.Checkpoint(model=second).restore(path)
    assert second.w.numpy().tolist() == [7.0, 8.0]


def test_a_manager_refuses_a_non_positive_max_to_keep(tmp_path):
    with pytest.raises(ValueError, match="max_to_keep"):
        tk.train.CheckpointManager(tk.train.Checkpoint(net=Net()), str(tmp_path), max_to_keep=0)
