"""tk.nn: activations, softmax family, cross-entropies and helpers, checked against TF's values."""

import numpy as np
import pytest

import tapekit as tk
from helpers import grads, second

DTYPES = [np.float32, np.float64]


def away_from_kinks(rng, shape, dtype):
    """Values in [-3, 3] at least 0.2 away from 0 and 6 (the kinks of relu and relu6)."""
    x = rng.uniform(0.2, 3.0, size=shape) * rng.choice([-1.0, 1.0], size=shape)
    return x.astype(dtype)


ACTIVATIONS = {
    "relu": tk.nn.relu, "relu6": tk.nn.relu6, "leaky_relu": tk.nn.leaky_relu, "elu": tk.nn.elu,
    "selu": tk.nn.selu, "gelu": tk.nn.gelu, "gelu_tanh": lambda x: tk.nn.gelu(x, approximate=True),
    "sigmoid": tk.nn.sigmoid, "softplus": tk.nn.softplus, "tanh": tk.nn.tanh,
    "softmax": tk.nn.softmax, "log_softmax": tk.nn.log_softmax,
    "softmax_axis0": lambda x: tk.nn.softmax(x, axis=0), "log_softmax_axis0": lambda x: tk.nn.log_softmax(x, 0),
    "l2_loss": tk.nn.l2_loss,
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(3,), (2, 3)])
@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
def test_activation_gradients_match_finite_differences(name, shape, dtype, rng):
    tk.test.check_gradients(ACTIVATIONS[name], away_from_kinks(rng, shape, dtype))


def test_activation_values_match_tf():
    x = tk.constant([-1.0, 0.0, 3.0])
    np.testing.assert_allclose(tk.nn.elu(x).numpy(), [-0.63212055, 0.0, 3.0], rtol=1e-6)
    np.testing.assert_allclose(tk.nn.selu(x).numpy(), [-1.1113307, 0.0, 3.152103], rtol=1e-6)
    np.testing.assert_allclose(tk.nn.gelu(x).numpy(), [-0.15865526, 0.0, 2.9959502], rtol=1e-6)
    np.testing.assert_allclose(tk.nn.gelu(x, approximate=True).numpy(), [-0.158808, 0.0, 2.9963627], rtol=1e-6)
    np.testing.assert_allclose(tk.nn.leaky_relu(x).numpy(), [-0.2, 0.0, 3.0], rtol=1e-6)
    np.testing.assert_array_equal(tk.nn.relu6([-1.0, 0.0, 3.0, 6.0, 7.0]).numpy(), [0.0, 0.0, 3.0, 6.0, 6.0])


def test_activation_gradients_at_kinks_match_tf():
    _, (g,) = grads(tk.nn.relu, [1.0, -1.0, 0.0])
    np.testing.assert_array_equal(g.numpy(), [1.0, 0.0, 0.0])
    _, (g,) = grads(tk.nn.relu6, [-1.0, 0.0, 3.0, 6.0, 7.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0, 1.0, 0.0, 0.0])
    _, (g,) = grads(tk.nn.leaky_relu, [-1.0, 0.0, 3.0])
    np.testing.assert_allclose(g.numpy(), [0.2, 0.2, 1.0])
    _, (g,) = grads(tk.nn.elu, [-1.0, 0.0, 3.0])
    np.testing.assert_allclose(g.numpy(), [0.36787945, 1.0, 1.0], rtol=1e-6)
    _, (g,) = grads(tk.nn.selu, [-1.0, 0.0, 3.0])
    np.testing.assert_allclose(g.numpy(), [0.64676857, 1.050701, 1.050701], rtol=1e-6)


