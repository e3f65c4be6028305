"""tk.data.Dataset: pipelines, iterators, shuffle properties and seeds.

TF 2.21's printed behaviour is recorded in tests/tf_cases/api/data_*.py, and seeded shuffle
orders (TF's, order for order) in tests/tf_cases/random/dataset_shuffle_seeded.py. These tests
check the properties: a shuffle is a permutation (within its buffer), reproducible under a
seed, and reshuffled per epoch only when asked.
"""

import numpy as np
import pytest

import tapekit as tk

Dataset = tk.data.Dataset


def values(ds):
    return [np.asarray(v).tolist() for v in ds.as_numpy_iterator()]


def test_slices_of_tuples_and_dicts_keep_their_structure_and_dtypes():
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    ds = Dataset.from_tensor_slices((x, [0, 1, 2]))
    a, b = next(iter(ds))
    assert a.dtype == tk.float32 and a.shape == (2,) and b.dtype == tk.int32
    d = next(iter(Dataset.from_tensor_slices({"x": x, "y": [1.0, 2.0, 3.0]})))
    assert sorted(d) == ["x", "y"] and d["y"].dtype == tk.float32
    # a list is a tensor, not a structure (tf.data's rule)
    assert Dataset.from_tensor_slices([(1, 2), (3, 4)]).element_spec == tk.TensorSpec([2], tk.int32)


def test_shuffle_is_a_permutation_reshuffled_each_epoch():
    ds = Dataset.range(50).shuffle(50, seed=4)
    first, second = values(ds), values(ds)
    assert sorted(first) == sorted(second) == list(range(50))
    assert first != second                       # reshuffle_each_iteration defaults to True
    fixed = Dataset.range(50).shuffle(50, seed=4, reshuffle_each_iteration=False)
    assert values(fixed) == values(fixed)


def test_shuffle_with_a_seed_is_reproducible_across_datasets():
    assert values(Dataset.range(30).shuffle(30, seed=9)) == values(Dataset.range(30).shuffle(30, seed=9))
    assert values(Dataset.range(30).shuffle(30, seed=9)) != values(Dataset.range(30).shuffle(30, seed=8))


def test_global_seed_makes_unseeded_shuffles_reproducible():
    tk.random.set_seed(11)
    a = [values(Dataset.range(20).shuffle(20)) for _ in range(2)]
    tk.random.set_seed(11)
    b = [values(Dataset.range(20).shuffle(20)) for _ in range(2)]
    tk.random.set_seed(None)
    assert a == b and a[0] != a[1]               # op seeds advance per shuffle, as TF's


def test_small_buffer_only_moves_elements_a_little():
    out = values(Dataset.range(100).shuffle(3, seed=1))
    assert sorted(out) == list(range(100))
    # with a buffer of 3, element k cannot come out before position k - 2
    assert all(pos >= v - 2 for pos, v in enumerate(out))
    assert values(Dataset.range(10).shuffle(1)) == list(range(10))


def test_shuffle_keeps_components_of_an_element_together():
    ds = Dataset.from_tensor_slices((np.arange(20), np.arange(20) * 10)).shuffle(20, seed=2)
    assert all(b == 10 * a for a, b in ds.as_numpy_iterator())


def test_batches_stack_and_the_last_may_be_short():
    ds = Dataset.range(7).batch(3)
    assert values(ds) == [[0, 1, 2], [3, 4, 5], [6]]
    assert values(Dataset.range(7).batch(3, drop_remainder=True)) == [[0, 1, 2], [3, 4, 5]]
    assert ds.element_spec == tk.TensorSpec([None], tk.int64)
    assert len(ds) == 3 and int(ds.cardinality()) == 3


def test_iterators_are_stateful_and_end_as_tf():
    it = iter(Dataset.from_tensor_slices([1, 2]))
    assert int(next(it)) == 1 and int(it.get_next()) == 2
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(tk.errors.OutOfRangeError, match="End of sequence") as info:
        it.get_next()
    assert "Hint:" in str(info.value)
    assert isinstance(info.value, tk.errors.OpError)


def test_iterating_records_nothing_on_a_tape():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        elements = list(Dataset.from_tensor_slices(x))
        y = elements[0] * 2
    assert tape.gradient(y, x) is None           # dataset elements are new tensors, as in TF


def test_map_runs_eagerly_on_each_element_and_can_use_the_tape():
    calls = []
    ds = Dataset.from_tensor_slices([1.0, 2.0, 3.0]).map(lambda v: calls.append(1) or v * 2)
    assert values(ds) == [2.0, 4.0, 6.0] and len(calls) == 3
    w = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        total = tk.add_n([e * w for e in Dataset.from_tensor_slices([1.0, 2.0])])
    assert float(tape.gradient(total, w)) == 3.0


def test_infinite_and_unknown_lengths():
    with pytest.raises(TypeError, match="infinite"):
        len(Dataset.range(3).repeat())
    with pytest.raises(TypeError, match="unknown"):
        len(Dataset.range(3).filter(lambda v: v > 1))
    assert int(Dataset.range(3).repeat().take(5).cardinality()) == 5
    assert values(Dataset.range(3).repeat().take(7)) == [0, 1, 2, 0, 1, 2, 0]


def test_bad_arguments_raise_tf_errors_and_leave_the_dataset_usable():
    ds = Dataset.range(4)
    with pytest.raises(tk.errors.InvalidArgumentError):
        ds.batch(0)
    with pytest.raises(tk.errors.InvalidArgumentError):
        ds.shuffle(0)
    with pytest.raises(TypeError):
        ds.batch(2, foo=1)
    with pytest.raises(ValueError, match="Dimensions 2 and 3 are not compatible"):
        Dataset.from_tensor_slices(([1, 2], [1, 2, 3]))
    with pytest.raises(ValueError, match="rank >= 1"):
        Dataset.from_tensor_slices(1.0)
    with pytest.raises(tk.errors.InvalidArgumentError, match="Cannot batch tensors with different shapes"):
        list(Dataset.range(3).map(lambda v: tk.fill([v], v)).batch(2))
    assert values(ds) == [0, 1, 2, 3]


def test_from_generator_follows_its_signature():
    def gen():
        yield from ([1.0, 2.0], [3.0])

    ds = Dataset.from_generator(gen, output_signature=tk.TensorSpec([None], tk.float32))
    assert values(ds) == [[1.0, 2.0], [3.0]]
    assert int(ds.cardinality()) == tk.data.UNKNOWN_CARDINALITY
    bad = Dataset.from_generator(gen, output_signature=tk.TensorSpec([2], tk.float32))
    with pytest.raises(tk.errors.InvalidArgumentError):
        values(bad)


def test_padded_batch_pads_to_the_longest_element():
    ds = Dataset.range(1, 4).map(lambda v: tk.fill([v], v)).padded_batch(3)
    assert values(ds) == [[[1, 0, 0], [2, 2, 0], [3, 3, 3]]]
    ds = Dataset.range(1, 3).map(lambda v: tk.fill([v], v)).padded_batch(2, padded_shapes=[4],
                                                                           padding_values=tk.constant(-1, tk.int64))
    assert values(ds) == [[[1, -1, -1, -1], [2, 2, -1, -1]]]
