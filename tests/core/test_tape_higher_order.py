"""Jacobians and higher-order gradients, as observed in TF 2.21 (TF_TAPE_REFERENCE.md §2b)."""


import numpy as np
import pytest

import tapekit as tk

from helpers import val


# ---------- jacobians ----------
def test_jacobian_shapes_and_values():
    x = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.reshape(x * x, (3, 1))
    j = tape.jacobian(y, x)
    assert j.shape == (3, 1, 3)
    np.testing.assert_allclose(val(j)[:, 0, :], np.diag([2.0, 4.0, 6.0]))


def test_jacobian_without_pfor_needs_persistent():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    with pytest.raises(RuntimeError) as err:
        tape.jacobian(y, x, experimental_use_pfor=False)
    assert str(err.value).startswith(
        "GradientTape must be created with persistent=True to compute the jacobian with eager "
        "execution enabled and with  experimental_use_pfor set to False.")
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    np.testing.assert_allclose(val(tape.jacobian(y, x, experimental_use_pfor=False)),
                               [[2.0, 0.0], [0.0, 4.0]])


def test_jacobian_twice_on_non_persistent_raises():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.jacobian(y, x)
    with pytest.raises(RuntimeError, match="to compute one set"):
        tape.jacobian(y, x)


def test_jacobian_unconnected():
    x, u = tk.constant([1.0, 2.0]), tk.constant([5.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch([x, u])
        y = x * 2.0
    assert tape.jacobian(y, u) is None
    z = tape.jacobian(y, u, unconnected_gradients="zero")
    assert z.shape == (2, 1) and val(z).tolist() == [[0.0], [0.0]]


def test_batch_jacobian_values_and_errors():
    x = tk.constant([[1.0, 2.0], [3.0, 4.0]])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        bad = tk.reshape(x, (1, 4))
        flat = tk.reshape(x, (4,))
    bj = tape.batch_jacobian(y, x)
    assert bj.shape == (2, 2, 2)
    np.testing.assert_allclose(val(bj), [np.diag([2.0, 4.0]), np.diag([6.0, 8.0])])
    with pytest.raises(ValueError, match=r"^Need first dimension of target shape \(\(1, 4\)\) and "
                                         r"source shape \(\(2, 2\)\) to match."):
        tape.batch_jacobian(bad, x)
    with pytest.raises(ValueError, match=r"^Shape \(4,\) must have rank at least 2"):
        tape.batch_jacobian(flat, x)


def test_hessian_with_nested_tape_and_jacobian():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = x[0] ** 2 * x[1] + x[1] ** 3
        g = inner.gradient(y, x)
    h = outer.jacobian(g, x)
    # y = a^2 b + b^3: H = [[2b, 2a], [2a, 6b]]
    np.testing.assert_allclose(val(h), [[4.0, 2.0], [2.0, 12.0]])


# ---------- higher order ----------
def test_second_and_third_order():
    x = tk.Variable(3.0)
    with tk.GradientTape() as t3:
        with tk.GradientTape() as t2:
            with tk.GradientTape() as t1:
                y = x * x * x
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    d3 = t3.gradient(d2, x)
    assert (d1.numpy(), d2.numpy(), d3.numpy()) == (27.0, 18.0, 6.0)


def test_second_derivative_of_linear_function_is_none():
    x = tk.Variable(3.0)
    with tk.GradientTape() as t2:
        with tk.GradientTape() as t1:
            y = x * 2.0
        d1 = t1.gradient(y, x)
    assert t2.gradient(d1, x) is None


def test_inner_gradient_outside_outer_context_is_not_differentiable():
    x = tk.Variable(3.0)
    with tk.GradientTape() as t2:
        with tk.GradientTape() as t1:
            y = x * x
    d1 = t1.gradient(y, x)
    assert t2.gradient(d1, x) is None


