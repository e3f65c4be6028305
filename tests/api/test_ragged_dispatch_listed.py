"""Ragged gather along inner axes and with batch_dims, unsorted_segment_* of ragged data, bincount,
scalar_mul, saturate_cast and check_numerics: gradients against finite differences, bad calls that
raise TF's exception type and leave their inputs as they were.
(Values against TF: tests/tf_cases/api/ragged_dispatch_listed.py.)"""

import numpy as np
import pytest
from helpers import numeric_gradient

import tapekit as tk

LENGTHS = [2, 1, 0, 3]
VALUES = np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1])
WEIGHTS = 1.5 * np.cos(np.arange(40.0)) + 0.25  # a different weight for each result value


def _gradient_and_numeric(loss_of_values):
    x = tk.constant(VALUES)
    with tk.GradientTape() as tape:
        tape.watch(x)
        loss = loss_of_values(x)
    return tk.convert_to_tensor(tape.gradient(loss, x)).numpy(), numeric_gradient(
        lambda v: loss_of_values(tk.constant(v)).numpy(), VALUES
    )


def _weighted(result) -> tk.Tensor:
    flat = tk.reshape(result.flat_values if isinstance(result, tk.RaggedTensor) else result, [-1])
    return tk.reduce_sum(flat * tk.constant(WEIGHTS[: int(tk.size(flat))]))


@pytest.mark.parametrize(
    "gather",
    [
        lambda rows: tk.gather(rows, [1, 0, 1], axis=1),
        lambda rows: tk.gather(rows, tk.ragged.constant([[1, 1], [0], [], [2, 0, 1]]), batch_dims=1),
        lambda rows: tk.gather(rows, tk.ragged.constant([[0, 1], [0]]), axis=1),
        lambda rows: tk.gather(rows, [[0, 3], [3, 1]]),
    ],
    ids=["axis 1", "batch_dims 1", "ragged indices along axis 1", "2-D indices along axis 0"],
)
def test_ragged_gather_gradient_matches_finite_differences(gather):
    analytic, numeric = _gradient_and_numeric(lambda v: _weighted(gather(tk.RaggedTensor.from_row_lengths(v, LENGTHS))))
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_gather_inside_the_rows_of_a_two_level_ragged_tensor_reads_each_inner_row():
    r3 = tk.ragged.constant([[[1.0, 2.0], [3.0]], [[4.0]], [[5.0, 6.0, 7.0], [8.0]]])
    assert tk.gather(r3, [0], axis=2).to_list() == [[[1.0], [3.0]], [[4.0]], [[5.0], [8.0]]]
    assert tk.gather(r3, [1, 0]).to_list() == [[[4.0]], [[1.0, 2.0], [3.0]]]


@pytest.mark.parametrize(
    "name",
    [
        "unsorted_segment_sum",
        "unsorted_segment_mean",
        "unsorted_segment_max",
        "unsorted_segment_min",
        "unsorted_segment_prod",
        "unsorted_segment_sqrt_n",
    ],
)
def test_ragged_unsorted_segment_gradient_matches_finite_differences(name):
    op = getattr(tk.math, name)
    analytic, numeric = _gradient_and_numeric(
        lambda v: _weighted(op(tk.RaggedTensor.from_row_lengths(v, LENGTHS), [1, 0, 1, 1], 3))
    )
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_unsorted_segment_joins_rows_position_by_position():
    rows = tk.ragged.constant([[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]])
    assert tk.math.unsorted_segment_sum(rows, [1, 0, 1, 0], 3).to_list() == [[7.0, 5.0, 6.0], [1.0, 2.0], []]
    assert tk.math.unsorted_segment_mean(rows, [1, 0, 1, 0], 3).to_list() == [[3.5, 5.0, 6.0], [1.0, 2.0], []]


