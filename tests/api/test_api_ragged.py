"""tk.RaggedTensor beyond what the TF cases print (tests/tf_cases/api/ragged_*.py, recorded from
TF 2.21): numpy(), dispatch through tk functions, errors, and gradients through flat values."""

import numpy as np
import pytest

import tapekit as tk


@pytest.fixture
def r():
    return tk.ragged.constant([[1, 2, 3], [4], [], [5, 6]])


def test_numpy_is_an_object_array_of_rows_or_a_regular_array(r):
    rows = r.numpy()
    assert rows.dtype == object and [x.tolist() for x in rows] == [[1, 2, 3], [4], [], [5, 6]]
    uniform = tk.ragged.constant([[1, 2], [3, 4]]).numpy()
    assert uniform.dtype == np.int32 and uniform.shape == (2, 2)


def test_printing_matches_tf_layout(r):
    assert repr(r) == str(r) == "<tk.RaggedTensor [[1, 2, 3], [4], [], [5, 6]]>"
    inner = tk.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
    assert repr(inner) == "<tk.RaggedTensor [[[1, 2],\n  [3, 4]], [[5, 6]]]>"   # TF 2.21's text


def test_public_constructor_is_private_as_in_tf():
    with pytest.raises(ValueError, match="constructor is private"):
        tk.RaggedTensor([1], [0, 1])


def test_elementwise_math_and_reductions_dispatch(r):
    assert tk.math.square(r).to_list() == [[1, 4, 9], [16], [], [25, 36]]
    assert tk.cast(r, tk.float32).dtype == tk.float32
    assert tk.reduce_sum(r, axis=1).numpy().tolist() == [6, 4, 0, 11]
    assert tk.math.reduce_max(r, axis=0).numpy().tolist() == [5, 6, 3]
    assert tk.add(r, 1).to_list() == [[2, 3, 4], [5], [], [6, 7]]
    assert tk.reduce_sum(tk.constant([1, 2])).numpy() == 3          # dense inputs unchanged


def test_binary_ops_need_matching_rows(r):
    with pytest.raises(tk.errors.InvalidArgumentError):
        r + tk.ragged.constant([[1], [2], [], [3]])
    with pytest.raises(tk.errors.InvalidArgumentError):
        r + tk.constant([[1, 2]])


def test_reduce_out_of_range_axis_raises(r):
    with pytest.raises(ValueError, match="out of bounds"):
        tk.reduce_sum(r, axis=2)


def test_gradients_flow_through_the_flat_values():
    x = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        ragged = tk.RaggedTensor.from_row_lengths(x * 2, [2, 1])
        y = tk.reduce_sum(tk.reduce_mean(ragged, axis=1) ** 2)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [6.0, 6.0, 24.0])  # TF 2.21's values


def test_to_tensor_pads_crops_and_fills(r):
    assert r.to_tensor(default_value=9, shape=[3, 2]).numpy().tolist() == [[1, 2], [4, 9], [9, 9]]
    x = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        dense = tk.RaggedTensor.from_row_lengths(x, [1, 2]).to_tensor(default_value=-1.0)
        y = tk.reduce_sum(dense * tk.constant([[1.0, 5.0], [2.0, 3.0]]))
    assert dense.numpy().tolist() == [[1.0, -1.0], [2.0, 3.0]]
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [1.0, 2.0, 3.0])


def test_factories_validate_their_partitions():
    for bad in ([0, 2, 5], [1, 2, 4], [0, 3, 2, 4]):
        with pytest.raises(tk.errors.InvalidArgumentError, match="do not form a valid RaggedTensor"):
            tk.RaggedTensor.from_row_splits([1, 2, 3, 4], bad)
    assert tk.RaggedTensor.from_row_splits([1, 2], [0, 1, 3], validate=False).nrows().numpy() == 2


def test_nested_ragged_indexing_and_shapes():
    d = tk.ragged.constant([[[1, 2], [3]], [[4]]])
    assert d.shape.as_list() == [2, None, None] and d.ragged_rank == 2
    assert d[0].to_list() == [[1, 2], [3]] and int(d[0, 0, 1]) == 2
    assert d.bounding_shape().numpy().tolist() == [2, 2, 2]
    assert len(d.nested_row_splits) == 2
