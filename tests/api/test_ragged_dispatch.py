"""Ragged dispatch (tile, reverse, map_fn), DynamicRaggedShape, and composite dataset elements.

TF's values are checked by the recorded cases (tests/tf_cases/api/ragged_*.py, data_*.py); here:
gradients against finite differences, bad input, and what the cases cannot print.
"""

import numpy as np
import pytest

import tapekit as tk

LENGTHS = [2, 0, 3, 1]


def _ragged(x):
    return tk.RaggedTensor.from_row_lengths(x, LENGTHS)


def _weights(n):
    return tk.constant(np.linspace(0.5, 2.0, n))


@pytest.mark.parametrize("build", [
    lambda r: tk.tile(r, [2, 3]),
    lambda r: tk.reverse(r, [1]),
    lambda r: tk.reverse(r, [0, 1]),
    lambda r: tk.map_fn(lambda row: row * row, r),
])
def test_ragged_ops_gradients_match_finite_differences(build):
    def f(x):
        out = build(_ragged(x))
        return tk.reduce_sum(out.flat_values * _weights(int(out.flat_values.shape[0])))

    tk.test.check_gradients(f, np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1]))


def test_shape_ops_gradients_match_finite_differences():
    shape = tk.shape(_ragged(tk.zeros([6])))

    def reshaped(x):
        return tk.reduce_sum(tk.reshape(x * x, shape).flat_values * _weights(6))

    def broadcast(x):
        return tk.reduce_sum(tk.broadcast_to(tk.reshape(x, [4, 1]), shape).flat_values * _weights(6))

    tk.test.check_gradients(reshaped, np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1]))
    tk.test.check_gradients(broadcast, np.array([0.3, -1.2, 2.0, 0.7]))


def test_tile_and_reverse_refuse_what_they_cannot_do():
    r = tk.ragged.constant([[1, 2], [3]])
    with pytest.raises(IndexError, match="multiples"):
        tk.tile(r, [1])
    with pytest.raises(tk.errors.InvalidArgumentError, match="multiples >= 0"):
        tk.tile(r, [1, -1])
    deep = tk.ragged.constant([[[1], [2, 3]], [[4]]])
    assert tk.tile(deep, [1, 1, 1]).to_list() == deep.to_list()   # two ragged axes: as TF (api/ragged_two_axes_ops)
    assert tk.reverse(deep, [0]).to_list() == [[[4]], [[1], [2, 3]]]
    assert tk.reverse(deep, [2]).to_list() == [[[1], [3, 2]], [[4]]]
    assert r.to_list() == [[1, 2], [3]]  # the input is left as it was


def test_map_fn_over_ragged_needs_rows_or_a_dense_signature():
    r = tk.ragged.constant([[1, 2], [3]])
    with pytest.raises(ValueError, match="fn_output_signature"):
        tk.map_fn(tk.reduce_sum, r)
    assert tk.map_fn(tk.reduce_sum, r, fn_output_signature=tk.int32).numpy().tolist() == [3, 3]


def test_dynamic_ragged_shape_checks_its_parts():
    partition = tk.experimental.RowPartition.from_row_lengths([2, 1])
    with pytest.raises(ValueError, match="inner_shape"):
        tk.experimental.DynamicRaggedShape([partition], [4])
    with pytest.raises(ValueError, match="row_splits"):
        tk.experimental.RowPartition.from_row_splits([1, 2])
    with pytest.raises(ValueError, match="first length"):
        tk.experimental.DynamicRaggedShape.from_lengths([(1, 2), 3])
    with pytest.raises(ValueError, match="constructor is private"):
        tk.experimental.RowPartition(np.array([0, 1]))
    shape = tk.experimental.DynamicRaggedShape.from_lengths([2, (1, 2), 3])
    assert shape.rank == 3 and shape.num_row_partitions == 1
    assert tk.zeros(shape).flat_values.shape == (3, 3)


def test_uniform_row_length_survives_element_wise_ops():
    r = tk.RaggedTensor.from_uniform_row_length(tk.range(6), 2)
    assert r.shape.as_list() == [3, 2]
    assert (r * 2).shape.as_list() == [3, 2]
    assert tk.ragged.constant([[1], [2, 3]]).uniform_row_length is None


def test_ragged_spec_in_input_signature_passes_the_value_through():
    @tk.function(input_signature=[tk.RaggedTensorSpec(shape=[None, None], dtype=tk.float32)])
    def total(rt):
        return tk.reduce_sum(rt)

    assert float(total(tk.ragged.constant([[1.0, 2.0], [3.0]]))) == 6.0
    with pytest.raises(TypeError, match="RaggedTensorSpec"):
        total(tk.ragged.constant([[1, 2]]))


def test_dataset_specs_of_composite_elements():
    ds = tk.data.Dataset.from_tensor_slices(tk.ragged.constant([[1, 2], [3], [4, 5, 6]]))
    assert ds.element_spec == tk.RaggedTensorSpec([None], tk.int32, 0)
    assert ds.batch(2).element_spec == tk.RaggedTensorSpec([None, None], tk.int32, 1)
    assert ds.batch(2, drop_remainder=True).element_spec == tk.RaggedTensorSpec([2, None], tk.int32, 1)
    assert ds.batch(2).unbatch().element_spec == tk.RaggedTensorSpec([None], tk.int32, 0)
    assert [len(e) for e in ds.batch(2).unbatch()] == [2, 1, 3]
    ranges = tk.data.Dataset.range(1, 4).map(tk.range).ragged_batch(2)
    assert ranges.element_spec == tk.RaggedTensorSpec([None, None], tk.int64, 1)
    assert [e.to_list() for e in ranges] == [[[0], [0, 1]], [[0, 1, 2]]]
    sparse = tk.sparse.from_dense(tk.constant([[0, 1], [2, 0], [0, 0]]))
    batched = tk.data.Dataset.from_tensor_slices(sparse).batch(2)
    assert batched.element_spec == tk.SparseTensorSpec([None, 2], tk.int32)
    dense = [tk.sparse.to_dense(e).numpy().tolist() for e in batched]
    assert dense == [[[0, 1], [2, 0]], [[0, 0]]]
