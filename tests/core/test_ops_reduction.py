"""Reductions, cumulative ops and arg-reductions: values, axes, gradients and TF's conventions."""

import numpy as np
import pytest

import tapekit as tk
from helpers import grads, second

DTYPES = [np.float32, np.float64]
AXES = [None, 0, -1, [0, 2], (-1, -3), [1]]


REDUCERS = {
    "sum": (tk.reduce_sum, np.sum), "mean": (tk.reduce_mean, np.mean), "max": (tk.reduce_max, np.max),
    "min": (tk.reduce_min, np.min), "prod": (tk.reduce_prod, np.prod),
    "variance": (tk.math.reduce_variance, np.var), "std": (tk.math.reduce_std, np.std),
    "logsumexp": (tk.reduce_logsumexp, lambda v, axis, keepdims: np.log(np.sum(np.exp(v), axis=axis,
                                                                               keepdims=keepdims))),
}


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("name", sorted(REDUCERS))
def test_reduction_values_match_numpy(name, axis, keepdims, rng):
    op, ref = REDUCERS[name]
    x = rng.uniform(0.5, 1.5, size=(2, 3, 4))
    np_axis = tuple(axis) if isinstance(axis, list) else axis
    out = op(tk.constant(x), axis=axis, keepdims=keepdims)
    np.testing.assert_allclose(out.numpy(), ref(x, axis=np_axis, keepdims=keepdims), rtol=1e-10)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [None, 1, [0, -1]])
@pytest.mark.parametrize("name", sorted(REDUCERS))
def test_reduction_gradients_match_finite_differences(name, axis, dtype, rng):
    op, _ = REDUCERS[name]
    x = rng.uniform(0.5, 1.5, size=(2, 3, 2)).astype(dtype)  # distinct values: no ties
    tk.test.check_gradients(lambda v: op(v, axis=axis), x)
    tk.test.check_gradients(lambda v: op(v, axis=axis, keepdims=True), x)


def test_reduce_max_and_min_split_ties_evenly():
    _, (g,) = grads(tk.reduce_max, [1.0, 3.0, 3.0, 2.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.5, 0.5, 0.0])
    _, (g,) = grads(lambda x: tk.reduce_min(x, axis=1), [[1.0, 1.0, 1.0], [0.0, 2.0, 3.0]])
    np.testing.assert_allclose(g.numpy(), [[1 / 3, 1 / 3, 1 / 3], [1.0, 0.0, 0.0]])


