"""matmul and tk.linalg: flags, batch broadcasting, gradients (numerical, known, second order), errors."""

import numpy as np
import pytest
from helpers import grads

import tapekit as tk

DTYPES = [np.float32, np.float64]


MATMUL_CASES = [  # (a shape, b shape, transpose_a, transpose_b)
    ((2, 3), (3, 4), False, False), ((3, 2), (3, 4), True, False), ((2, 3), (4, 3), False, True),
    ((3, 2), (4, 3), True, True), ((2, 2, 3), (2, 3, 4), False, False), ((2, 1, 2, 3), (3, 3, 2), False, False),
    ((2, 3), (2, 3, 2), False, False), ((2, 3, 2), (2, 3), True, True),
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", MATMUL_CASES)
def test_matmul_values_and_gradients(case, dtype, rng):
    sa, sb, ta, tb = case
    a, b = rng.normal(size=sa).astype(dtype), rng.normal(size=sb).astype(dtype)
    out = tk.matmul(a, b, transpose_a=ta, transpose_b=tb)
    want = np.matmul(np.swapaxes(a, -1, -2) if ta else a, np.swapaxes(b, -1, -2) if tb else b)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-5)
    assert out.dtype == tk.as_dtype(dtype)
    tk.test.check_gradients(lambda x, y: tk.matmul(x, y, transpose_a=ta, transpose_b=tb), a, b)
    _, (ga, gb) = grads(lambda x, y: tk.matmul(x, y, adjoint_a=ta, adjoint_b=tb), a, b)
    assert ga.shape == sa and gb.shape == sb and ga.dtype == tk.as_dtype(dtype)


def test_matmul_second_derivative_known_value():
    a = tk.constant([[1.0, 2.0], [3.0, 4.0]], tk.float64)
    with tk.GradientTape() as outer:
        outer.watch(a)
        with tk.GradientTape() as inner:
            inner.watch(a)
            y = tk.reduce_sum(tk.matmul(a, a))
        g = inner.gradient(y, a)  # d/dA sum(A A) = 1 A^T + A^T 1
        s = tk.reduce_sum(g * g)
    np.testing.assert_allclose(g.numpy(), [[7.0, 11.0], [9.0, 13.0]])
    h = outer.gradient(s, a)
    # s = sum(g^2) with g_ij = (row sum j of A) + (column sum i of A): ds/dA_pq = 2 (sum_i g_ip + sum_j g_qj)
    gv = g.numpy()
    want = np.array([[gv[:, 0].sum() + gv[0, :].sum(), gv[:, 0].sum() + gv[1, :].sum()],
                     [gv[:, 1].sum() + gv[0, :].sum(), gv[:, 1].sum() + gv[1, :].sum()]]) * 2
    np.testing.assert_allclose(h.numpy(), want)


def test_matmul_errors_like_tf():
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: "
                                                               r"\[2,3\] \[Op:MatMul\]"):
        tk.matmul(tk.ones([2, 3]), tk.ones([2, 3]))
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"In\[0\] ndims must be >= 2 \[Op:MatMul\]"):
        tk.matmul([1.0, 2.0], [[1.0], [2.0]])
    with pytest.raises(tk.errors.InvalidArgumentError, match="must have compatible batch dimensions"):
        tk.matmul(tk.ones([2, 2, 3]), tk.ones([4, 3, 5]))
    with pytest.raises(tk.errors.InvalidArgumentError, match="float tensor but is a double tensor"):
        tk.matmul(tk.ones([2, 3]), tk.ones([3, 2], tk.float64))
    assert tk.matmul([[1, 2]], [[1], [2]]).numpy().tolist() == [[5]]
    assert tuple(tk.matmul(tk.ones([2, 1, 2, 3]), tk.ones([4, 3, 5])).shape) == (2, 4, 2, 5)


@pytest.mark.parametrize("dtype", DTYPES)
def test_matvec_transpose_trace_diag_part(dtype, rng):
    a, v = rng.normal(size=(2, 3, 3)).astype(dtype), rng.normal(size=(3,)).astype(dtype)
    tk.test.check_gradients(tk.linalg.matvec, a, v)
    tk.test.check_gradients(lambda x, y: tk.linalg.matvec(x, y, transpose_a=True), a, v)
    tk.test.check_gradients(tk.linalg.matrix_transpose, a)
    tk.test.check_gradients(tk.linalg.trace, a)
    tk.test.check_gradients(tk.linalg.diag_part, rng.normal(size=(2, 3)).astype(dtype))
    tk.test.check_gradients(tk.linalg.diag_part, rng.normal(size=(3, 2)).astype(dtype))


