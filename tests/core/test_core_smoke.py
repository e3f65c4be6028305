"""End-to-end checks of the core loop: record, differentiate, free."""


import numpy as np
import pytest

import tapekit as tk


def test_variable_gradient_known_value():
    v = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = v * v + 2.0 * v
    assert tape.gradient(y, v).numpy() == pytest.approx(8.0)


def test_second_and_third_derivative_with_nested_tapes():
    x = tk.constant(2.0)
    with tk.GradientTape() as t3:
        t3.watch(x)
        with tk.GradientTape() as t2:
            t2.watch(x)
            with tk.GradientTape() as t1:
                t1.watch(x)
                y = x ** 4
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    d3 = t3.gradient(d2, x)
    assert (d1.numpy(), d2.numpy(), d3.numpy()) == (32.0, 48.0, 48.0)


def test_broadcast_gradient_is_reduced_to_input_shape():
    a = tk.constant(np.ones((3, 1)))
    b = tk.constant(np.ones((1, 4)))
    with tk.GradientTape() as tape:
        tape.watch([a, b])
        y = a * b
    ga, gb = tape.gradient(y, [a, b])
    assert ga.shape == (3, 1) and gb.shape == (1, 4)
    np.testing.assert_array_equal(ga.numpy(), np.full((3, 1), 4.0))
    np.testing.assert_array_equal(gb.numpy(), np.full((1, 4), 3.0))


def test_add_with_a_python_float_on_an_int_tensor_reports_the_dtype_clash_like_tf():
    c = tk.constant([1, 2])
    with pytest.raises(tk.errors.InvalidArgumentError, match="AddV2 .* int32 tensor but is a float"):
        c + 1.0
    with pytest.raises(TypeError, match="Cannot convert 1.0 to EagerTensor of dtype int32"):
        c - 1.0
    with pytest.raises(TypeError, match="Cannot convert 1.0 to EagerTensor of dtype int32"):
        1.0 + c


@pytest.mark.numpy_only("string tensors: the strict backend has none by design")
@pytest.mark.parametrize("value, dtype, text", [
    (["1"], tk.float32, "Cast string to float is not supported"),
    (["1"], tk.int32, "Cast string to int32 is not supported"),
    ([1.5], tk.string, "Cast float to string is not supported"),
])
def test_casting_between_strings_and_numbers_is_unimplemented_as_in_tf(value, dtype, text):
    with pytest.raises(tk.errors.UnimplementedError, match=text):
        tk.cast(tk.constant(value), dtype)
