"""GradientTape.gradient() as observed in TF 2.21 (TF_TAPE_REFERENCE.md §2): its errors, inside the context,
structures, unconnected gradients, dtypes."""


import numpy as np
import pytest

import tapekit as tk
from tapekit._core.record.registry import state

from helpers import NON_PERSISTENT, val


# ---------- gradient(): errors ----------
def test_second_gradient_on_non_persistent_raises():
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = x * x
    tape.gradient(y, x)
    with pytest.raises(RuntimeError) as err:
        tape.gradient(y, x)
    assert str(err.value).startswith(NON_PERSISTENT)
    with pytest.raises(RuntimeError, match="jacobians"):
        tape.jacobian(y, x)
    with pytest.raises(RuntimeError) as err:
        tape.batch_jacobian(y, x)
    assert str(err.value).startswith(NON_PERSISTENT.replace("to compute", "tocompute"))


def test_gradient_on_never_entered_tape():
    with pytest.raises(RuntimeError) as err:
        tk.GradientTape().gradient(tk.constant(1.0), tk.constant(1.0))
    assert str(err.value).startswith(NON_PERSISTENT)


def test_gradient_bad_targets_and_sources():
    x = tk.constant(2.0)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    with pytest.raises(TypeError) as err:
        tape.gradient(None, x)
    assert str(err.value).startswith(
        "Argument `target` should be a list or nested structure of Tensors, Variables or "
        "CompositeTensors to be differentiated, but received None.")
    with pytest.raises(AttributeError, match="^'float' object has no attribute 'dtype'"):
        tape.gradient(3.0, x)
    with pytest.raises(AttributeError, match="^'float' object has no attribute 'dtype'"):
        tape.gradient(y, 3.0)
    with pytest.raises(AttributeError, match="^'numpy.ndarray' object has no attribute '_id'"):
        tape.gradient(y, np.array(1.0))
    with pytest.raises(TypeError, match="^Cannot convert the argument `type_value`: None to a "):
        tape.gradient(y, [x, None])
    with pytest.raises(ValueError, match="^Unknown value for unconnected_gradients: 'nonsense'"):
        tape.gradient(y, x, unconnected_gradients="nonsense")


def test_output_gradients_wrong_shape_is_invalid_argument():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * 2.0
    # TF's operand order depends on the target's op (x * 2.0: "[2] vs. [3]"; x * x: "[3] vs. [2]")
    with pytest.raises(tk.errors.InvalidArgumentError, match=r"^\{\{function_node __wrapped__Mul_device_[^}]*\}\} "
                                                               r"Incompatible shapes: \[(2|3)\] vs. \[(3|2)\]"):
        tape.gradient(y, x, output_gradients=tk.constant([1.0, 2.0, 3.0]))


def test_unregistered_gradient_raises_lookup_error():
    from tapekit._core.record.registry import execute

    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = execute("TapekitTestNoGrad", lambda a: a * 2, (x,))
    with pytest.raises(LookupError, match="^gradient registry has no entry for: TapekitTestNoGrad"):
        tape.gradient(y, x)


# ---------- gradient(): inside the context ----------
def test_non_persistent_gradient_inside_context_pops_the_tape():
    x = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        y = x * x
        g = tape.gradient(y, x)
        assert state.tapes == []
        z = y * 3.0
    assert g.numpy() == 4.0
    with pytest.raises(RuntimeError, match="one set of gradients"):
        tape.gradient(z, x)


def test_persistent_gradient_inside_context_warns_once_per_line(warnings_log):
    x = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = x * x * x
        for _ in range(3):
            g = tape.gradient(y, x)
        tape.gradient(y, x)
    assert len(warnings_log) == 2
    assert warnings_log[0].startswith("Calling GradientTape.gradient on a persistent tape inside its "
                                      "context is significantly less efficient")
    # it was recorded: its own gradient is the second derivative
    assert g.numpy() == 12.0
    assert tape.gradient(g, x).numpy() == 12.0


