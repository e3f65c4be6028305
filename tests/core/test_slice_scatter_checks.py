"""tk.slice, tensor_scatter_nd_sub/min/max, ensure_shape, check_numerics: gradients against finite
differences, refusals that leave state alone. (Values and errors against TF: tests/tf_cases/fidelity.)"""

import numpy as np
import pytest
from helpers import grads, numeric_gradient

import tapekit as tk

RNG = np.random.default_rng(3)
X = RNG.normal(size=(3, 4))
INDICES = [[0, 1], [2, 3], [0, 1]]


def _check(f, *values):
    y, gs = grads(lambda *xs: tk.reduce_sum(f(*xs) * tk.sin(f(*xs))), *values, dtype=tk.float64)
    for k, g in enumerate(gs):
        def scalar(v, k=k):
            args = [tk.constant(a, tk.float64) for a in values]
            args[k] = tk.constant(v, tk.float64)
            out = f(*args)
            return tk.reduce_sum(out * tk.sin(out)).numpy()
        np.testing.assert_allclose(g.numpy(), numeric_gradient(scalar, values[k]), rtol=1e-6, atol=1e-8)


def test_slice_gradient_pads_back_to_the_input():
    _check(lambda x: tk.slice(x, [1, 1], [2, -1]), X)


@pytest.mark.parametrize("op", [tk.tensor_scatter_nd_sub, tk.tensor_scatter_nd_min, tk.tensor_scatter_nd_max])
def test_scatter_gradients_in_tensor_and_updates(op):
    _check(lambda x, u: op(x, INDICES, u), X, RNG.normal(size=(3,)))


def test_ensure_shape_and_check_numerics_pass_the_gradient_on():
    _check(lambda x: tk.debugging.check_numerics(tk.ensure_shape(x * x, [3, None]), "m"), X)


def test_a_nan_gradient_is_caught_by_check_numerics_on_the_way_back():
    x = tk.constant([0.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.sqrt(tk.debugging.check_numerics(x, "x"))
    with pytest.raises(tk.errors.InvalidArgumentError, match="Inf values"):
        tape.gradient(y, x)


def test_a_refused_variable_scatter_leaves_the_variable_as_it_was():
    v = tk.Variable([1.0, 2.0, 3.0])
    with pytest.raises(tk.errors.InvalidArgumentError):
        v.scatter_nd_update([[5]], [9.0])
    with pytest.raises(TypeError, match="IndexedSlices"):
        v.scatter_update([0])
    assert v.numpy().tolist() == [1.0, 2.0, 3.0]
    v.scatter_mul(tk.IndexedSlices(tk.constant([2.0, 3.0]), tk.constant([0, 2])))
    assert v.numpy().tolist() == [2.0, 2.0, 9.0]