def test_scalar_mul_of_a_ragged_tensor_scales_its_values_and_its_gradient():
    analytic, numeric = _gradient_and_numeric(
        lambda v: _weighted(tk.math.scalar_mul(2.5, tk.RaggedTensor.from_row_lengths(v, LENGTHS)))
    )
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_bincount_per_row_counts_each_row_and_drops_values_past_maxlength():
    rows = tk.ragged.constant([[1, 2, 2], [0], [], [5, 1]])
    per_row = tk.math.bincount(rows, axis=-1, maxlength=3)
    np.testing.assert_array_equal(per_row.numpy(), [[0, 1, 2], [1, 0, 0], [0, 0, 0], [0, 1, 0]])
    weights = tk.ragged.constant([[1.0, 2.0, 3.0], [4.0], [], [5.0, 6.0]])
    np.testing.assert_allclose(tk.math.bincount(rows, weights=weights).numpy(), [4.0, 7.0, 5.0, 0.0, 0.0, 5.0])


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda r: tk.gather(r, [0], axis=2), ValueError),
        (lambda r: tk.gather(r, [7], axis=1), tk.errors.InvalidArgumentError),
        (lambda r: tk.gather(r, [0.5], axis=1), tk.errors.InvalidArgumentError),
        (lambda r: tk.gather(r, tk.ragged.constant([[0], [0]]), batch_dims=1), ValueError),
        (lambda r: tk.gather(r, tk.ragged.constant([[0], [0], [], [0]]), axis=0, batch_dims=1), ValueError),
        (lambda r: tk.math.unsorted_segment_sum(r, [0, 1], 2), tk.errors.InvalidArgumentError),
        (lambda r: tk.math.unsorted_segment_sum(r, [0, 5, 1, 0], 2), tk.errors.InvalidArgumentError),
        (lambda r: tk.math.unsorted_segment_sum(r, [0, -1, 1, 0], 2), tk.errors.InvalidArgumentError),
        (lambda r: tk.math.unsorted_segment_sum(r, [0.0, 1.0, 1.0, 0.0], 2), ValueError),
        (
            lambda r: tk.math.unsorted_segment_sum(r, tk.ragged.constant([[0], [1], [], [0, 0, 2]]), 3),
            tk.errors.InvalidArgumentError,
        ),
        (lambda r: tk.math.bincount(tk.cast(r, tk.int32), weights=[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), ValueError),
        (lambda r: tk.math.bincount(tk.cast(r, tk.int32) - 3), tk.errors.InvalidArgumentError),
        (lambda r: tk.debugging.check_numerics(r / 0.0, "bad"), tk.errors.InvalidArgumentError),
        (lambda r: tk.math.scalar_mul(r, 2.0), ValueError),
    ],
    ids=[
        "axis out of bounds",
        "index past the values",
        "float indices",
        "batch rows differ",
        "axis < batch_dims",
        "too few segment ids",
        "segment id too big",
        "negative segment id",
        "float segment ids",
        "ragged ids with other rows",
        "dense weights",
        "negative bincount",
        "check_numerics",
        "ragged scalar",
    ],
)
def test_bad_ragged_calls_raise_tf_types_and_leave_the_input_as_it_was(call, error):
    rows = tk.ragged.constant([[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]])
    before = rows.to_list()
    with pytest.raises(error) as caught:
        call(rows)
    assert str(caught.value).strip()
    assert rows.to_list() == before


@pytest.mark.parametrize("kind", ["sum", "mean", "max", "prod"])
@pytest.mark.parametrize("axis, keepdims", [(0, False), (1, False), (0, True), (1, True), ([0, 1, 2], False)])
def test_reducing_the_outer_axes_of_three_ragged_axes_matches_finite_differences(kind, axis, keepdims):
    reduce = getattr(tk, f"reduce_{kind}")

    def loss(v):
        r4 = tk.RaggedTensor.from_nested_row_lengths(v, [[2, 1], [1, 2, 1], [1, 2, 0, 3]])
        return _weighted(reduce(r4, axis=axis, keepdims=keepdims))

    analytic, numeric = _gradient_and_numeric(loss)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_reducing_axis_0_of_three_ragged_axes_combines_the_rows_value_by_value():
    r4 = tk.ragged.constant([[[[1.], [2., 3.]], [[4.]]], [[[5., 6.]]], [[[7.], [8.], [9., 10.]]]])
    assert tk.reduce_sum(r4, axis=0).to_list() == [[[13., 6.], [10., 3.], [9., 10.]], [[4.]]]
    assert tk.reduce_max(r4, axis=1).to_list() == [[[4.], [2., 3.]], [[5., 6.]], [[7.], [8.], [9., 10.]]]


def test_ragged_batch_matmul_gradient_matches_finite_differences():
    other = tk.constant(np.array([[[1.0], [2.0]], [[0.5], [-1.0]]]))

    def loss(v):
        rows = tk.RaggedTensor.from_row_lengths(tk.reshape(v, [3, 2]), [1, 2])   # a batch of 2 matrices, 1 and 2 rows
        return _weighted(tk.matmul(rows, other))

    analytic, numeric = _gradient_and_numeric(loss)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_matmul_of_a_ragged_matrix_with_rows_of_different_lengths_raises_and_concat_checks_its_axis():
    rows = tk.ragged.constant([[1.0, 2.0], [3.0]])
    with pytest.raises(tk.errors.InvalidArgumentError, match="may not be ragged in their innermost"):
        tk.matmul(rows, tk.constant([[1.0], [2.0]]))
    with pytest.raises(ValueError, match="out of bounds"):
        tk.concat([rows, rows], 2)
    assert rows.to_list() == [[1.0, 2.0], [3.0]]


def test_as_string_keeps_the_rows_and_format_writes_a_ragged_tensor_as_tf():
    rows = tk.ragged.constant([[1.5, 2.0], [], [3.0]])
    assert tk.strings.as_string(rows, precision=1).to_list() == [[b"1.5", b"2.0"], [], [b"3.0"]]
    assert tk.strings.format("x={}", rows).numpy() == b"x=[[1.500000, 2.000000], [], [3.000000]]"
    with pytest.raises(tk.errors.InvalidArgumentError, match="Fill argument not supported"):
        tk.strings.as_string(rows, width=4, fill="x")


