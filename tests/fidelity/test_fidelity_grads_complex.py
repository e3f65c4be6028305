"""Complex gradients follow TF's convention: for a real loss L(z), z = x + iy, the gradient is
dL/dx + i dL/dy (so a holomorphic f gives conj(f'(z)) times the upstream).

Checked against central differences in x and y separately (complex128), to second order, and
against values printed by TF 2.21 (tests/tf_cases/grads/complex_*.py hold the TF programs).
"""

import numpy as np
import pytest

import tapekit as tk

Z = np.array([1 + 2j, -0.5 + 0.25j, 0.3 - 1.2j])


def _tape_grad(loss, z):
    z = tk.constant(z)
    with tk.GradientTape() as tape:
        tape.watch(z)
        y = loss(z)
    assert y.dtype in (tk.float32, tk.float64), "the loss must be real"
    return tape.gradient(y, z).numpy()


def _numeric_grad(loss, z, h=1e-6):
    out = np.zeros_like(z)
    for k in range(z.size):
        for unit in (1, 1j):
            step = np.zeros_like(z)
            step.flat[k] = h * unit
            d = (float(loss(tk.constant(z + step))) - float(loss(tk.constant(z - step)))) / (2 * h)
            out.flat[k] += d * unit
    return out


def _real(t):
    return tk.math.real(t)


LOSSES = {
    "abs": lambda z: tk.reduce_sum(tk.abs(z)),
    "abs_squared": lambda z: tk.reduce_sum(tk.abs(z) ** 2),
    "real_of_square": lambda z: tk.reduce_sum(_real(z * z)),
    "imag_of_cube": lambda z: tk.reduce_sum(tk.math.imag(z * z * z)),
    "angle": lambda z: tk.reduce_sum(tk.math.angle(z)),
    "exp": lambda z: tk.reduce_sum(_real(tk.exp(z))),
    "log": lambda z: tk.reduce_sum(_real(tk.math.log(z))),
    "sqrt": lambda z: tk.reduce_sum(_real(tk.sqrt(z))),
    "reciprocal": lambda z: tk.reduce_sum(_real(tk.math.reciprocal(z))),
    "rsqrt": lambda z: tk.reduce_sum(tk.math.imag(tk.math.rsqrt(z))),
    "division": lambda z: tk.reduce_sum(_real((z + 2.0) / (z * z + 1.0))),
    "div_no_nan": lambda z: tk.reduce_sum(_real(tk.math.divide_no_nan(z, z + 1.0))),
    "pow": lambda z: tk.reduce_sum(_real(z ** (2.5 + 0.5j))),
    "sin_cos": lambda z: tk.reduce_sum(_real(tk.sin(z) * tk.cos(z))),
    "tanh_sigmoid": lambda z: tk.reduce_sum(_real(tk.tanh(z) + tk.sigmoid(z))),
    "conj": lambda z: tk.reduce_sum(tk.math.imag(tk.math.conj(z) * z * z)),
    "mean_square": lambda z: _real(tk.reduce_mean(tk.square(z))),
    "matmul": lambda z: tk.reduce_sum(_real(tk.matmul(tk.reshape(z, [3, 1]), tk.reshape(z, [1, 3])))),
    "matmul_adjoint": lambda z: tk.reduce_sum(_real(tk.matmul(
        tk.reshape(z, [1, 3]), tk.reshape(z, [1, 3]), adjoint_b=True))),
    "einsum": lambda z: tk.reduce_sum(tk.math.imag(tk.einsum("i,j->ij", z, z * 2.0))),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_complex_gradient_is_dx_plus_i_dy(name):
    loss = LOSSES[name]
    np.testing.assert_allclose(_tape_grad(loss, Z), _numeric_grad(loss, Z), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("name", ["abs", "real_of_square", "exp", "sqrt", "division", "matmul", "pow"])
def test_complex_second_order(name):
    """The gradient of sum(|grad|^2), through the first gradient's ops, against differences."""
    inner = LOSSES[name]

    def grad_size(z):
        with tk.GradientTape() as tape:
            tape.watch(z)
            y = inner(z)
        g = tape.gradient(y, z)
        return tk.reduce_sum(tk.abs(g) ** 2)

    np.testing.assert_allclose(_tape_grad(grad_size, Z), _numeric_grad(grad_size, Z, h=1e-5),
                               rtol=1e-5, atol=1e-6)


def test_values_printed_by_tf():
    # TF 2.21: gradient of sum(abs(z)) at [1+2j, -0.5+0.25j] is z / |z|
    g = _tape_grad(LOSSES["abs"], np.array([1 + 2j, -0.5 + 0.25j], np.complex64))
    np.testing.assert_allclose(g, [0.4472136 + 0.8944272j, -0.8944272 + 0.4472136j], rtol=1e-6)
    assert g.dtype == np.complex64
    # TF 2.21: d/dz of z*z with upstream ones is conj(2z) = [2-4j, -1-0.5j]
    z = tk.constant([1 + 2j, -0.5 + 0.25j], tk.complex64)
    with tk.GradientTape() as tape:
        tape.watch(z)
        y = z * z
    np.testing.assert_allclose(tape.gradient(y, z).numpy(), [2 - 4j, -1 - 0.5j])


def test_abs_of_zero_has_gradient_zero():
    """TF's ComplexAbs gradient divides with div_no_nan: 0 at z = 0, not nan."""
    z = tk.constant([0j, 1 + 1j], tk.complex64)
    with tk.GradientTape() as tape:
        tape.watch(z)
        y = tk.reduce_sum(tk.abs(z))
    np.testing.assert_allclose(tape.gradient(y, z).numpy(), [0, 0.70710677 + 0.70710677j], rtol=1e-6)


def test_complex_from_parts_reduces_to_each_part():
    x, s = tk.constant([1.0, 2.0]), tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch([x, s])
        y = tk.reduce_sum(tk.abs(tk.complex(x, s)) ** 2)
    gx, gs = tape.gradient(y, [x, s])
    np.testing.assert_allclose(gx.numpy(), [2.0, 4.0], rtol=1e-6)   # TF 2.21: [2. 4.]
    np.testing.assert_allclose(gs.numpy(), 12.0, rtol=1e-6)          # TF 2.21: 12.000001
    assert gx.dtype == tk.float32 and gs.shape == ()


def test_complex_part_errors_and_real_inputs():
    with pytest.raises(TypeError, match="incorrect types: float32 float64"):
        tk.complex(1.0, tk.constant(2.0, tk.float64))
    with pytest.raises(TypeError, match="incorrect types: int32 int32"):
        tk.complex(1, 2)
    with pytest.raises(TypeError, match="numeric tensor"):
        tk.math.real(tk.constant(["a"]))
    x = tk.constant([-1.0, 2.0])
    assert tk.math.real(x) is x
    np.testing.assert_array_equal(tk.math.imag(x).numpy(), [0.0, 0.0])
    np.testing.assert_allclose(tk.math.angle(x).numpy(), [np.pi, 0.0])
    assert tk.complex(1.0, 2.0).dtype == tk.complex64
    assert tk.complex(tk.constant(1.0, tk.float64), tk.constant(2.0, tk.float64)).dtype == tk.complex128
