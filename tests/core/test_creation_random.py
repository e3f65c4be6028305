"""Creation ops (zeros, ones, fill, range, linspace, eye, one_hot) and tk.random."""

import numpy as np
import pytest

import tapekit as tk


# ---------- tk.random ----------
def test_set_seed_reproduces_a_sequence():
    tk.random.set_seed(7)
    a, b = tk.random.normal([3]), tk.random.uniform([2, 2])
    tk.random.set_seed(7)
    c, d = tk.random.normal([3]), tk.random.uniform([2, 2])
    np.testing.assert_array_equal(a.numpy(), c.numpy())
    np.testing.assert_array_equal(b.numpy(), d.numpy())
    assert not np.array_equal(a.numpy(), tk.random.normal([3]).numpy())


def test_op_seed_combines_with_global_seed_and_advances():
    tk.random.set_seed(1)
    a, b = tk.random.normal([4], seed=5), tk.random.normal([4], seed=5)
    assert not np.array_equal(a.numpy(), b.numpy())     # same op seed, next draw differs (as TF)
    tk.random.set_seed(1)
    np.testing.assert_array_equal(tk.random.normal([4], seed=5).numpy(), a.numpy())
    tk.random.set_seed(2)
    assert not np.array_equal(tk.random.normal([4], seed=5).numpy(), a.numpy())


def test_normal_statistics_and_dtype():
    tk.random.set_seed(0)
    x = tk.random.normal([20000], mean=3.0, stddev=2.0, dtype=tk.float64)
    assert x.dtype == tk.float64 and x.shape == tk.TensorShape([20000])
    assert abs(x.numpy().mean() - 3.0) < 0.05 and abs(x.numpy().std() - 2.0) < 0.05
    assert tk.random.normal([]).shape == tk.TensorShape([])
    assert tk.random.normal(tk.constant([2, 3])).shape == tk.TensorShape([2, 3])


def test_truncated_normal_within_two_stddev():
    x = tk.random.truncated_normal([5000], mean=1.0, stddev=0.5).numpy()
    assert x.dtype == np.float32 and np.all(np.abs(x - 1.0) <= 1.0)


def test_uniform_ranges_and_int_dtypes():
    x = tk.random.uniform([1000], 2.0, 3.0).numpy()
    assert x.dtype == np.float32 and x.min() >= 2.0 and x.max() < 3.0
    i = tk.random.uniform([1000], maxval=10, dtype=tk.int64)
    assert i.dtype == tk.int64 and set(np.unique(i.numpy())) <= set(range(10))
    with pytest.raises(ValueError, match="Must specify maxval for integer dtype tk.int32"):
        tk.random.uniform([2], dtype=tk.int32)
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        tk.random.uniform([2], minval=1.5, maxval=3, dtype=tk.int32)
    with pytest.raises(tk.errors.InvalidArgumentError, match="Need minval < maxval, got 3 >= 1"):
        tk.random.uniform([2], minval=3, maxval=1, dtype=tk.int32)
    with pytest.raises(TypeError, match="Cannot convert 0.0 to EagerTensor of dtype int32"):
        tk.random.normal([2], dtype=tk.int32)


def test_shuffle_permutes_first_axis_and_has_no_gradient():
    x = tk.constant([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0]])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.random.shuffle(x)
    assert sorted(y.numpy()[:, 0].tolist()) == [1.0, 2.0, 3.0, 4.0]
    np.testing.assert_array_equal(y.numpy()[:, 0], y.numpy()[:, 1])
    assert tape.gradient(y, x) is None


# ---------- creation ----------
def test_zeros_ones_fill_like():
    z = tk.zeros([2, 3], dtype=tk.int32)
    assert z.dtype is tk.int32 and z.numpy().tolist() == [[0, 0, 0], [0, 0, 0]]
    assert repr(tk.zeros(())) == "<tk.Tensor: shape=(), dtype=float32, numpy=0.0>"
    assert tk.zeros(tk.constant([2])).shape == tk.TensorShape([2])
    assert tk.ones_like(tk.constant([1, 2]), dtype=tk.float32).dtype is tk.float32
    assert tk.zeros_like([1.0, 2.0]).dtype is tk.float32
    assert tk.fill([2, 2], 7).dtype is tk.int32 and tk.fill([2], 7.5).numpy().tolist() == [7.5, 7.5]


@pytest.mark.parametrize("args, kwargs, values, dtype", [
    ((5,), {}, [0, 1, 2, 3, 4], tk.int32),
    ((1, 4, 0.5), {}, [1, 1.5, 2, 2.5, 3, 3.5], tk.float32),
    ((5,), {"dtype": tk.float32}, [0, 1, 2, 3, 4], tk.float32),
    ((10, 0, -3), {}, [10, 7, 4, 1], tk.int32),
    ((2.5,), {}, [0, 1, 2], tk.float32),
])
def test_range(args, kwargs, values, dtype):
    t = tk.range(*args, **kwargs)
    assert t.dtype is dtype and t.numpy().tolist() == values
    assert tk.range(tk.constant(5, dtype=tk.int64)).dtype is tk.int64


def test_range_zero_delta_raises():
    with pytest.raises(tk.errors.InvalidArgumentError, match="Requires delta != 0: 0"):
        tk.range(0, 1, 0)


def test_linspace_eye_one_hot():
    assert tk.linspace(0.0, 1.0, 5).numpy().tolist() == [0, 0.25, 0.5, 0.75, 1]
    assert tk.linspace(0, 1, 3).dtype is tk.float64
    assert tk.eye(2, 3).numpy().tolist() == [[1, 0, 0], [0, 1, 0]]
    assert tk.eye(2, batch_shape=[2], dtype=tk.int32).shape == tk.TensorShape([2, 2, 2])
    assert tk.one_hot([0, 2, -1], 3).numpy().tolist() == [[1, 0, 0], [0, 0, 1], [0, 0, 0]]
    oh = tk.one_hot([[0, 1]], 3, on_value=5, off_value=-1)
    assert oh.dtype is tk.int32 and oh.numpy().tolist() == [[[5, -1, -1], [-1, 5, -1]]]
    assert tk.one_hot([0, 1], 3, axis=0).numpy().tolist() == [[1, 0], [0, 1], [0, 0]]
    assert tk.one_hot([0, 1], 3, dtype=tk.int64).dtype is tk.int64
    assert tk.one_hot(tk.constant(1), 3, on_value=2.0, off_value=0.5, dtype=tk.float64).numpy().tolist() == \
        [0.5, 2.0, 0.5]
    with pytest.raises(tk.errors.InvalidArgumentError, match="Value for attr 'TI' of float"):
        tk.one_hot([0.0], 3)
