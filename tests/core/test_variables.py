"""tk.Variable: creation, naming, shapes, assign* and the errors TF 2.21 raises."""

import re

import numpy as np
import pytest

import tapekit as tk


def same(v, expected, dtype):
    assert v.dtype == dtype
    np.testing.assert_array_equal(v.numpy(), expected)


# ---------- creation ----------
@pytest.mark.parametrize("init, expected, dtype", [
    (3, 3, tk.int32),
    (3.0, 3.0, tk.float32),
    ([1, 2], [1, 2], tk.int32),
    (((2, 3)), [2, 3], tk.int32),
    (np.array([1, 2]), [1, 2], tk.int64),
    (np.array([1.0], np.float32), [1.0], tk.float32),
])
def test_creation_from_python_and_numpy(init, expected, dtype):
    same(tk.Variable(init), expected, dtype)


def test_creation_from_tensor_and_dtype_argument():
    same(tk.Variable(tk.constant([[1, 2], [3, 4]])), [[1, 2], [3, 4]], tk.int32)
    same(tk.Variable([1, 2], dtype=tk.float64), [1.0, 2.0], tk.float64)
    same(tk.Variable(3, dtype=tk.float32), 3.0, tk.float32)
    same(tk.Variable(tk.zeros([2, 3])), np.zeros((2, 3)), tk.float32)


def test_creation_errors():
    with pytest.raises(ValueError, match="^The `initial_value` arg to `tk.Variable` must be specified"):
        tk.Variable(None)
    with pytest.raises(TypeError, match="^Cannot convert 3.5 to EagerTensor of dtype int32"):
        tk.Variable(3.5, dtype=tk.int32)
    with pytest.raises(ValueError, match=r"Tensor conversion requested dtype float64 for Tensor with "
                                         r"dtype float32"):
        tk.Variable(tk.constant(1.0), dtype=tk.float64)
    with pytest.raises(ValueError, match=r"^In this `tk.Variable` creation, the initial value's shape "
                                         r"\(\(2,\)\) is not compatible with the explicitly supplied "
                                         r"`shape` argument \(\(3,\)\)."):
        tk.Variable([1.0, 2.0], shape=(3,))


def test_creation_from_callable():
    def init():
        return tk.constant([1, 2, 3])
    v = tk.Variable(init)
    same(v, [1, 2, 3], tk.int32)
    assert bool(tk.reduce_all(v == init()))


def test_copy_from_variable_shares_no_memory():
    v1 = tk.Variable([2.0, 3.0], name="var_unique")
    v2 = tk.Variable(v1, name="var_unique")
    assert v1 is not v2
    assert (v1.name, v2.name) == ("var_unique:0", "var_unique:0")
    v1.assign([9.0, 9.0])
    same(v2, [2.0, 3.0], tk.float32)


def test_creation_from_tensor_or_ndarray_copies():
    arr = np.array([1.0, 2.0], np.float32)
    v = tk.Variable(arr)
    arr[0] = 100.0
    same(v, [1.0, 2.0], tk.float32)
    t = tk.constant([1.0, 2.0])
    v = tk.Variable(t)
    v.assign_add([1.0, 1.0])
    same(t, [1.0, 2.0], tk.float32)


def test_numpy_of_variable_is_a_copy():
    v = tk.Variable([1.0, 2.0])
    a = v.numpy()
    a[0] = 50.0
    same(v, [1.0, 2.0], tk.float32)


def test_names_repr_and_trainable():
    assert tk.Variable(1.0).name == "Variable:0"
    assert tk.Variable(1.0, name="x").name == "x:0"
    assert tk.Variable(1.0, name="a:0").name == "a:0:0"
    assert repr(tk.Variable(2, name="x")) == "<tk.Variable 'x:0' shape=() dtype=int32, numpy=2>"
    assert repr(tk.Variable([[2, 3]], dtype=tk.int32)) == (
        "<tk.Variable 'Variable:0' shape=(1, 2) dtype=int32, numpy=array([[2, 3]], dtype=int32)>")
    assert tk.Variable(1.0).trainable is True
    assert tk.Variable(1.0, trainable=False).trainable is False
    assert not hasattr(tk.constant(1.0), "trainable")


def test_variable_is_not_a_tensor_and_has_no_ndim():
    v = tk.Variable([1, 2])
    assert isinstance(v, tk.Variable) and not isinstance(v, tk.Tensor)
    with pytest.raises(AttributeError):
        v.ndim  # noqa: B018  (TF 2.21: 'ResourceVariable' object has no attribute 'ndim')
    assert v.shape == (2,) and v.dtype == tk.int32


def test_unknown_shape_variable():
    x = tk.Variable(5, dtype=tk.int32, shape=tk.TensorShape(None), name="x")
    assert repr(x) == "<tk.Variable 'x:0' shape=<unknown> dtype=int32, numpy=5>"
    x.assign([1, 2, 3])
    same(x, [1, 2, 3], tk.int32)
    x.assign([[1, 2, 3], [4, 5, 6]])
    same(x, [[1, 2, 3], [4, 5, 6]], tk.int32)
    assert "shape=<unknown>" in repr(x)
    assert x.shape == tk.TensorShape(None)


# ---------- operators return tensors ----------
def test_operators_on_variables_return_tensors():
    z = tk.Variable(tk.constant([1, 2]))
    for out in (z + 5, z * 5, 5 - z, -z, tk.add(z, [1, 2])):
        assert isinstance(out, tk.Tensor) and not isinstance(out, tk.Variable)
    np.testing.assert_array_equal((z + 5).numpy(), [6, 7])
    np.testing.assert_array_equal((z * 5).numpy(), [5, 10])


