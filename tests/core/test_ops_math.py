"""Element-wise math ops: gradients (numerical and known values), TF's conventions, dtypes, errors."""

import numpy as np
import pytest

import tapekit as tk
from helpers import grads, second

DTYPES = [np.float32, np.float64]
SHAPES = [(), (3,), (2, 3)]


def sample(rng, shape, dtype, low=-2.0, high=2.0):
    return rng.uniform(low, high, size=shape).astype(dtype)


# ---------- numerical gradient checks ----------
UNARY = {  # op -> domain of its inputs
    "square": (tk.math.square, -2, 2), "sqrt": (tk.math.sqrt, 0.5, 3), "rsqrt": (tk.math.rsqrt, 0.5, 3),
    "exp": (tk.math.exp, -2, 2), "log": (tk.math.log, 0.5, 3), "log1p": (tk.math.log1p, -0.5, 2),
    "expm1": (tk.math.expm1, -2, 2), "sin": (tk.math.sin, -2, 2), "cos": (tk.math.cos, -2, 2),
    "tan": (tk.math.tan, -1, 1), "tanh": (tk.math.tanh, -2, 2), "sinh": (tk.math.sinh, -2, 2),
    "cosh": (tk.math.cosh, -2, 2), "asin": (tk.math.asin, -0.8, 0.8), "acos": (tk.math.acos, -0.8, 0.8),
    "atan": (tk.math.atan, -2, 2), "abs": (tk.math.abs, 0.2, 2), "negative": (tk.math.negative, -2, 2),
    "reciprocal": (tk.math.reciprocal, 0.5, 2), "sigmoid": (tk.math.sigmoid, -3, 3),
    "softplus": (tk.math.softplus, -3, 3), "erf": (tk.math.erf, -2, 2),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_gradient_matches_finite_differences(name, shape, dtype, rng):
    op, low, high = UNARY[name]
    tk.test.check_gradients(op, sample(rng, shape, dtype, low, high))


def _floormod_x(x, y):
    return tk.math.floormod(x, y)


BINARY = {  # op -> (x domain, y domain)
    "add": (tk.math.add, (-2, 2), (-2, 2)),
    "subtract": (tk.math.subtract, (-2, 2), (-2, 2)),
    "multiply": (tk.math.multiply, (-2, 2), (-2, 2)),
    "divide": (tk.math.divide, (-2, 2), (0.5, 2)),
    "pow": (tk.math.pow, (0.5, 2), (-2, 2)),
    "maximum": (tk.math.maximum, (-2, -0.5), (0.5, 2)),
    "minimum": (tk.math.minimum, (-2, -0.5), (0.5, 2)),
    "squared_difference": (tk.math.squared_difference, (-2, 2), (-2, 2)),
    "divide_no_nan": (tk.math.divide_no_nan, (-2, 2), (0.5, 2)),
    "atan2": (tk.math.atan2, (0.5, 2), (0.5, 2)),
    "floormod": (_floormod_x, (0.1, 0.9), (1.5, 2.5)),
}
BROADCASTS = [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 2))]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", BROADCASTS)
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_gradient_matches_finite_differences(name, shapes, dtype, rng):
    op, (xl, xh), (yl, yh) = BINARY[name]
    x, y = sample(rng, shapes[0], dtype, xl, xh), sample(rng, shapes[1], dtype, yl, yh)
    tk.test.check_gradients(op, x, y)


@pytest.mark.parametrize("dtype", DTYPES)
def test_add_n_and_l2_normalize_gradients(dtype, rng):
    a, b = sample(rng, (2, 3), dtype), sample(rng, (2, 3), dtype)
    tk.test.check_gradients(lambda x, y: tk.add_n([x, y, x]), a, b)
    tk.test.check_gradients(lambda x: tk.math.l2_normalize(x, axis=-1), a)


@pytest.mark.parametrize("dtype", [tk.float32, tk.float64])
def test_gradient_keeps_the_input_dtype(dtype):
    x = tk.constant([0.5, 1.5], dtype=dtype)
    for op in (tk.sin, tk.exp, tk.math.sigmoid, tk.math.softplus, lambda v: v ** 3.0, tk.math.erf):
        _, (g,) = grads(op, x)
        assert g.dtype == dtype