# ---------- structures ----------
def test_source_structures_are_preserved():
    a, b, c = tk.Variable(1.0), tk.Variable(2.0), tk.Variable(3.0)
    u = tk.Variable(9.0)
    with tk.GradientTape(persistent=True) as tape:
        y = a * b * c
    lst = tape.gradient(y, [a, b])
    tup = tape.gradient(y, (a, b))
    dct = tape.gradient(y, {"x": a, "u": u})
    nested = tape.gradient(y, [a, {"b": b, "rest": (c, [u])}])
    assert isinstance(lst, list) and isinstance(tup, tuple) and isinstance(dct, dict)
    assert [g.numpy() for g in lst] == [6.0, 3.0]
    assert dct["x"].numpy() == 6.0 and dct["u"] is None
    assert nested[1]["rest"][0].numpy() == 2.0 and nested[1]["rest"][1] == [None]
    assert nested[1]["b"].numpy() == 3.0


def test_repeated_source_gets_full_gradient_in_each_slot():
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = x * x
    g1, g2 = tape.gradient(y, [x, x])
    assert g1.numpy() == g2.numpy() == 6.0


def test_non_scalar_and_multiple_targets_are_summed():
    x = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = x ** 2
        z = 1.0 / x
        w = x * tk.constant([3.0, 4.0])
        const = tk.constant(5.0)
    assert tape.gradient(w, x).numpy() == 7.0
    assert tape.gradient([y, z], x).numpy() == pytest.approx(3.75)
    assert tape.gradient({"y0": y, "y1": z}, x).numpy() == pytest.approx(3.75)
    assert tape.gradient([y, const], x).numpy() == 4.0


def test_output_gradients_one_per_target():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = x * 3.0
    np.testing.assert_allclose(val(tape.gradient(y, x, output_gradients=tk.constant([10.0, 1.0]))),
                               [20.0, 4.0])
    g = tape.gradient([y, z], x, output_gradients=[tk.constant([1.0, 0.0]), tk.constant([0.0, 1.0])])
    np.testing.assert_allclose(val(g), [2.0, 3.0])


# ---------- unconnected gradients ----------
@pytest.mark.parametrize("how", [tk.UnconnectedGradients.ZERO, "zero"])
def test_unconnected_zero_has_source_shape_and_dtype(how):
    x = tk.Variable([2.0, 2.0])
    d = tk.constant(np.ones((2, 3)))
    i = tk.constant([1, 2])
    y = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        tape.watch([d, i])
        z = y ** 2
    gx, gd, gi = tape.gradient(z, [x, d, i], unconnected_gradients=how)
    assert gx.shape == (2,) and gx.dtype == tk.float32 and val(gx).tolist() == [0.0, 0.0]
    assert gd.shape == (2, 3) and gd.dtype == tk.float64
    assert gi.dtype == tk.int32 and val(gi).tolist() == [0, 0]


@pytest.mark.parametrize("how", [tk.UnconnectedGradients.NONE, "none"])
def test_unconnected_none(how):
    x, y = tk.Variable(2.0), tk.Variable(3.0)
    with tk.GradientTape() as tape:
        z = y * y
    assert tape.gradient(z, x, unconnected_gradients=how) is None


def test_unconnected_gradients_enum_values():
    assert tk.UnconnectedGradients.NONE.value == "none"
    assert tk.UnconnectedGradients.ZERO.value == "zero"


def test_target_equal_source_gives_ones_even_unwatched():
    x = tk.constant([1.0, 2.0])
    tape = tk.GradientTape()
    with tape:
        pass
    np.testing.assert_array_equal(val(tape.gradient(x, x)), [1.0, 1.0])
    v, w = tk.Variable(1.0), tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        pass
    assert tape.gradient(v, v).numpy() == 1.0
    assert tape.gradient(v, w) is None


# ---------- dtypes ----------
@pytest.mark.parametrize("dtype", [pytest.param(tk.float16, marks=pytest.mark.numpy_only(
    "float16 is outside the Array API standard: array_api_strict refuses it (CuPy has it)")), tk.float32, tk.float64])
def test_gradient_dtype_is_source_dtype(dtype):
    x = tk.constant([1.0, 2.0], dtype=dtype)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    g = tape.gradient(y, x)
    assert g.dtype == dtype
    np.testing.assert_allclose(val(g).astype(float), [2.0, 4.0])


def test_integer_path_gives_none():
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = tk.cast(tk.cast(x, tk.int32), tk.float32) * 2.0
    assert tape.gradient(y, x) is None


def test_cast_to_float64_keeps_float32_gradient():
    x = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = tk.cast(x, tk.float64) ** 2
    g = tape.gradient(y, x)
    assert g.dtype == tk.float32 and g.numpy() == 6.0