def test_item_assignment_is_a_type_error():
    z = tk.Variable([1, 2])
    with pytest.raises(TypeError):
        z[0] = 10


# ---------- assign ----------
def test_assign_family_returns_a_view_of_the_variable():
    # As TF 2.21: assign* returns an _UnreadVariable, not v itself, sharing v's storage.
    v = tk.Variable([2.0, 3.0])
    view = v.assign([1.0, 2.0])
    assert view is not v and isinstance(view, tk.Variable)
    assert view.name == "UnreadVariable"
    assert v.assign_add([1, 2]) is not v
    same(v, [2.0, 4.0], tk.float32)
    assert v.assign_sub([1.0, 1.0]) is not v
    same(v, [1.0, 3.0], tk.float32)
    same(view, [1.0, 3.0], tk.float32)  # the view shows later changes
    assert v.assign([0.0, 0.0], read_value=False) is None
    same(v, [0.0, 0.0], tk.float32)


def test_assign_python_ints_into_float_variable():
    v = tk.Variable([1.0, 2.0])
    v.assign([3, 4])
    same(v, [3.0, 4.0], tk.float32)


def test_assign_does_not_alias_the_source():
    v = tk.Variable([1.0, 2.0])
    arr = np.array([5.0, 6.0], np.float32)
    v.assign(arr)
    arr[0] = -1.0
    same(v, [5.0, 6.0], tk.float32)


ERROR_CASES = [
    (lambda: tk.Variable([1.0, 2.0]), lambda v: v.assign(tk.constant([1, 2])), ValueError,
     "Tensor conversion requested dtype float32 for Tensor with dtype int32: <tk.Tensor: shape=(2,), "
     "dtype=int32, numpy=array([1, 2], dtype=int32)>"),
    (lambda: tk.Variable(1.0), lambda v: v.assign_add(tk.constant(1.0, dtype=tk.float64)), ValueError,
     "Tensor conversion requested dtype float32 for Tensor with dtype float64: <tk.Tensor: shape=(), "
     "dtype=float64, numpy=1.0>"),
    (lambda: tk.Variable(1), lambda v: v.assign(2.5), TypeError,
     "Cannot convert 2.5 to EagerTensor of dtype int32"),
    (lambda: tk.Variable([1, 2], name="z"), lambda v: v.assign([1.0, 2.0]), TypeError,
     "Cannot convert [1.0, 2.0] to EagerTensor of dtype int32"),
    (lambda: tk.Variable([1.0, 2.0]), lambda v: v.assign([1.0, 2.0, 3.0]), ValueError,
     "Cannot assign value to variable ' Variable:0': Shape mismatch.The variable shape (2,), and the "
     "assigned value shape (3,) are incompatible."),
    (lambda: tk.Variable(1), lambda v: v.assign(tk.Variable(2.0)), ValueError,
     "Incompatible type conversion requested to type int32 for `tk.Variable of type float32. "
     "(Variable: <tk.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>)"),
    (lambda: tk.Variable(1.0), lambda v: v.assign_add(tk.constant([1.0, 2.0])),
     tk.errors.InvalidArgumentError,
     "Cannot update variable with shape [] using a Tensor with shape [2], shapes must be equal. "
     "[Op:AssignAddVariableOp] name: "),
    (lambda: tk.Variable([1.0, 2.0]), lambda v: v.assign_sub([1.0, 2.0, 3.0]),
     tk.errors.InvalidArgumentError,
     "Cannot update variable with shape [2] using a Tensor with shape [3], shapes must be equal. "
     "[Op:AssignSubVariableOp] name: "),
    (lambda: tk.Variable([1.0, 2.0]), lambda v: v.assign_add(1.0), tk.errors.InvalidArgumentError,
     "Cannot update variable with shape [2] using a Tensor with shape [], shapes must be equal. "
     "[Op:AssignAddVariableOp] name: "),
    (lambda: tk.Variable(1.0), lambda v: v.assign_sub(1), None, None),
]


@pytest.mark.parametrize("make, bad, exc, text", ERROR_CASES)
def test_assign_errors_leave_value_unchanged(make, bad, exc, text):
    v = make()
    before = v.numpy().copy()
    if exc is None:
        bad(v)          # int into float: converted, no error
        assert v.numpy() == before - 1
        return
    with pytest.raises(exc) as err:
        bad(v)
    # after TF's kernel-error prefix, {{function_node __wrapped__AssignAddVariableOp_device_...}}
    assert re.sub(r"^\{\{function_node [^}]*\}\} ", "", str(err.value)).startswith(text)
    np.testing.assert_array_equal(v.numpy(), before)
    assert v.dtype == tk.as_dtype(before.dtype)


def test_assign_on_a_tensor_is_an_attribute_error():
    with pytest.raises(AttributeError):
        tk.constant(2).assign(3)


def test_gradient_through_variable_reads_matches_finite_differences():
    def f(w):
        return tk.reduce_sum(w * w * tk.cast(tk.constant([1.0, 3.0]), w.dtype) - w)

    for dtype in (np.float32, np.float64):
        w0 = np.array([[0.5, -1.0], [2.0, 0.3]], dtype)
        tk.test.check_gradients(f, w0)
        v = tk.Variable(w0)
        with tk.GradientTape() as tape:
            y = f(v)
        g = tape.gradient(y, v)
        assert g.dtype == tk.as_dtype(dtype)
        np.testing.assert_allclose(g.numpy(), 2 * w0 * np.array([1.0, 3.0]) - 1, rtol=1e-6)
