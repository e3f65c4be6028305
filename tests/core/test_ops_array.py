"""Array ops: values and gradients (checked against TF 2.21's numbers and finite differences), errors."""

import numpy as np
import pytest

import tapekit as tk

X = np.arange(6.0).reshape(2, 3)
RNG = np.random.default_rng(1)


def grad_of(f, *xs):
    ts = [tk.constant(x) for x in xs]
    with tk.GradientTape() as tape:
        for t in ts:
            tape.watch(t)
        y = f(*ts)
    # gather's gradient is an IndexedSlices, as in TF: compare it densified
    return y.numpy(), [None if g is None else tk.convert_to_tensor(g).numpy() for g in tape.gradient(y, ts)]


# ---------- gradients equal TF's (values recorded from TF 2.21) ----------
def test_gather_values_and_gradients_like_tf():
    y, (g,) = grad_of(lambda a: tk.gather(a, [1, 0, 1]) * np.arange(9.0).reshape(3, 3), X)
    np.testing.assert_array_equal(g, [[3, 4, 5], [6, 8, 10]])  # TF: IndexedSlices, densified
    y, (g,) = grad_of(lambda a: tk.gather(a, [[2, 0]], axis=1) * 2, X)
    assert y.shape == (2, 1, 2)
    np.testing.assert_array_equal(g, [[2, 0, 2], [2, 0, 2]])
    y, (g,) = grad_of(lambda a: tk.gather(a, tk.constant([[1, 0], [2, 2]]), axis=1, batch_dims=1)
                      * np.arange(4.0).reshape(2, 2), X)
    np.testing.assert_array_equal(y, [[0, 0], [10, 15]])
    np.testing.assert_array_equal(g, [[1, 0, 0], [0, 0, 5]])


def test_scatter_gradients_like_tf():
    w = np.arange(6.0).reshape(2, 3)
    y, (gt, gu) = grad_of(lambda a, u: tk.tensor_scatter_nd_update(a, [[0, 1], [1, 2]], u) * w, X,
                          np.array([10.0, 20.0]))
    np.testing.assert_array_equal(y, [[0, 10, 4], [9, 16, 100]])
    np.testing.assert_array_equal(gt, [[0, 0, 2], [3, 4, 0]])
    np.testing.assert_array_equal(gu, [1, 5])
    y, (gt, gu) = grad_of(lambda a, u: tk.tensor_scatter_nd_add(a, [[0, 1], [0, 1]], u) * w, X,
                          np.array([10.0, 20.0]))
    np.testing.assert_array_equal(y, [[0, 31, 4], [9, 16, 25]])
    np.testing.assert_array_equal(gt, w)
    np.testing.assert_array_equal(gu, [1, 1])


def test_clip_by_value_bounds_are_inclusive():
    y, (g,) = grad_of(lambda a: tk.clip_by_value(a, 1.0, 4.0), np.array([1.0, 4.0, 0.5, 5.0]))
    np.testing.assert_array_equal(y, [1, 4, 1, 4])
    np.testing.assert_array_equal(g, [1, 1, 0, 0])
    _, (gx, glo, ghi) = grad_of(lambda a, lo, hi: tk.clip_by_value(a, lo, hi) * 2, X,
                                np.array([2.0, 0.0, 2.0]), np.array(4.0))
    np.testing.assert_array_equal(gx, [[0, 2, 2], [2, 2, 0]])
    np.testing.assert_array_equal(glo, [2, 0, 0])
    assert ghi == 2.0
    assert tk.clip_by_value(tk.constant([1, 5, 9]), 2, 6).numpy().tolist() == [2, 5, 6]
    with pytest.raises(TypeError, match="Cannot convert 6.0 to EagerTensor of dtype int32"):
        tk.clip_by_value(tk.constant([1, 5]), 2.0, 6.0)