def test_reduce_prod_gradient_with_zeros_and_second_derivative_like_tf():
    y, (g,) = grads(tk.reduce_prod, [0.0, 2.0, 3.0])
    assert y.numpy() == 0.0
    np.testing.assert_array_equal(g.numpy(), [6.0, 0.0, 0.0])
    _, (g,) = grads(tk.reduce_prod, [0.0, 0.0, 3.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0, 0.0])
    d1, d2 = second(tk.reduce_prod, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(d1.numpy(), [6.0, 3.0, 2.0])
    np.testing.assert_array_equal(d2.numpy(), [5.0, 4.0, 3.0])
    _, d2 = second(tk.reduce_prod, [0.0, 2.0, 3.0])  # TF's values (divide_no_nan in the cumprod rule)
    np.testing.assert_array_equal(d2.numpy(), [0.0, 3.0, 2.0])


@pytest.mark.parametrize("dtype", DTYPES)
def test_reduce_prod_second_derivative_matches_finite_differences(dtype, rng):
    x = rng.uniform(0.5, 1.5, size=(2, 3)).astype(dtype)

    def first(v):
        with tk.GradientTape() as tape:
            tape.watch(v)
            y = tk.reduce_prod(v, axis=1)
        return tape.gradient(y, v)

    tk.test.check_gradients(first, x)


@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("dtype", DTYPES)
def test_cumsum_and_cumprod(exclusive, reverse, dtype, rng):
    x = rng.uniform(0.5, 1.5, size=(2, 3)).astype(dtype)
    for op, ref in ((tk.cumsum, np.cumsum), (tk.math.cumprod, np.cumprod)):
        out = op(tk.constant(x), axis=-1, exclusive=exclusive, reverse=reverse).numpy()
        v = x[:, ::-1] if reverse else x
        want = ref(v, axis=-1)
        if exclusive:
            want = np.concatenate([np.full((2, 1), 0.0 if op is tk.cumsum else 1.0), want[:, :-1]], -1)
        want = want[:, ::-1] if reverse else want
        np.testing.assert_allclose(out, want, rtol=1e-6)
        tk.test.check_gradients(lambda t, op=op: op(t, axis=1, exclusive=exclusive, reverse=reverse), x)


def test_cumprod_gradient_at_zero_matches_tf():
    _, (g,) = grads(tk.math.cumprod, [2.0, 0.0, 4.0])
    np.testing.assert_array_equal(g.numpy(), [1.0, 0.0, 0.0])
    _, (g,) = grads(lambda x: tk.math.cumprod(x, exclusive=True), [2.0, 3.0, 4.0])
    np.testing.assert_array_equal(g.numpy(), [4.0, 2.0, 0.0])


def test_logsumexp_is_stable_and_variance_known_values():
    y, (g,) = grads(tk.reduce_logsumexp, [1000.0, 1000.0])
    assert y.numpy() == pytest.approx(1000.0 + np.log(2.0))
    np.testing.assert_allclose(g.numpy(), [0.5, 0.5])
    y, (g,) = grads(tk.math.reduce_variance, [1.0, 2.0, 4.0])
    assert y.numpy() == pytest.approx(14 / 9, rel=1e-6)
    np.testing.assert_allclose(g.numpy(), [-8 / 9, -2 / 9, 10 / 9], rtol=1e-6)
    assert tk.math.reduce_std([1.0, 2.0, 4.0]).numpy() == pytest.approx(1.2472192)


def test_integer_and_bool_reductions_like_tf():
    assert tk.reduce_mean([1, 2]).numpy() == 1
    assert tk.reduce_mean([-1, -2]).numpy() == -1  # truncation toward zero
    assert tk.reduce_sum(tk.constant([1, 2], tk.int64)).dtype == tk.int64
    assert tk.reduce_all([True, False]).numpy() == False  # noqa: E712
    assert tk.reduce_any([[False], [True]], axis=0).numpy().tolist() == [True]
    for op in (tk.reduce_sum, tk.reduce_max, tk.reduce_prod, tk.reduce_mean):
        with pytest.raises(tk.errors.InvalidArgumentError, match="Value for attr 'T' of bool"):
            op([True, False])
    with pytest.raises(TypeError, match="Input must be either real or complex. Received integer type"):
        tk.math.reduce_std([1, 2, 4])


def test_empty_reductions_give_the_identity():
    assert tk.reduce_max(tk.zeros([0])).numpy() == -np.inf
    assert tk.reduce_min(tk.zeros([0], tk.int32)).numpy() == 2147483647
    assert tk.reduce_sum(tk.zeros([0])).numpy() == 0.0
    assert np.isnan(tk.reduce_mean(tk.zeros([0])).numpy())


def test_bad_axis_raises_and_records_nothing():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        with pytest.raises(tk.errors.InvalidArgumentError,
                           match=r"Invalid reduction dimension \(2 for input with 1 dimension\(s\) \[Op:Sum\]"):
            tk.reduce_sum(x, axis=2)
        assert len(tape._entries) == 0


def test_argmax_argmin_values_and_no_gradient():
    x = [[1.0, 5.0], [3.0, 4.0]]
    assert tk.argmax(x).numpy().tolist() == [1, 0]
    assert tk.argmax(x).dtype == tk.int64
    out = tk.argmin(x, axis=-1, output_type=tk.int32)
    assert out.numpy().tolist() == [0, 0] and out.dtype == tk.int32
    assert tk.argmax([1, 3, 3]).numpy() == 1  # first of the ties
    _, (g,) = grads(lambda v: tk.cast(tk.argmax(v), tk.float32), [1.0, 2.0])
    assert g is None