# ---------- second derivatives against known values ----------
def test_second_derivatives_known_values():
    x = np.array([0.0, 1.0], np.float64)
    _, d2 = second(tk.sin, x)
    np.testing.assert_allclose(d2.numpy(), -np.sin(x))
    _, d2 = second(tk.exp, x)
    np.testing.assert_allclose(d2.numpy(), np.exp(x))
    _, d2 = second(tk.tanh, x)
    t = np.tanh(x)
    np.testing.assert_allclose(d2.numpy(), -2 * t * (1 - t * t))
    _, d2 = second(tk.sigmoid, x)
    s = 1 / (1 + np.exp(-x))
    np.testing.assert_allclose(d2.numpy(), s * (1 - s) * (1 - 2 * s))
    _, d2 = second(lambda v: v ** 3.0, np.array([2.0]))
    np.testing.assert_allclose(d2.numpy(), [12.0])
    _, d2 = second(tk.math.softplus, np.array([0.0, 1.0], np.float32))  # TF: [0.25, 0.19661193]
    np.testing.assert_allclose(d2.numpy(), [0.25, 0.19661193], rtol=1e-6)


def test_third_derivative_of_pow_via_three_tapes():
    x = tk.constant(1.5, tk.float64)
    with tk.GradientTape() as t3:
        t3.watch(x)
        with tk.GradientTape() as t2:
            t2.watch(x)
            with tk.GradientTape() as t1:
                t1.watch(x)
                y = tk.pow(x, 4.0)
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    assert t3.gradient(d2, x).numpy() == pytest.approx(24 * 1.5)


# ---------- TF's conventions at kinks, ties, zeros and infinities ----------
def test_kinks_and_ties_follow_tf():
    _, (g,) = grads(tk.abs, [0.0, -2.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, -1.0])
    _, (gx, gy) = grads(tk.maximum, [1.0, 2.0], [1.0, 1.0])
    np.testing.assert_array_equal(gx.numpy(), [1.0, 1.0])
    np.testing.assert_array_equal(gy.numpy(), [0.0, 0.0])
    _, (gx, gy) = grads(tk.minimum, [1.0, 0.0], [1.0, 1.0])
    np.testing.assert_array_equal(gx.numpy(), [1.0, 1.0])
    np.testing.assert_array_equal(gy.numpy(), [0.0, 0.0])
    _, (g,) = grads(lambda x: tk.maximum(x, x), [3.0])
    np.testing.assert_array_equal(g.numpy(), [1.0])


