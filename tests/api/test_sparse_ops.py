"""tk.sparse ops: the gradient of sparse_dense_matmul against finite differences, refusals.
(Values against TF: tests/tf_cases/fidelity/sparse_ops.py.)"""

import numpy as np
import pytest
from helpers import numeric_gradient

import tapekit as tk

INDICES = [[0, 1], [1, 0], [2, 2]]


def _loss(values, b):
    sp = tk.sparse.SparseTensor(INDICES, values, [3, 3])
    return tk.reduce_sum(tk.sin(tk.sparse.sparse_dense_matmul(sp, b)))


def test_sparse_dense_matmul_gradients_in_values_and_dense_matrix():
    values, b = np.array([0.3, -1.2, 2.0]), np.arange(6, dtype=np.float64).reshape(3, 2) / 5
    tv, tb = tk.constant(values), tk.constant(b)
    with tk.GradientTape() as tape:
        tape.watch([tv, tb])
        loss = _loss(tv, tb)
    g_values, g_b = tape.gradient(loss, [tv, tb])
    np.testing.assert_allclose(g_values.numpy(), numeric_gradient(lambda v: _loss(tk.constant(v), tb).numpy(), values),
                               rtol=1e-6)
    np.testing.assert_allclose(g_b.numpy(), numeric_gradient(lambda m: _loss(tv, tk.constant(m)).numpy(), b), rtol=1e-6)


def test_sparse_ops_refuse_a_dense_tensor_with_a_hint():
    with pytest.raises(TypeError, match="SparseTensor"):
        tk.sparse.transpose(tk.ones([2, 2]))
    with pytest.raises(ValueError, match="No SparseTensor"):
        tk.sparse.map_values(tk.add, tk.ones([2]), 1)