def test_boolean_mask_and_where():
    y, (g,) = grad_of(lambda a: tk.boolean_mask(a, [[True, False, True], [False, False, True]])
                      * tk.constant([1.0, 2.0, 3.0], dtype=tk.float64), X)
    np.testing.assert_array_equal(y, [0, 4, 15])
    np.testing.assert_array_equal(g, [[1, 0, 2], [0, 0, 3]])
    assert tk.boolean_mask(tk.constant(X), [True, False, True], axis=1).shape == tk.TensorShape([2, 2])
    with pytest.raises(ValueError, match=r"Shapes \(2,\) and \(3,\) are incompatible"):
        tk.boolean_mask(tk.constant(X), [True, False, True])
    with pytest.raises(ValueError, match="mask cannot be scalar."):
        tk.boolean_mask(tk.constant(X), True)
    w = tk.where(tk.constant([[True, False], [False, True]]))
    assert w.dtype is tk.int64 and w.numpy().tolist() == [[0, 0], [1, 1]]
    assert tk.where(tk.constant([1.0, 0.0, 2.0])).numpy().tolist() == [[0], [2]]
    with pytest.raises(tk.errors.InvalidArgumentError, match="WhereOp : Unhandled input dimensions: 0"):
        tk.where(tk.constant(True))


def test_pad_modes_like_tf():
    w = np.arange(28.0).reshape(4, 7)
    y, (g,) = grad_of(lambda a: tk.pad(a, [[1, 1], [2, 2]], mode="REFLECT") * w, X)
    np.testing.assert_array_equal(y[0], [0, 4, 6, 12, 20, 20, 18])
    np.testing.assert_array_equal(g, [[72, 102, 64], [44, 60, 36]])
    y, (g,) = grad_of(lambda a: tk.pad(a, [[1, 1], [2, 2]], mode="SYMMETRIC") * w, X)
    np.testing.assert_array_equal(g, [[20, 39, 32], [76, 123, 88]])
    y, _ = grad_of(lambda a: tk.pad(a, [[1, 1], [1, 1]], constant_values=3.0), X)
    assert y[0, 0] == 3.0 and y[1, 1] == 0.0


def test_split_unstack_tile_reverse_values():
    parts = tk.split(tk.constant(X), [1, -1], axis=1)
    assert [p.shape.as_list() for p in parts] == [[2, 1], [2, 2]]
    assert len(tk.split(tk.constant(X), 3, axis=1)) == 3
    assert [t.numpy().tolist() for t in tk.unstack(tk.constant(X))] == [[0, 1, 2], [3, 4, 5]]
    assert tk.tile(tk.constant([1, 2]), [2]).numpy().tolist() == [1, 2, 1, 2]
    assert tk.reverse(tk.constant(X), [0, -1]).numpy().tolist() == [[5, 4, 3], [2, 1, 0]]
    _, (g,) = grad_of(lambda a: tk.tile(a, [2, 3]) * np.arange(36.0).reshape(4, 9), X)
    np.testing.assert_array_equal(g, [[72, 78, 84], [126, 132, 138]])


# ---------- numerical gradient checks ----------
def rand(*shape, dtype=np.float64):
    return RNG.normal(size=shape).astype(dtype)


