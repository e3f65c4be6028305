"""tk.nest: the structures gradient() accepts and returns, with tf.nest's ordering rules."""

import collections
import gc

import numpy as np
import pytest

import tapekit as tk

Point = collections.namedtuple("Point", ["x", "y"])


def test_flatten_orders_dict_keys_sorted_and_keeps_leaves():
    assert tk.nest.flatten({"b": 1, "a": [2, (3, 4)]}) == [2, 3, 4, 1]
    assert tk.nest.flatten(None) == [None]
    assert tk.nest.flatten(5) == [5]
    assert tk.nest.flatten([]) == []
    assert tk.nest.flatten(Point(1, [2, 3])) == [1, 2, 3]


def test_pack_sequence_as_rebuilds_types():
    structure = [1, {"b": (2, 3), "a": 4}, Point(5, 6)]
    packed = tk.nest.pack_sequence_as(structure, list("pqrstu"))
    assert packed == ["p", {"a": "q", "b": ("r", "s")}, Point("t", "u")]
    assert isinstance(packed[1]["b"], tuple) and isinstance(packed[2], Point)
    assert list(packed[1]) == ["b", "a"]   # insertion order of the original dict is kept
    assert tk.nest.pack_sequence_as(7, ["only"]) == "only"


def test_pack_sequence_as_count_mismatch():
    with pytest.raises(ValueError, match="Structure had 2 atoms, but flat_sequence had 3 items"):
        tk.nest.pack_sequence_as([1, 2], [1, 2, 3])


def test_map_structure_and_same_structure():
    assert tk.nest.map_structure(lambda a, b: a + b, [1, (2,)], [10, (20,)]) == [11, (22,)]
    with pytest.raises(ValueError):
        tk.nest.assert_same_structure([1, 2], [1, [2]])
    with pytest.raises(ValueError):
        tk.nest.assert_same_structure([1, 2], (1, 2))
    tk.nest.assert_same_structure([1, 2], (1, 2), check_types=False)
    assert tk.nest.is_nested([1]) and not tk.nest.is_nested(tk.constant(1.0))


def test_deep_structure_flattens_iteratively():
    deep = 0
    for _ in range(5000):
        deep = [deep]
    assert tk.nest.flatten(deep) == [0]


def test_gradient_with_namedtuple_sources():
    a, b = tk.Variable(2.0), tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = a * b
    g = tape.gradient(y, Point(a, b))
    assert isinstance(g, Point) and (g.x.numpy(), g.y.numpy()) == (3.0, 2.0)


def test_packing_makes_no_reference_cycle():
    # a cycle would keep the packed values (a step's gradients) alive until the cyclic GC runs
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        packed = tk.nest.pack_sequence_as({"a": [0, (0, 0)], "b": 0}, [np.ones(3)] * 4)
        tk.nest.assert_same_structure(packed, {"a": [1, (2, 3)], "b": 4})
        del packed
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_gradient_of_a_list_of_variables_makes_no_reference_cycle():
    params = [tk.Variable(np.ones((3, 2), np.float32)), tk.Variable(np.ones(2, np.float32))]
    x = tk.constant(np.ones((4, 3), np.float32))
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        with tk.GradientTape() as tape:
            loss = tk.reduce_mean(tk.square(tk.nn.relu(x @ params[0] + params[1])))
        grads = tape.gradient(loss, params)
        assert [tuple(g.shape) for g in grads] == [(3, 2), (2,)]
        del tape, loss, grads
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
