"""Orthogonal, keras.random.gamma/binomial/beta, Dataset.random and sample_from_datasets: their properties.

TF 2.21's numbers, bit for bit, are compared by the recorded cases tests/tf_cases/random/sweep_*.py,
keras_orthogonal.py, keras_gamma_binomial_beta.py and data_sample_from_datasets.py; these tests check
what must hold whatever the seed.
"""

import numpy as np
import pytest

import tapekit as tk
from tapekit import keras


@pytest.mark.parametrize("shape", [(5, 4), (4, 5), (3, 2, 4)])
def test_orthogonal_gives_orthonormal_columns_or_rows_times_gain(shape):
    q = np.asarray(keras.initializers.Orthogonal(gain=1.5, seed=3)(shape)).reshape(-1, shape[-1])
    small = q.T @ q if q.shape[0] >= q.shape[1] else q @ q.T
    np.testing.assert_allclose(small, 2.25 * np.eye(small.shape[0]), atol=1e-5)
    assert np.array_equal(q, np.asarray(keras.initializers.Orthogonal(gain=1.5, seed=3)(shape)).reshape(q.shape))


def test_orthogonal_refuses_a_vector():
    with pytest.raises(ValueError, match="at least two-dimensional"):
        keras.initializers.Orthogonal(seed=1)((3,))


def test_gamma_binomial_beta_keep_their_ranges_and_means():
    gamma = np.asarray(keras.random.gamma((4000,), 3.0, seed=1))
    binomial = np.asarray(keras.random.binomial((4000,), 10, 0.3, seed=2))
    beta = np.asarray(keras.random.beta((4000,), 2.0, 6.0, seed=3))
    assert gamma.min() > 0 and abs(gamma.mean() - 3.0) < 0.15
    assert set(np.unique(binomial)) <= set(range(11)) and abs(binomial.mean() - 3.0) < 0.15
    assert 0 < beta.min() and beta.max() < 1 and abs(beta.mean() - 0.25) < 0.02
    assert binomial.dtype == np.float32


def test_a_seed_generator_moves_on_and_an_int_seed_repeats():
    generator = keras.random.SeedGenerator(4)
    first, second = (np.asarray(keras.random.beta((5,), 1.0, 1.0, seed=generator)) for _ in range(2))
    assert not np.array_equal(first, second)
    assert np.array_equal(np.asarray(keras.random.gamma((5,), 1.0, seed=7)),
                          np.asarray(keras.random.gamma((5,), 1.0, seed=7)))


def test_dataset_random_repeats_per_epoch_unless_rerandomized():
    fixed = tk.data.Dataset.random(seed=5).take(4)
    assert list(fixed.as_numpy_iterator()) == list(fixed.as_numpy_iterator())
    moving = tk.data.Dataset.random(seed=5, rerandomize_each_iteration=True).take(4)
    assert list(moving.as_numpy_iterator()) != list(moving.as_numpy_iterator())
    assert all(0 <= v < 2**32 for v in fixed.as_numpy_iterator())
    assert fixed.element_spec == tk.TensorSpec([], tk.int64)


def test_sample_from_datasets_keeps_every_element_once_and_follows_weights():
    a, b = tk.data.Dataset.range(0, 300), tk.data.Dataset.range(1000, 1100)
    values = [int(v) for v in tk.data.Dataset.sample_from_datasets([a, b], [0.75, 0.25], seed=2)]
    assert sorted(values) == list(range(300)) + list(range(1000, 1100))
    first_half = values[:200]
    assert 0.6 < sum(v < 1000 for v in first_half) / 200 < 0.9
    only_a = tk.data.Dataset.sample_from_datasets([a.take(5), b], [1.0, 0.0], seed=1)
    assert [int(v) for v in only_a] == [0, 1, 2, 3, 4]


def test_sample_from_datasets_refuses_bad_weights_without_changing_anything():
    a = tk.data.Dataset.range(3)
    with pytest.raises(ValueError, match="same length"):
        tk.data.Dataset.sample_from_datasets([a, a], [1.0])
    with pytest.raises(TypeError, match="float32"):
        tk.data.Dataset.sample_from_datasets([a, a], tk.constant([1, 2]))
    with pytest.raises(ValueError, match="should not be empty"):
        tk.data.Dataset.sample_from_datasets([])


def test_pad_to_bucket_boundary_pads_to_the_boundary_minus_one():
    rows = tk.data.Dataset.from_generator(lambda: iter([[1], [2, 2], [3, 3, 3]]),
                                          output_signature=tk.TensorSpec([None], tk.int32))
    batches = rows.bucket_by_sequence_length(lambda x: tk.size(x), [5], [3, 1], pad_to_bucket_boundary=True)
    assert [b.shape.as_list() for b in batches] == [[3, 4]]
    too_long = rows.bucket_by_sequence_length(lambda x: tk.size(x), [2], [3, 3], pad_to_bucket_boundary=True)
    with pytest.raises(tk.errors.InternalError, match="pad_to_bucket_boundary"):
        list(too_long)