CASES = [
    ("reshape", lambda a: tk.reshape(a, [-1, 2]) ** 2, [(2, 3)]),
    ("reshape3", lambda a: tk.reshape(a, [4, -1]) ** 2, [(2, 2, 3)]),
    ("transpose", lambda a: tk.transpose(a) ** 2, [(2, 3)]),
    ("transpose_perm", lambda a: tk.transpose(a, [1, 2, 0]) ** 2, [(2, 3, 2)]),
    ("expand_dims", lambda a: tk.expand_dims(a, -1) ** 2, [(2, 3)]),
    ("squeeze", lambda a: tk.squeeze(a, axis=[0]) ** 2, [(1, 3, 1)]),
    ("concat", lambda a, b: tk.concat([a, b], axis=0) ** 2, [(2, 3), (1, 3)]),
    ("concat_last", lambda a, b: tk.concat([a, b], -1) ** 2, [(2, 1), (2, 3)]),
    ("stack", lambda a, b: tk.stack([a, b], axis=1) ** 2, [(2, 3), (2, 3)]),
    ("unstack", lambda a: tk.unstack(a, axis=1)[1] ** 2, [(2, 3)]),
    ("tile", lambda a: tk.tile(a, [2, 3]) ** 2, [(2, 3)]),
    ("tile3", lambda a: tk.tile(a, [1, 2, 2]) ** 2, [(2, 1, 2)]),
    ("broadcast_to", lambda a: tk.broadcast_to(a, [2, 2, 3]) ** 2, [(2, 3)]),
    ("broadcast_ones", lambda a: tk.broadcast_to(a, [4, 3]) ** 2, [(1, 3)]),
    ("gather", lambda a: tk.gather(a, [2, 0, 2]) ** 2, [(3, 2)]),
    ("gather_axis", lambda a: tk.gather(a, [[1, 1], [0, 2]], axis=1) ** 2, [(2, 3, 2)]),
    ("gather_batch", lambda a: tk.gather(a, [[1, 0], [2, 2]], axis=1, batch_dims=1) ** 2, [(2, 3)]),
    ("gather_nd", lambda a: tk.gather_nd(a, [[1, 2], [0, 0], [1, 2]]) ** 2, [(2, 3)]),
    ("gather_nd_rows", lambda a: tk.gather_nd(a, [[1], [1]]) ** 2, [(2, 3)]),
    ("gather_nd_batch", lambda a: tk.gather_nd(a, [[1], [0]], batch_dims=1) ** 2, [(2, 3, 2)]),
    ("scatter_update", lambda a, u: tk.tensor_scatter_nd_update(a, [[0, 1], [1, 0]], u) ** 2, [(2, 3), (2,)]),
    ("scatter_add", lambda a, u: tk.tensor_scatter_nd_add(a, [[1], [1]], u) ** 2, [(2, 3), (2, 3)]),
    ("scatter_nd", lambda u: tk.scatter_nd([[1], [3], [1]], u, [5, 2]) ** 2, [(3, 2)]),
    ("boolean_mask", lambda a: tk.boolean_mask(a, [True, False, True]) ** 2, [(3, 2)]),
    ("clip", lambda a: tk.clip_by_value(a, -0.5, 0.5) ** 2, [(3, 4)]),
    ("identity", lambda a: tk.identity(a) ** 2, [(3,)]),
    ("reverse", lambda a: tk.reverse(a, [1]) * np.arange(6.0).reshape(2, 3), [(2, 3)]),
    ("pad", lambda a: tk.pad(a, [[1, 0], [0, 2]]) ** 2, [(2, 3)]),
    ("pad_reflect", lambda a: tk.pad(a, [[1, 1], [2, 2]], mode="REFLECT") ** 2, [(2, 3)]),
    ("pad_symmetric", lambda a: tk.pad(a, [[2, 1]], mode="SYMMETRIC") ** 2, [(3,)]),
    ("split", lambda a: tk.split(a, [1, 2], axis=1)[1] ** 2, [(2, 3)]),
    ("getitem", lambda a: a[1:, ::-1] ** 2, [(3, 3)]),
]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name, f, shapes", CASES, ids=[c[0] for c in CASES])
def test_numerical_gradients(name, f, shapes, dtype):
    tk.test.check_gradients(f, *[rand(*s, dtype=dtype) for s in shapes])


def test_second_order_through_gather_and_scatter():
    x = tk.constant([1.0, 2.0, 3.0], dtype=tk.float64)
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = tk.reduce_sum(tk.gather(x, [0, 2, 2]) ** 3)
        g = tk.convert_to_tensor(inner.gradient(y, x))  # an IndexedSlices, made dense on the outer tape
    np.testing.assert_allclose(g.numpy(), [3.0, 0.0, 54.0])
    np.testing.assert_allclose(tk.convert_to_tensor(outer.gradient(g, x)).numpy(), [6.0, 0.0, 36.0])