def test_second_derivatives_of_activations_match_tf():
    _, d2 = second(tk.nn.relu, [1.0, -1.0, 0.0])
    np.testing.assert_array_equal(d2.numpy(), [0.0, 0.0, 0.0])  # zeros, not None, as TF
    _, d2 = second(tk.nn.leaky_relu, [-1.0, 0.0, 3.0])
    np.testing.assert_array_equal(d2.numpy(), [0.0, 0.0, 0.0])
    _, d2 = second(tk.nn.elu, [-1.0, 0.0, 3.0])
    np.testing.assert_allclose(d2.numpy(), [0.36787945, 0.0, 0.0], rtol=1e-6)
    _, d2 = second(lambda x: tk.maximum(x, 0.0), [1.0, 0.0])
    assert d2 is None  # TF: None for maximum


def test_softmax_family_values_and_stability():
    x = tk.constant([[1.0, 2.0, 3.0]])
    np.testing.assert_allclose(tk.nn.softmax(x).numpy(), [[0.09003057, 0.24472848, 0.6652409]], rtol=1e-6)
    np.testing.assert_allclose(tk.nn.softmax([[1.0, 2.0], [3.0, 4.0]], axis=0).numpy(),
                               [[0.11920291, 0.11920291], [0.880797, 0.880797]], rtol=1e-6)
    y, (g,) = grads(lambda v: tk.nn.log_softmax(v)[0, 0], [[1000.0, 0.0, 3.0]])
    assert y.numpy() == 0.0
    np.testing.assert_array_equal(g.numpy(), [[0.0, 0.0, 0.0]])
    assert np.all(np.isfinite(tk.nn.log_softmax([-1000.0, 1000.0]).numpy()))


def test_sigmoid_cross_entropy_matches_tf():
    y, (gl, gx) = grads(lambda z, x: tk.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x),
                        [1.0, 0.0, 0.5], [100.0, -100.0, 2.0])
    np.testing.assert_allclose(y.numpy(), [0.0, 0.0, 1.126928], rtol=1e-6)
    np.testing.assert_array_equal(gl.numpy(), [-100.0, 100.0, -2.0])
    np.testing.assert_allclose(gx.numpy(), [0.0, 0.0, 0.3807971], rtol=1e-6)
    with pytest.raises(ValueError, match=r"must have the same shape, received \(\(3,\) vs \(2,\)\)"):
        tk.nn.sigmoid_cross_entropy_with_logits(labels=[1.0, 0.0], logits=[1.0, 2.0, 3.0])
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"\[Op:Mul\]"):
        tk.nn.sigmoid_cross_entropy_with_logits(labels=tk.constant([1.0, 0.0], tk.float64), logits=[1.0, 2.0])


def test_softmax_cross_entropy_matches_tf():
    y, (gl, gx) = grads(lambda z, x: tk.nn.softmax_cross_entropy_with_logits(labels=z, logits=x),
                        [[0.0, 1.0, 0.0]], [[1.0, 2.0, 3.0]])
    np.testing.assert_allclose(y.numpy(), [1.4076059], rtol=1e-6)
    np.testing.assert_allclose(gl.numpy(), [[2.407606, 1.4076059, 0.40760595]], rtol=1e-6)
    np.testing.assert_allclose(gx.numpy(), [[0.09003057, -0.75527155, 0.66524094]], rtol=1e-6)
    out = tk.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0], [1.0, 0.0]], logits=[[1.0, 2.0], [3.0, 1.0]],
                                                  axis=0)
    np.testing.assert_allclose(out.numpy(), [0.12692805, 0.31326166], rtol=1e-6)
    _, d2 = second(lambda x: tk.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0]], logits=x),
                   [[1.0, 2.0, 3.0]])
    np.testing.assert_allclose(d2.numpy(), [[0.0, 0.0, 0.0]], atol=1e-6)  # Hessian rows sum to 0
    with pytest.raises(tk.errors.InvalidArgumentError, match="logits and labels must be broadcastable"):
        tk.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0]], logits=[[1.0, 2.0, 3.0]])