def test_linalg_known_values():
    y, (ga, gb) = grads(tk.linalg.matvec, [[1.0, 2.0], [3.0, 4.0]], [1.0, 1.0])
    np.testing.assert_array_equal(y.numpy(), [3.0, 7.0])
    np.testing.assert_array_equal(gb.numpy(), [4.0, 6.0])
    y, (g,) = grads(tk.linalg.trace, [[1.0, 2.0], [3.0, 4.0]])
    assert y.numpy() == 5.0
    np.testing.assert_array_equal(g.numpy(), np.eye(2))
    y, (g,) = grads(tk.linalg.diag_part, [[1.0, 2.0, 5.0], [3.0, 4.0, 6.0]])
    np.testing.assert_array_equal(y.numpy(), [1.0, 4.0])
    np.testing.assert_array_equal(g.numpy(), [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    assert tk.linalg.trace(tk.ones([2, 3, 3])).numpy().tolist() == [3.0, 3.0]
    assert tuple(tk.linalg.matrix_transpose(tk.ones([2, 3, 4])).shape) == (2, 4, 3)
    with pytest.raises(ValueError, match="should be a \\(batch\\) matrix with rank >= 2"):
        tk.linalg.matrix_transpose(tk.ones([3]))


NORMS = [("euclidean", None), (1, None), (np.inf, None), (3, None), (2, 1), ("fro", (0, 1)), (1, (-2, -1)),
         (np.inf, (0, 1))]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord_axis", NORMS)
def test_norm_values_and_gradients(ord_axis, dtype, rng):
    ord_, axis = ord_axis
    x = (rng.uniform(0.3, 1.5, size=(2, 3)) * np.array([1, -1, 1])).astype(dtype)
    out = tk.norm(x, ord=ord_, axis=axis)
    if axis is None:
        want = np.linalg.norm(x.reshape(-1), ord=2 if ord_ == "euclidean" else ord_)
    else:
        want = np.linalg.norm(x, ord=ord_, axis=axis)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-5)
    tk.test.check_gradients(lambda v: tk.norm(v, ord=ord_, axis=axis), x)


def test_norm_conventions_and_errors_like_tf():
    _, (g,) = grads(tk.norm, [0.0, 0.0])
    assert np.all(np.isnan(g.numpy()))  # TF: norm of the zero vector has a NaN gradient
    _, (g,) = grads(lambda x: tk.norm(x, ord=1), [3.0, -4.0, 0.0])
    np.testing.assert_array_equal(g.numpy(), [1.0, -1.0, 0.0])
    _, (g,) = grads(lambda x: tk.norm(x, ord=np.inf), [3.0, -4.0, 4.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, -0.5, 0.5])
    out = tk.norm([[3.0, -4.0], [1.0, 0.0]], axis=1, keepdims=True)
    assert out.shape == (2, 1)
    with pytest.raises(ValueError, match="'ord' must be a supported vector norm, got fro"):
        tk.norm([3.0, -4.0], ord="fro")
    with pytest.raises(ValueError, match="'ord' must be a supported vector norm, got 0"):
        tk.norm([3.0, -4.0], ord=0)
    with pytest.raises(ValueError, match="'axis' must be None, an integer, or a tuple of 2 unique integers"):
        tk.norm(tk.ones([2, 2]), axis=[0, 1, 2])
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"\[Op:Sqrt\]"):
        tk.norm([3, 4])


@pytest.mark.parametrize("dtype", DTYPES)
def test_tensordot_and_einsum(dtype, rng):
    a, b = rng.normal(size=(2, 3, 4)).astype(dtype), rng.normal(size=(4, 3, 2)).astype(dtype)
    out = tk.tensordot(a, b, axes=[[1, 2], [1, 0]])
    np.testing.assert_allclose(out.numpy(), np.tensordot(a, b, axes=[[1, 2], [1, 0]]), rtol=1e-5)
    tk.test.check_gradients(lambda x, y: tk.tensordot(x, y, axes=[[1, 2], [1, 0]]), a, b)
    m, n = rng.normal(size=(2, 3)).astype(dtype), rng.normal(size=(3, 4)).astype(dtype)
    assert tuple(tk.tensordot(m, n, axes=1).shape) == (2, 4)
    assert tuple(tk.tensordot(m[0], n[0], axes=0).shape) == (3, 4)
    for eq, args in (("ij,jk->ik", (m, n)), ("ij->j", (m,)), ("ij,kj->", (m, m)),
                     ("bij,bjk->bik", (a[:, :, :3], b[:2])),
                     ("ij,jk", (m, n))):
        np.testing.assert_allclose(tk.einsum(eq, *args).numpy(), np.einsum(eq, *args), rtol=1e-5)
        tk.test.check_gradients(lambda *xs, eq=eq: tk.einsum(eq, *xs), *args)


def test_einsum_known_values_and_errors():
    y, (ga, gb) = grads(lambda a, b: tk.einsum("ij,jk->ik", a, b), [[1.0, 2.0]], [[1.0], [3.0]])
    assert y.numpy().tolist() == [[7.0]]
    np.testing.assert_array_equal(ga.numpy(), [[1.0, 3.0]])
    np.testing.assert_array_equal(gb.numpy(), [[1.0], [2.0]])
    assert tk.einsum("ii", tk.ones([3, 3])).numpy() == 3.0
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"\[Op:Einsum\]"):
        tk.einsum("ij,jk->ik", tk.ones([2, 3]), tk.ones([2, 3]))