def test_embedding_lookup_of_ragged_ids_and_stack_dynamic_partitions_match_finite_differences():
    ids = tk.ragged.constant([[0, 2], [1], [], [2, 2, 0]])

    def lookup_loss(v):
        return _weighted(tk.nn.embedding_lookup(tk.reshape(v, [3, 2]), ids))

    def partition_loss(v):
        return _weighted(tk.ragged.stack_dynamic_partitions(v, [1, 0, 1, 1, 2, 0], 4))

    for loss in (lookup_loss, partition_loss):
        analytic, numeric = _gradient_and_numeric(loss)
        np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_row_partition_methods_newaxis_ellipsis_and_truth_value():
    r3 = tk.ragged.constant([[[1, 2], [3]], [[4]], [[5, 6, 7], [], [8]]])
    assert [t.numpy().tolist() for t in r3.nested_row_lengths()] == [[2, 1, 3], [2, 1, 1, 3, 0, 1]]
    assert [t.numpy().tolist() for t in r3.nested_value_rowids()] == [[0, 0, 1, 2, 2, 2], [0, 0, 1, 2, 3, 3, 3, 5]]
    assert r3.with_row_splits_dtype(tk.int32).values.row_splits.dtype == tk.int32
    rows = tk.ragged.constant([[1.0, 2.0], [3.0]])
    assert rows[tk.newaxis, 1:].to_list() == [[[3.0]]]
    assert rows[:, tk.newaxis].to_list() == [[[1.0, 2.0]], [[3.0]]]
    assert rows[..., :1].to_list() == [[1.0], [3.0]]
    with pytest.raises(ValueError, match="Cannot index into an inner ragged dimension"):
        rows[..., 0]
    with pytest.raises(TypeError, match="may not be used as a boolean"):
        bool(rows)
    assert (rows == [[1.0, 2.0], [3.0]]) is False


@pytest.mark.parametrize("call, error", [
    (lambda r: tk.reduce_sum(r, axis=1.5), TypeError),
    (lambda r: tk.reduce_sum(r, axis=[1, 1]), tk.errors.InvalidArgumentError),
    (lambda r: tk.tile(r, [1.5, 1]), TypeError),
    (lambda r: tk.reverse(r, [3]), ValueError),
    (lambda r: tk.expand_dims(r, 5), ValueError),
    (lambda r: tk.ragged.boolean_mask(r, [True, False]), ValueError),
    (lambda r: r.with_values(tk.constant([1.0, 2.0])), ValueError),
    (lambda r: tk.where(r > 1.0, r, tk.ragged.constant([[1.0]])), tk.errors.InvalidArgumentError),
    (lambda r: tk.concat([r, tk.ragged.constant([[[1]]])], 0), ValueError),
    (lambda r: tk.RaggedTensor.from_row_splits(r.flat_values, [0.0, 6.0]), ValueError),
    (lambda r: tk.ragged.range([0], [3], [0]), tk.errors.InvalidArgumentError),
    (lambda r: tk.ragged.constant(r.to_list(), ragged_rank=3), ValueError),
], ids=["float axis", "axis twice", "float multiples", "reverse axis", "expand_dims axis", "mask length",
        "values count", "where rows", "concat ranks", "float splits", "zero delta", "ragged_rank too big"])
def test_calls_that_returned_values_before_now_raise_tf_types_and_leave_the_input(call, error):
    rows = tk.ragged.constant([[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]])
    with pytest.raises(error):
        call(rows)
    assert rows.to_list() == [[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]]


def test_rows_sliced_with_a_step_and_row_lengths_of_axis_0():
    rows = tk.ragged.constant([[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]])
    assert rows[::2].to_list() == [[1.0, 2.0], []]
    assert rows[::-1].to_list() == [[4.0, 5.0, 6.0], [], [3.0], [1.0, 2.0]]
    assert int(rows.row_lengths(axis=0)) == 4


@pytest.mark.parametrize("op", [
    lambda r: tk.tile(r, [2, 1, 1]),
    lambda r: tk.tile(r, [1, 2, 2]),
    lambda r: tk.reverse(r, [0, 1]),
    lambda r: tk.reverse(r, [2]),
], ids=["tile rows", "tile inner rows and values", "reverse rows and inner rows", "reverse values"])
def test_tile_and_reverse_of_two_ragged_axes_match_finite_differences(op):
    def loss(v):
        return _weighted(op(tk.RaggedTensor.from_nested_row_lengths(v, [[2, 1], [2, 1, 3]])))

    analytic, numeric = _gradient_and_numeric(loss)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)


def test_gather_nd_into_two_ragged_axes_matches_finite_differences():
    def loss(v):
        r3 = tk.RaggedTensor.from_nested_row_lengths(v, [[2, 1], [2, 1, 3]])
        return _weighted(tk.gather_nd(r3, [[1, 0], [0, 1], [0, 0]])) + _weighted(tk.gather_nd(r3, [[1, 0, 2]]))

    analytic, numeric = _gradient_and_numeric(loss)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-6, atol=1e-9)