@pytest.mark.parametrize("dtype", DTYPES)
def test_cross_entropy_gradients_match_finite_differences(dtype, rng):
    logits = rng.normal(size=(2, 3)).astype(dtype)
    probs = rng.dirichlet(np.ones(3), size=2).astype(dtype)
    tk.test.check_gradients(lambda z, x: tk.nn.softmax_cross_entropy_with_logits(z, x), probs, logits)
    tk.test.check_gradients(lambda z, x: tk.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x),
                            probs, logits)
    tk.test.check_gradients(lambda x: tk.nn.sparse_softmax_cross_entropy_with_logits(tk.constant([2, 0]), x),
                            logits)


def test_sparse_softmax_cross_entropy_matches_tf_and_checks_labels():
    y, (g,) = grads(lambda x: tk.nn.sparse_softmax_cross_entropy_with_logits(labels=tk.constant([2, 0]), logits=x),
                    [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
    np.testing.assert_allclose(y.numpy(), [0.40760595, 1.0986123], rtol=1e-6)
    np.testing.assert_allclose(g.numpy(), [[0.09003057, 0.24472848, -0.33475906],
                                           [-0.6666666, 0.33333334, 0.33333334]], rtol=1e-6)
    with pytest.raises(tk.errors.InvalidArgumentError,
                       match=r"Received a label value of 3 which is outside the valid range of \[0, 3\)"):
        tk.nn.sparse_softmax_cross_entropy_with_logits(labels=tk.constant([3]), logits=[[1.0, 2.0, 3.0]])
    with pytest.raises(tk.errors.InvalidArgumentError,
                       match="'Tlabels' of float is not in the list of allowed values: int32, int64"):
        tk.nn.sparse_softmax_cross_entropy_with_logits(labels=tk.constant([1.0]), logits=[[1.0, 2.0, 3.0]])
    with pytest.raises(ValueError, match="`labels.shape` must equal `logits.shape` except for the last dimension"):
        tk.nn.sparse_softmax_cross_entropy_with_logits(labels=tk.constant([1, 2]), logits=[[1.0, 2.0, 3.0]])


@pytest.mark.parametrize("dtype", DTYPES)
def test_bias_add_l2_loss_moments(dtype, rng):
    value, bias = rng.normal(size=(2, 3)).astype(dtype), rng.normal(size=(3,)).astype(dtype)
    tk.test.check_gradients(tk.nn.bias_add, value, bias)
    tk.test.check_gradients(lambda v, b: tk.nn.bias_add(v, b, data_format="NCHW"),
                            rng.normal(size=(2, 3, 2)).astype(dtype), bias)
    tk.test.check_gradients(lambda v: tk.nn.moments(v, axes=[0])[1], value)
    y, (g,) = grads(tk.nn.l2_loss, [[1.0, 2.0], [3.0, 4.0]])
    assert y.numpy() == 15.0
    np.testing.assert_array_equal(g.numpy(), [[1.0, 2.0], [3.0, 4.0]])


def test_moments_and_bias_add_values_and_errors():
    mean, var = tk.nn.moments(tk.constant([[1.0, 2.0], [3.0, 5.0]]), axes=[0])
    np.testing.assert_allclose(mean.numpy(), [2.0, 3.5])
    np.testing.assert_allclose(var.numpy(), [1.0, 2.25])
    mean, var = tk.nn.moments(tk.constant([[1.0, 2.0], [3.0, 5.0]]), axes=[0, 1], keepdims=True)
    assert mean.shape == (1, 1) and var.numpy()[0, 0] == pytest.approx(2.1875)
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"Must provide as many biases .*\[3\] vs. \[2,2\]"):
        tk.nn.bias_add([[1.0, 2.0], [3.0, 4.0]], [1.0, 2.0, 3.0])
    with pytest.raises(tk.errors.InvalidArgumentError, match="Input tensor must be at least 2D"):
        tk.nn.bias_add([1.0, 2.0], [1.0, 2.0])
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"Value for attr 'T' of int32.*\[Op:Softmax\]"):
        tk.nn.softmax([1, 2])
