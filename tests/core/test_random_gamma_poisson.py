"""tk.random.gamma / poisson: the alpha gradient checked numerically, and what bad input raises.

The samples themselves are compared bit for bit with TF's in tests/tf_cases/random/gamma_poisson.py."""

import math

import numpy as np
import pytest

import tapekit as tk
from tapekit._core.ops.random_gamma import random_gamma_grad


def _quantile(alpha, probability):
    """The Gamma(alpha) quantile by bisection on the CDF (scipy's gammainc)."""
    special = pytest.importorskip("scipy.special")
    low, high = 0.0, max(1.0, alpha) * 100
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if special.gammainc(alpha, middle) < probability else (low, middle)
    return (low + high) / 2


@pytest.mark.parametrize("alpha, sample", [(0.5, 0.0185), (2.0, 0.349), (3.0, 2.07), (40.0, 47.0), (1.0, 3.0),
                                           (0.05, 1e-3)])
def test_d_sample_d_alpha_is_the_quantile_s_slope_at_a_fixed_probability(alpha, sample):
    special = pytest.importorskip("scipy.special")
    probability = special.gammainc(alpha, sample)
    step = 1e-4 * alpha
    slope = (_quantile(alpha + step, probability) - _quantile(alpha - step, probability)) / (2 * step)
    got = random_gamma_grad(tk.constant(alpha, tk.float64), tk.constant(sample, tk.float64)).numpy()
    assert math.isclose(got, slope, rel_tol=1e-5)


def test_the_alpha_gradient_sums_over_the_sample_dimensions_and_beta_s_comes_from_the_division():
    alpha, beta = tk.Variable([0.7, 4.0], dtype=tk.float64), tk.Variable(2.0, dtype=tk.float64)
    with tk.GradientTape() as tape:
        s = tk.random.stateless_gamma([6, 2], seed=[1, 1], alpha=alpha, beta=beta, dtype=tk.float64)
    g_alpha, g_beta = tape.gradient(s, [alpha, beta])
    raw = s.numpy() * 2.0
    partial = random_gamma_grad(tk.reshape(alpha, [1, 2]), tk.constant(raw)).numpy()
    np.testing.assert_allclose(g_alpha.numpy(), partial.sum(axis=0) / 2.0, rtol=1e-12)
    np.testing.assert_allclose(g_beta.numpy(), -(raw / 4.0).sum(), rtol=1e-12)


@pytest.mark.parametrize("call, error", [
    (lambda: tk.random.gamma([2], 2.0, dtype=tk.int32, seed=1), TypeError),
    (lambda: tk.random.gamma([2], 2, dtype=tk.int32, seed=1), ValueError),
    (lambda: tk.random.poisson([2], 1.0, dtype=tk.bool, seed=1), tk.errors.InvalidArgumentError),
    (lambda: tk.random.poisson([2], [1.0, math.nan], seed=1), tk.errors.InvalidArgumentError),
    (lambda: tk.random.stateless_gamma([3], seed=[1, 2], alpha=[1.0, 2.0]), tk.errors.InvalidArgumentError),
    (lambda: tk.random.stateless_poisson([3], seed=[1, 2], lam=[1.0, 2.0]), tk.errors.InvalidArgumentError),
    (lambda: tk.random.gamma([-1], 1.0), tk.errors.InvalidArgumentError),
])
def test_bad_input_raises_tf_s_type_with_a_hint(call, error):
    with pytest.raises(error) as info:
        call()
    assert "Hint:" in str(info.value) or error is TypeError


def test_a_nan_rate_is_refused_instead_of_looping_as_tf_s_kernel_does():
    with pytest.raises(tk.errors.InvalidArgumentError, match="lam must not be NaN.*RandomPoissonV2"):
        tk.random.poisson([1], math.nan, seed=3)
