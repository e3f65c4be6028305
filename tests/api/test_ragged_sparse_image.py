"""tk.ragged, tk.SparseTensor / tk.sparse and tk.image.adjust_contrast, against TF 2.21's output."""

import numpy as np
import pytest

import tapekit as tk


def test_ragged_constant_prints_and_converts():
    r = tk.ragged.constant([[1, 2], [3]])
    assert isinstance(r, tk.RaggedTensor)
    assert repr(r) == str(r) == "<tk.RaggedTensor [[1, 2], [3]]>"
    assert repr(r.shape) == "TensorShape([2, None])" and r.dtype is tk.int32
    assert r.to_list() == [[1, 2], [3]]
    assert repr(r.row_lengths()) == "<tk.Tensor: shape=(2,), dtype=int64, numpy=array([2, 1])>"
    assert r.row_splits.numpy().tolist() == [0, 2, 3] and r.values.numpy().tolist() == [1, 2, 3]
    assert r[0].numpy().tolist() == [1, 2] and int(r.nrows()) == 2
    assert r.to_tensor().numpy().tolist() == [[1, 2], [3, 0]]
    assert repr(tk.ragged.constant([[1.0, 2.0], [], [3.0]])) == "<tk.RaggedTensor [[1.0, 2.0], [], [3.0]]>"
    deep = tk.ragged.constant([[[1, 2], [3]], [[4]]])
    assert repr(deep) == "<tk.RaggedTensor [[[1, 2], [3]], [[4]]]>"
    assert repr(deep.shape) == "TensorShape([2, None, None])"
    assert repr(tk.ragged.constant([["a", "b"], ["c"]])) == "<tk.RaggedTensor [[b'a', b'b'], [b'c']]>"
    assert repr(tk.ragged.constant([[1, 2], [3]], dtype=tk.float32)) == "<tk.RaggedTensor [[1.0, 2.0], [3.0]]>"
    assert isinstance(tk.ragged.constant([1, 2]), tk.Tensor)


SP_TEXT = ("SparseTensor(indices=tk.Tensor(\n[[0 0]\n [1 2]], shape=(2, 2), dtype=int64), "
           "values=tk.Tensor([1. 2.], shape=(2,), dtype=float32), "
           "dense_shape=tk.Tensor([3 4], shape=(2,), dtype=int64))")


def test_sparse_tensor_prints_like_tf():
    sp = tk.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])
    assert repr(sp) == str(sp) == SP_TEXT
    assert sp.indices.dtype is tk.int64 and sp.dense_shape.dtype is tk.int64
    assert repr(sp.shape) == "TensorShape([3, 4])" and sp.dtype is tk.float32


def test_sparse_to_dense_and_from_dense():
    sp = tk.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.0, 2.0], dense_shape=[3, 4])
    expected = np.zeros((3, 4), np.float32)
    expected[0, 0], expected[1, 2] = 1, 2
    np.testing.assert_array_equal(tk.sparse.to_dense(sp).numpy(), expected)
    assert tk.sparse.to_dense(sp, default_value=-1.0).numpy()[2, 3] == -1.0
    back = tk.sparse.from_dense(tk.constant([[0, 1], [2, 0]]))
    assert str(back) == ("SparseTensor(indices=tk.Tensor(\n[[0 1]\n [1 0]], shape=(2, 2), dtype=int64), "
                         "values=tk.Tensor([1 2], shape=(2,), dtype=int32), "
                         "dense_shape=tk.Tensor([2 2], shape=(2,), dtype=int64))")
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"indices\[0\] = \[5,0\] is out of bounds"):
        tk.sparse.to_dense(tk.SparseTensor([[5, 0]], [1.0], [3, 4]))
    unordered = tk.SparseTensor([[1, 0], [0, 0]], [1.0, 2.0], [3, 4])
    with pytest.raises(tk.errors.InvalidArgumentError, match="is out of order"):
        tk.sparse.to_dense(unordered)
    assert tk.sparse.reorder(unordered).values.numpy().tolist() == [2.0, 1.0]
    with pytest.raises(ValueError, match="Dimensions 1 and 2 are not compatible"):
        tk.SparseTensor(indices=[[0, 0]], values=[1.0, 2.0], dense_shape=[3, 4])


def test_sparse_to_dense_gradient_reaches_values():
    values = tk.constant([1.0, 2.0], dtype=tk.float64)
    tk.test.check_gradients(lambda v: tk.sparse.to_dense(tk.SparseTensor([[0, 1], [2, 0]], v, [3, 2])) ** 2,
                            values)


IMG = np.arange(12.0, dtype=np.float32).reshape(1, 2, 2, 3)


def test_adjust_contrast_values_like_tf():
    out = tk.image.adjust_contrast(tk.constant(IMG), 2.0)
    np.testing.assert_array_equal(out.numpy()[0, 0], [[-4.5, -3.5, -2.5], [1.5, 2.5, 3.5]])
    assert out.dtype is tk.float32
    half = tk.image.adjust_contrast(tk.constant(IMG[0]), 0.5).numpy()
    np.testing.assert_allclose(half[0, 0], [2.25, 3.25, 4.25])
    u8 = tk.image.adjust_contrast(tk.constant(np.arange(12).reshape(2, 2, 3), dtype=tk.uint8), 2.0)
    assert u8.dtype is tk.uint8 and u8.numpy().reshape(-1).tolist() == [0, 0, 0, 1, 2, 3, 7, 8, 9, 13, 14, 15]
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"input must be at least 3-D, got shape\[2\]"):
        tk.image.adjust_contrast(tk.constant([1.0, 2.0]), 2.0)


def test_adjust_contrast_has_no_gradient_lookup_error_inside_tape_gradient():
    img = tk.Variable(IMG)
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(tk.image.adjust_contrast(img * 2.0, 2.0))
    with pytest.raises(LookupError, match="gradient registry has no entry for: AdjustContrastv2"):
        tape.gradient(y, img)