# ---------- errors (TF's texts) ----------
E = tk.errors.InvalidArgumentError
ERRORS = [
    (lambda: tk.reshape(X, [4, -1]), E, "Input to reshape is a tensor with 6 values, but the requested shape "
                                        "requires a multiple of 4 [Op:Reshape]"),
    (lambda: tk.reshape(X, [4, 2]), E, "but the requested shape has 8 [Op:Reshape]"),
    (lambda: tk.reshape(X, [-1, -1]), E, "Only one input size may be -1, not both 0 and 1"),
    (lambda: tk.transpose(X, [0, 0]), E, "1 is missing from {0,0}. [Op:Transpose]"),
    (lambda: tk.transpose(X, [0, 1, 2]), E, "transpose expects a vector of size 2. But input(1) is a vector of size 3"),
    (lambda: tk.concat([X, np.ones((2, 2))], 0), E, "ConcatOp : Dimension 1 in both shapes must be equal: "
                                                   "shape[0] = [2,3] vs. shape[1] = [2,2] [Op:ConcatV2] name: concat"),
    (lambda: tk.concat([tk.constant([1]), tk.constant([1.0])], 0), E,
     "cannot compute ConcatV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor"),
    (lambda: tk.stack([[1.0, 2.0], [1.0]]), E, "Shapes of all inputs must match: values[0].shape = [2] != "
                                              "values[1].shape = [1] [Op:Pack] name: stack"),
    (lambda: tk.unstack(X, num=3), E, "Input shape axis 0 must equal 3, got shape [2,3] [Op:Unpack] name: unstack"),
    (lambda: tk.tile(X, [2]), E, "Expected multiples argument to be a vector of length 2 but got length 1"),
    (lambda: tk.broadcast_to(X, [3, 3]), E, "Incompatible shapes: [2,3] vs. [3,3] [Op:BroadcastTo]"),
    (lambda: tk.gather(X, [5]), E, "indices[0] = 5 is not in [0, 2) [Op:GatherV2]"),
    (lambda: tk.gather(X, [-1]), E, "indices[0] = -1 is not in [0, 2) [Op:GatherV2]"),
    (lambda: tk.gather(X, [1.0]), E, "Value for attr 'Tindices' of float is not in the list of allowed values"),
    (lambda: tk.gather_nd(X, [[2, 0]]), E, "indices[0] = [2, 0] does not index into param shape [2,3]"),
    (lambda: tk.tensor_scatter_nd_update(X, [[5, 0]], [1.0]), E, "indices[0] = [5, 0] does not index into shape [2,3]"),
    (lambda: tk.tensor_scatter_nd_update(X, [[0, 0]], [1.0, 2.0]), E,
     "Outer dimensions of indices and update must match. Indices shape: [1,2], updates shape:[2]"),
    (lambda: tk.tensor_scatter_nd_update(tk.constant(X), [[0, 0]], tk.constant([1.0])), E,
     "cannot compute TensorScatterUpdate as input #2(zero-based) was expected to be a double tensor but is a float"),
    (lambda: tk.split(X, 4, axis=1), E, "Number of ways to split should evenly divide the split dimension, but got "
                                       "split_dim 1 (size = 3) and num_split 4 [Op:Split] name: split"),
    (lambda: tk.pad(X, [[1, 0]]), E, "The first dimension of paddings must be the rank of inputs[1,2] [2,3]"),
    (lambda: tk.pad(X, [[2, 0], [0, 0]], mode="REFLECT"), E, "paddings must be less than the dimension size: 2, 0"),
    (lambda: tk.pad(X, [[1, 0], [0, 0]], mode="FOO"), ValueError, "Value of argument `mode` expected to be one of"),
    (lambda: tk.reverse(X, [2]), E, "'axis'[0] = 2 is out of valid range [0, 1 [Op:ReverseV2]"),
    (lambda: tk.expand_dims(X, 3), E, "Tried to expand dim index 3 for tensor with 2 dimensions."),
    (lambda: tk.squeeze(X, axis=0), E, "Can not squeeze dim[0], expected a dimension of 1, got 2"),
]


@pytest.mark.parametrize("make, exc, text", ERRORS)
def test_errors_match_tf(make, exc, text):
    with pytest.raises(exc) as info:
        make()
    assert text in str(info.value)


def test_error_hints_name_the_shapes():
    with pytest.raises(E) as info:
        tk.reshape(X, [4, 2])
    assert "Hint" in str(info.value) and "[2, 3]" in str(info.value)