def test_sign_gives_zeros_while_round_floor_ceil_give_none():
    _, (g,) = grads(tk.sign, [0.0, 2.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0])
    for op in (tk.round, tk.floor, tk.math.ceil, lambda x: x // 2.0):
        _, (g,) = grads(op, [0.5, 2.0])
        assert g is None


def test_zeros_and_infinities_follow_tf():
    _, (g,) = grads(tk.sqrt, [0.0])
    assert g.numpy()[0] == np.inf
    _, (g,) = grads(tk.sqrt, [-1.0])
    assert np.isnan(g.numpy()[0])
    _, (g,) = grads(tk.math.log, [0.0])
    assert g.numpy()[0] == np.inf
    _, (g,) = grads(tk.math.log1p, [-1.0])
    assert g.numpy()[0] == np.inf
    _, (g,) = grads(lambda x: 1.0 / x, [0.0])
    assert g.numpy()[0] == -np.inf
    _, (ga, gb) = grads(tk.divide, [1.0, 0.0, -1.0], [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(ga.numpy(), [np.inf] * 3)
    np.testing.assert_array_equal(gb.numpy(), [-np.inf, np.nan, np.inf])
    y, (ga, gb) = grads(tk.math.divide_no_nan, [1.0, 2.0], [0.0, 2.0])
    np.testing.assert_array_equal(y.numpy(), [0.0, 1.0])
    np.testing.assert_array_equal(ga.numpy(), [0.0, 0.5])
    np.testing.assert_array_equal(gb.numpy(), [0.0, -0.5])


def test_pow_gradient_conventions():
    _, (gx, gy) = grads(tk.pow, [0.0, 0.0, -2.0, 2.0], [0.0, 2.0, 2.0, 3.0])
    assert np.isnan(gx.numpy()[0])
    np.testing.assert_array_equal(gx.numpy()[1:], [0.0, -4.0, 12.0])
    np.testing.assert_allclose(gy.numpy(), [0.0, 0.0, 0.0, 8 * np.log(2.0)], rtol=1e-6)
    _, (g,) = grads(lambda x: x ** 0.5, [-4.0])
    assert np.isnan(g.numpy()[0])


def test_saturation_of_sigmoid_and_softplus():
    x = [100.0, -100.0, 0.0]
    y, (g,) = grads(tk.sigmoid, x)
    np.testing.assert_array_equal(y.numpy(), [1.0, 0.0, 0.5])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0, 0.25])
    y, (g,) = grads(tk.math.softplus, x)
    np.testing.assert_allclose(y.numpy(), [100.0, 0.0, np.log(2.0)], rtol=1e-6)
    np.testing.assert_array_equal(g.numpy(), [1.0, 0.0, 0.5])
    assert tk.math.softplus(tk.constant(1000.0, tk.float64)).numpy() == 1000.0


def test_where_masks_the_upstream_gradient():
    _, (g,) = grads(lambda x: tk.where(x > 0, x * 3.0, x * x), [2.0, -1.0])
    np.testing.assert_array_equal(g.numpy(), [3.0, -2.0])
    _, (g,) = grads(lambda x: tk.where(x > 0, tk.math.log(x), tk.zeros_like(x)), [0.0])
    assert np.isnan(g.numpy()[0])  # TF leaks NaN here too (0 * inf)


# ---------- values and dtypes ----------
def test_integer_floordiv_and_mod_round_toward_negative_infinity():
    x, y = tk.constant([-7, 7, -7]), tk.constant([2, -2, -2])
    np.testing.assert_array_equal((x // y).numpy(), [-4, -4, 3])
    np.testing.assert_array_equal(tk.math.floormod(x, y).numpy(), [1, -1, -1])
    np.testing.assert_allclose(tk.math.mod(tk.constant([-7.5, 7.5]), [2.0, -2.0]).numpy(), [0.5, -0.5])
    assert (tk.constant(-7) % 3).numpy() == 2


def test_integer_true_division_widens_like_tf():
    assert (tk.constant([1, 2]) / tk.constant([2, 2])).dtype == tk.float64
    assert (tk.constant([1, 2], tk.int64) / 2).dtype == tk.float64
    out = tk.constant([1, 2], tk.int8) / tk.constant([2, 2], tk.int8)
    assert out.dtype == tk.float32
    np.testing.assert_array_equal(out.numpy(), [0.5, 1.0])


def test_round_is_half_to_even_and_int_ops_keep_int():
    np.testing.assert_array_equal(tk.round([0.5, 1.5, 2.5, -0.5]).numpy(), [0.0, 2.0, 2.0, -0.0])
    assert tk.abs(tk.constant([-4])).dtype == tk.int32
    np.testing.assert_array_equal(tk.sign(tk.constant([-4, 0])).numpy(), [-1, 0])
    np.testing.assert_array_equal(tk.math.squared_difference(tk.constant([1]), 3).numpy(), [4])


def test_comparisons_logic_and_predicates():
    a, b = tk.constant([1.0, 2.0, np.nan]), tk.constant([2.0, 2.0, 1.0])
    np.testing.assert_array_equal(tk.less(a, b).numpy(), [True, False, False])
    np.testing.assert_array_equal(tk.greater_equal(a, b).numpy(), [False, True, False])
    np.testing.assert_array_equal(tk.not_equal(a, b).numpy(), [True, False, True])
    np.testing.assert_array_equal(tk.math.is_nan(a).numpy(), [False, False, True])
    np.testing.assert_array_equal(tk.math.is_finite([1.0, np.inf]).numpy(), [True, False])
    np.testing.assert_array_equal(tk.math.is_inf([1.0, -np.inf]).numpy(), [False, True])
    p, q = tk.constant([True, True, False]), tk.constant([True, False, False])
    np.testing.assert_array_equal(tk.math.logical_xor(p, q).numpy(), [False, True, False])
    np.testing.assert_array_equal(tk.logical_or(p, q).numpy(), [True, True, False])
    np.testing.assert_array_equal(tk.logical_not(q).numpy(), [False, True, True])


def test_l2_normalize_of_zero_vector_matches_tf():
    y, (g,) = grads(lambda x: tk.math.l2_normalize(x), [0.0, 0.0])
    np.testing.assert_array_equal(y.numpy(), [0.0, 0.0])
    np.testing.assert_allclose(g.numpy(), [1e6, 1e6], rtol=1e-5)
    y, (g,) = grads(lambda x: tk.math.l2_normalize(x), [3.0, 4.0])
    np.testing.assert_allclose(y.numpy(), [0.6, 0.8], rtol=1e-6)
    np.testing.assert_allclose(g.numpy(), [0.032, -0.024], rtol=1e-4)


# ---------- errors ----------
@pytest.mark.parametrize("op, op_type", [(tk.multiply, "Mul"), (tk.add, "AddV2"), (tk.subtract, "Sub"),
                                         (tk.maximum, "Maximum"), (tk.pow, "Pow")])
def test_dtype_mismatch_names_op_and_both_dtypes_and_records_nothing(op, op_type):
    x, y = tk.constant([1.0, 2.0]), tk.constant([1.0, 2.0], tk.float64)
    with tk.GradientTape() as tape:
        tape.watch(x)
        with pytest.raises(tk.errors.InvalidArgumentError) as info:
            op(x, y)
        recorded = len(tape._entries)
    text = str(info.value)
    assert f"[Op:{op_type}]" in text and "float32" in text and "float64" in text
    assert "was expected to be a float tensor but is a double tensor" in text
    assert recorded == 0
    np.testing.assert_array_equal(x.numpy(), [1.0, 2.0])


def test_true_division_dtype_mismatch_is_type_error_like_tf():
    with pytest.raises(TypeError, match=r"`x` and `y` must have the same dtype, got tk.float32 != tk.float64"):
        tk.constant(1.0) / tk.constant(1.0, tk.float64)


def test_integer_errors_like_tf():
    with pytest.raises(tk.errors.InvalidArgumentError, match="Integers to negative integer powers"):
        tk.constant([2, 3]) ** -1
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"Integer division by zero \[Op:FloorDiv\]"):
        tk.constant([1]) // tk.constant([0])
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"Integer division by zero \[Op:FloorMod\]"):
        tk.constant([1]) % tk.constant([0])
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        tk.constant([1]) * 2.5


def test_float_only_ops_reject_integers():
    for op, op_type in ((tk.sqrt, "Sqrt"), (tk.exp, "Exp"), (tk.sigmoid, "Sigmoid"), (tk.floor, "Floor"),
                        (tk.math.is_nan, "IsNan"), (tk.math.softplus, "Softplus")):
        with pytest.raises(tk.errors.InvalidArgumentError, match=rf"Value for attr 'T' of int32 .*\[Op:{op_type}\]"):
            op(tk.constant([4]))


def test_logical_ops_need_bools():
    with pytest.raises(tk.errors.InvalidArgumentError,
                       match=r"cannot compute LogicalAnd as input #0\(zero-based\) was expected to be a bool "
                             r"tensor but is a int32 tensor \[Op:LogicalAnd\]"):
        tk.logical_and(tk.constant(1), tk.constant(True))
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"input #0.*\[Op:LogicalNot\]"):
        tk.logical_not(tk.constant(1))


def test_add_n_errors():
    with pytest.raises(ValueError, match="at least one Tensor"):
        tk.add_n([])
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"same size and shape.*\[Op:AddN\]"):
        tk.add_n([tk.constant([1.0]), tk.constant([1.0, 2.0])])
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"double tensor \[Op:AddN\]"):
        tk.add_n([tk.constant(1.0), tk.constant(1.0, tk.float64)])
