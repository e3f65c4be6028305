"""Tensors: conversion rules, immutability, printing (TF's exact text with tk.), scalars, indexing."""

import numpy as np
import pytest

import tapekit as tk

STRINGS = pytest.mark.numpy_only("string tensor: the strict backend has none")


@pytest.mark.parametrize("value, dtype", [
    (1.5, tk.float32), (3, tk.int32), (2**40, tk.int64), (True, tk.bool), pytest.param("hi", tk.string, marks=STRINGS),
    (1 + 2j, tk.complex128), ([1, 2.5], tk.float32), ([[1, 2], [3, 4]], tk.int32), ([], tk.float32),
    (np.array([1, 2], dtype=np.int16), tk.int16), (np.array([1.0]), tk.float64),
    ([np.float64(1.5), 2], tk.float64), ([1, True], tk.int32), ([2 + 1j, 1, True], tk.complex128),
])
def test_constant_dtype_inference(value, dtype):
    assert tk.constant(value).dtype is dtype


@pytest.mark.parametrize("value, kwargs, exc, text", [
    ([[1, 2], [3]], {}, ValueError, "Can't convert non-rectangular Python sequence to Tensor."),
    ([True, 1], {}, ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (["a", 1], {}, ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    ([1, 2 + 1j], {}, ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (2**70, {}, ValueError, "Can't convert Python sequence with out-of-range integer to Tensor."),
    (1.5, {"dtype": tk.int32}, TypeError, "Cannot convert 1.5 to EagerTensor of dtype int32"),
    ([1.5, 2], {"dtype": tk.int32}, TypeError, "Cannot convert [1.5, 2] to EagerTensor of dtype int32"),
    (1, {"dtype": tk.bool}, TypeError, "Cannot convert 1 to EagerTensor of dtype bool"),
    (1 + 1j, {"dtype": tk.float32}, TypeError, "Cannot convert (1+1j) to EagerTensor of dtype float"),
    ({"a": 1}, {}, ValueError, "with an unsupported type (<class 'dict'>) to a Tensor."),
])
def test_constant_conversion_errors(value, kwargs, exc, text):
    with pytest.raises(exc) as info:
        tk.constant(value, **kwargs)
    assert str(info.value).startswith(text) or text in str(info.value)


def test_constant_dtype_and_shape_arguments():
    assert tk.constant([1, 2], dtype=tk.float32).numpy().tolist() == [1.0, 2.0]
    np.testing.assert_array_equal(tk.constant(1.0, shape=[2, 2]).numpy(), np.ones((2, 2), np.float32))
    assert tk.constant([1, 2, 3, 4], shape=[2, 2]).shape == tk.TensorShape([2, 2])
    assert int(tk.constant(2**40, dtype=tk.int32)) == 0          # explicit int dtypes wrap, as TF
    assert int(tk.constant(-1, dtype=tk.uint8)) == 255
    assert tk.constant(np.array([1.7, -1.2]), dtype=tk.int32).numpy().tolist() == [1, -1]
    assert tk.convert_to_tensor(1.5, dtype_hint=tk.int32).dtype is tk.float32
    assert tk.convert_to_tensor(1, dtype_hint=tk.float64).dtype is tk.float64
    with pytest.raises(TypeError, match=r"Tensor \[1 2 3\] \(converted from \[1, 2, 3\]\) has 3 elements"):
        tk.constant([1, 2, 3], shape=[2, 2])


@STRINGS
def test_strings_are_object_arrays_of_bytes():
    t = tk.constant(["a", "bc"])
    assert t.dtype is tk.string and t.numpy().dtype == object and t.numpy().tolist() == [b"a", b"bc"]
    assert tk.constant(np.array(["x"])).numpy().tolist() == [b"x"]
    assert tk.constant("hi").numpy() == b"hi"


def test_immutable_and_copy_of_numpy_input():
    arr = np.array([1.0, 2.0])
    t = tk.constant(arr)
    arr[0] = 9.0
    assert t.numpy()[0] == 1.0
    with pytest.raises(TypeError, match="object does not support item assignment"):
        t[0] = 1.0


PRINTS = [
    (lambda: str(tk.constant(1.5)), "tk.Tensor(1.5, shape=(), dtype=float32)"),
    (lambda: repr(tk.constant(1.5)), "<tk.Tensor: shape=(), dtype=float32, numpy=1.5>"),
    (lambda: repr(tk.constant(1 / 3)), "<tk.Tensor: shape=(), dtype=float32, numpy=0.3333333432674408>"),
    (lambda: str(tk.constant(1 / 3)), "tk.Tensor(0.33333334, shape=(), dtype=float32)"),
    (lambda: str(tk.constant(3)), "tk.Tensor(3, shape=(), dtype=int32)"),
    (lambda: repr(tk.constant(2**40)), "<tk.Tensor: shape=(), dtype=int64, numpy=1099511627776>"),
    (lambda: str(tk.constant([True, False])), "tk.Tensor([ True False], shape=(2,), dtype=bool)"),
    (lambda: repr(tk.constant([True, False])),
     "<tk.Tensor: shape=(2,), dtype=bool, numpy=array([ True, False])>"),
    *[pytest.param(make, text, marks=STRINGS) for make, text in [
        (lambda: str(tk.constant("hi")), "tk.Tensor(b'hi', shape=(), dtype=string)"),
        (lambda: repr(tk.constant("hi")), "<tk.Tensor: shape=(), dtype=string, numpy=b'hi'>"),
        (lambda: str(tk.constant(["a", "bc"])), "tk.Tensor([b'a' b'bc'], shape=(2,), dtype=string)"),
        (lambda: repr(tk.constant(["a", "bc"])),
         "<tk.Tensor: shape=(2,), dtype=string, numpy=array([b'a', b'bc'], dtype=object)>"),
    ]],
    (lambda: repr(tk.constant(1 + 2j)), "<tk.Tensor: shape=(), dtype=complex128, numpy=(1+2j)>"),
    (lambda: str(tk.constant([1.0, 2.0, 3.0])), "tk.Tensor([1. 2. 3.], shape=(3,), dtype=float32)"),
    (lambda: str(tk.constant([[1.0, 2.0], [3.0, 4.0]])),
     "tk.Tensor(\n[[1. 2.]\n [3. 4.]], shape=(2, 2), dtype=float32)"),
    (lambda: repr(tk.constant([[1.0, 2.0], [3.0, 4.0]])),
     "<tk.Tensor: shape=(2, 2), dtype=float32, numpy=\narray([[1., 2.],\n       [3., 4.]], dtype=float32)>"),
    (lambda: str(tk.constant(np.arange(8).reshape(2, 2, 2))),
     "tk.Tensor(\n[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]], shape=(2, 2, 2), dtype=int64)"),
    (lambda: repr(tk.constant([])), "<tk.Tensor: shape=(0,), dtype=float32, numpy=array([], dtype=float32)>"),
    (lambda: str(tk.cast(tk.constant([1.7, -1.7]), tk.int32)), "tk.Tensor([ 1 -1], shape=(2,), dtype=int32)"),
    (lambda: repr(tk.float32), "tk.float32"),
    (lambda: str(tk.float32), "<dtype: 'float32'>"),
    (lambda: repr(tk.constant([[1, 2, 3]]).shape), "TensorShape([1, 3])"),
    (lambda: str(tk.constant([[1, 2, 3]]).shape), "(1, 3)"),
    (lambda: str(tk.constant([1]).shape), "(1,)"),
    (lambda: str(tk.constant(1).shape), "()"),
]


@pytest.mark.parametrize("make, text", PRINTS)
def test_printing_matches_tf(make, text):
    assert make() == text


def test_shape_queries():
    x = tk.constant([[1, 2, 3]])
    assert x.ndim == 2 and x.dtype is tk.int32
    assert tk.shape(x).numpy().tolist() == [1, 3] and tk.shape(x).dtype is tk.int32
    assert int(tk.size(x)) == 3 and int(tk.rank(x)) == 2


def test_python_conversions():
    assert float(tk.constant(2.5)) == 2.5 and int(tk.constant(2.7)) == 2
    assert bool(tk.constant(0.0)) is False and bool(tk.constant([1.0])) is True
    with pytest.raises(TypeError, match="only 0-dimensional arrays can be converted to Python scalars"):
        float(tk.constant([2.5]))
    with pytest.raises(ValueError, match="The truth value of an array with more than one element is ambiguous"):
        bool(tk.constant([1.0, 2.0]))
    assert len(tk.constant([[1], [2]])) == 2
    with pytest.raises(TypeError, match="Scalar tensor has no `len\\(\\)`"):
        len(tk.constant(1.0))
    assert [int(v) for v in tk.constant([1, 2])] == [1, 2]
    assert f"{tk.constant(2.5):.3f}" == "2.500" and f"{tk.constant([2.5])}" == "[2.5]"
    assert format(tk.constant(1 / 3)) == "0.3333333432674408"
    with pytest.raises(TypeError, match="unsupported format string"):
        f"{tk.constant([2.5]):.3f}"
    with pytest.raises(TypeError, match="Tensor is unhashable"):
        hash(tk.constant(1))


def test_binary_dtype_rules():
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        tk.constant([1, 2]) * 2.5
    with pytest.raises(tk.errors.InvalidArgumentError, match="expected to be a double tensor but is a float"):
        tk.constant([1.0], dtype=tk.float64) * tk.constant([1.0])
    assert (tk.constant([1, 2]) * 2).numpy().tolist() == [2, 4]


X = np.arange(6.0).reshape(2, 3)


@pytest.mark.parametrize("key, expected", [
    (0, X[0]), ((-1, slice(None, None, 2)), X[-1, ::2]), ((Ellipsis, 1), X[..., 1]),
    ((None, slice(None), 1), X[None, :, 1]), (slice(None, None, -1), X[::-1]), ([0, 1], X[0, 1]),
    (slice(0, 10), X[0:10]), ((slice(None), None), X[:, None]),
])
def test_getitem_values(key, expected):
    np.testing.assert_array_equal(tk.constant(X)[key].numpy(), expected)
    assert tk.constant(X)[tk.newaxis].shape == tk.TensorShape([1, 2, 3])


@pytest.mark.parametrize("key, exc, text", [
    (5, tk.errors.InvalidArgumentError, "slice index 5 of dimension 0 out of bounds. [Op:StridedSlice]"),
    ((0, 0, 0), tk.errors.InvalidArgumentError, "Index out of range using input dim 2; input has only 2 dims"),
    (1.5, TypeError, "Only integers, slices (`:`), ellipsis (`...`), tk.newaxis (`None`) and scalar "
                     "tk.int32/tk.int64 tensors are valid indices, got 1.5"),
])
def test_getitem_errors(key, exc, text):
    with pytest.raises(exc) as info:
        tk.constant(X)[key]
    assert text in str(info.value)


@pytest.mark.parametrize("value", [1.0, pytest.param("ab", marks=pytest.mark.numpy_only("string tensor"))])
def test_scalar_indexing_raises_like_tf(value):
    for t in (tk.constant(value),):
        with pytest.raises(tk.errors.InvalidArgumentError, match="Attempting to slice scalar input"):
            t[0]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, key", [((2, 3), (0, slice(1, None))), ((3, 4), (slice(None, None, -2), None)),
                                        ((2, 3, 2), (Ellipsis, 1)), ((4,), slice(1, 3))])
def test_getitem_gradient(dtype, shape, key):
    x = np.random.default_rng(0).normal(size=shape).astype(dtype)
    tk.test.check_gradients(lambda a: a[key] * a[key], x)


def test_getitem_gradient_value():
    x = tk.constant(X)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x[0, 1:] * 2
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[0, 2, 2], [0, 0, 0]])
