"""GradientTape behaviour, case by case as observed in TF 2.21 (TF_TAPE_REFERENCE.md §1, §2, §2b)."""

import gc
import logging
import threading
import weakref

import numpy as np
import pytest

import tapekit as tk
from tapekit.registry import state

NON_PERSISTENT = ("A non-persistent GradientTape can only be used to compute one set of gradients "
                  "(or jacobians)")


def val(t):
    return np.asarray(t.numpy())


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture
def warnings_log():
    handler = _Collect()
    logger = logging.getLogger("tapekit")
    logger.addHandler(handler)
    yield handler.messages
    logger.removeHandler(handler)


# ---------- entering, re-entering, exiting ----------
def test_enter_returns_the_tape_itself():
    tape = tk.GradientTape()
    with tape as entered:
        assert entered is tape


def test_reentering_an_active_tape_raises_value_error():
    with tk.GradientTape() as tape:
        with pytest.raises(ValueError) as err:
            tape.__enter__()
    assert str(err.value).startswith("Tape is still recording, This can happen if you try to re-enter "
                                     "an already-active tape.")


def test_reentering_after_exit_continues_recording():
    x = tk.constant(3.0)
    tape = tk.GradientTape(persistent=True)
    with tape:
        tape.watch(x)
        y = x * x
    with tape:
        z = y * x
    assert tape.gradient(z, x).numpy() == pytest.approx(27.0)  # d(x^3) = 3x^2
    assert tape.gradient(y, x).numpy() == pytest.approx(6.0)


def test_exception_inside_with_leaves_no_tape_active():
    with pytest.raises(ZeroDivisionError):
        with tk.GradientTape():
            raise ZeroDivisionError("inside the tape")
    assert state.tapes == []


def test_gradient_autodiff_alias_and_public_methods():
    public = {n for n in dir(tk.GradientTape) if not n.startswith("_")}
    # TF's seven, plus tapekit's introspection (docs/EVENTS.md): events, subscribe, explain
    assert public == {"batch_jacobian", "gradient", "jacobian", "reset", "stop_recording", "watch",
                      "watched_variables", "events", "subscribe", "explain"}


# ---------- watch ----------
@pytest.mark.parametrize("obj, text", [
    (3.0, "Passed in object 3.0 of type 'float', not tk.Tensor or tk.Variable or ExtensionType."),
    (np.array([1.0, 2.0]),
     "Passed in object [1. 2.] of type 'ndarray', not tk.Tensor or tk.Variable or ExtensionType."),
    (None, "Passed in object None of type 'NoneType', not tk.Tensor or tk.Variable or ExtensionType."),
])
def test_watch_non_tensor_raises_value_error(obj, text):
    with tk.GradientTape() as tape:
        with pytest.raises(ValueError) as err:
            tape.watch(obj)
    assert str(err.value).startswith(text)


def test_watch_list_with_a_float_inside_raises():
    x = tk.constant(1.0)
    with tk.GradientTape() as tape:
        with pytest.raises(ValueError, match="Passed in object 1.0 of type 'float'"):
            tape.watch([x, 1.0])


def test_watch_nested_list_of_tensors():
    a, b, c = tk.constant(1.0), tk.constant(2.0), tk.constant(3.0)
    with tk.GradientTape() as tape:
        tape.watch([a, (b, [c])])
        y = a * b * c
    assert [g.numpy() for g in tape.gradient(y, [a, b, c])] == [6.0, 3.0, 2.0]


def test_watch_before_enter_raises_attribute_error():
    tape = tk.GradientTape()
    with pytest.raises(AttributeError) as err:
        tape.watch(tk.constant(1.0))
    assert str(err.value).startswith("'NoneType' object has no attribute '_tape'")


@pytest.mark.parametrize("dtype", [tk.int32, tk.int64,
                                   pytest.param(tk.string, marks=pytest.mark.numpy_only("string tensor"))])
def test_watch_non_float_only_warns_and_gradient_is_none(dtype, warnings_log):
    x = tk.constant("a") if dtype is tk.string else tk.constant(3, dtype=dtype)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x if dtype is tk.string else x * x
    assert tape.gradient(y if dtype is not tk.string else tk.constant(1.0), x) is None
    assert warnings_log == [f"The dtype of the watched tensor must be floating (e.g. tk.float32), got "
                            f"tk.{dtype.name}"]


def test_constant_must_be_watched_before_use():
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        y = x * x
        tape.watch(x)
    assert tape.gradient(y, x) is None


def test_watching_after_exit_gives_none():
    x = tk.constant(3.0)
    with tk.GradientTape(persistent=True) as tape:
        y = x * x
    with pytest.raises(AttributeError):
        tk.GradientTape().watch(x)
    assert tape.gradient(y, x) is None


def test_unwatched_constant_gives_none_and_watched_gives_value():
    x = tk.constant(3.0)
    with tk.GradientTape() as tape:
        y = x * x
    assert tape.gradient(y, x) is None
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert tape.gradient(y, x).numpy() == 6.0


def test_intermediate_tensor_is_a_valid_source():
    x = tk.constant(3.0)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y
        c = tk.constant(2.0) * 3.0   # only from unwatched constants: not a source
        w = z * c
    assert tape.gradient(z, y).numpy() == 18.0
    assert tape.gradient(w, c) is None


def test_watching_is_per_tape():
    x, y = tk.Variable(3.0, name="x"), tk.Variable(4.0, name="y")
    with tk.GradientTape(watch_accessed_variables=False) as tx, \
            tk.GradientTape(watch_accessed_variables=False) as ty:
        tx.watch(x)
        ty.watch(y)
        z = x * y
    assert tx.gradient(z, x).numpy() == 4.0
    assert ty.gradient(z, y).numpy() == 3.0
    assert [v.name for v in tx.watched_variables()] == ["x:0"]


# ---------- watched_variables ----------
def test_watched_variables_tuple_in_creation_order_dedup():
    b = tk.Variable(1.0, name="b")
    a = tk.Variable(2.0, name="a")
    frozen = tk.Variable(3.0, trainable=False, name="frozen")
    c = tk.constant(1.0)
    with tk.GradientTape() as tape:
        assert tape.watched_variables() == ()
        tape.watch(c)
        y = a * b * a * frozen * c
        _ = b * 1.0
    wv = tape.watched_variables()
    assert isinstance(wv, tuple)
    assert [v.name for v in wv] == ["b:0", "a:0"]
    tape.gradient(y, a)
    assert [v.name for v in tape.watched_variables()] == ["b:0", "a:0"]


def test_watched_variables_empty_before_entering():
    assert tk.GradientTape().watched_variables() == ()


def test_watched_variables_include_read_only_and_int32_trainable():
    f = tk.Variable(2.0, name="f")
    i = tk.Variable(2, name="i")
    with tk.GradientTape() as tape:
        f.read_value()
        y = tk.cast(i, tk.float32) * 2.0
    assert [v.name for v in tape.watched_variables()] == ["f:0", "i:0"]
    gf, gi = tape.gradient(y, [f, i])
    assert gf is None and gi is None


def test_non_trainable_variable_explicit_watch_works():
    v = tk.Variable(3.0, trainable=False, name="v")
    with tk.GradientTape() as tape:
        y = v * v
    assert tape.gradient(y, v) is None and tape.watched_variables() == ()
    with tk.GradientTape() as tape:
        tape.watch(v)
        y = v * v
    assert tape.gradient(y, v).numpy() == 6.0
    assert [w.name for w in tape.watched_variables()] == ["v:0"]


def test_variable_created_inside_tape_listed_once_read():
    with tk.GradientTape() as tape:
        v = tk.Variable(1.0, name="inner")
        assert tape.watched_variables() == ()
        y = v * 2.0
    assert [w.name for w in tape.watched_variables()] == ["inner:0"]
    assert tape.gradient(y, v).numpy() == 2.0


def test_watch_accessed_variables_false():
    x, y = tk.Variable(3.0), tk.Variable(4.0)
    with tk.GradientTape(watch_accessed_variables=False) as tape:
        z = x * y
    assert tape.gradient(z, [x, y]) == [None, None]
    assert tape.watched_variables() == ()


# ---------- reset / stop_recording ----------
def test_reset_inside_discards_and_clears_watched():
    x = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = x * x
        assert len(tape.watched_variables()) == 1
        tape.reset()
        assert tape.watched_variables() == ()
        z = x * 3.0
    assert tape.gradient(y, x) is None
    assert tape.gradient(z, x).numpy() == 3.0


def test_reset_after_exit_raises():
    tape = tk.GradientTape()
    with tape:
        pass
    with pytest.raises(ValueError, match="^Tape is not recording."):
        tape.reset()


def test_stop_recording():
    x, y = tk.Variable(3.0), tk.Variable(4.0)
    with tk.GradientTape(persistent=True) as tape:
        z = x * y
        with tape.stop_recording():
            zz = x * x + y * y
        after = x * 2.0
    assert [g.numpy() for g in tape.gradient(z, [x, y])] == [4.0, 3.0]
    assert tape.gradient(zz, [x, y]) == [None, None]
    assert tape.gradient(after, x).numpy() == 2.0


def test_stop_recording_errors():
    with pytest.raises(RuntimeError, match="^Trying to stop recording a tape which is not recording."):
        with tk.GradientTape().stop_recording():
            pass
    tape = tk.GradientTape()
    with tape:
        pass
    with pytest.raises(ValueError, match="^Tape is not recording."):
        with tape.stop_recording():
            pass
    x = tk.Variable(1.0)
    with tk.GradientTape() as spent:
        y = x * x
    spent.gradient(y, x)
    with pytest.raises(RuntimeError, match="^Trying to stop recording a tape which is not recording."):
        with spent.stop_recording():
            pass


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
    from tapekit.registry import execute

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


# ---------- jacobians ----------
def test_jacobian_shapes_and_values():
    x = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.reshape(x * x, (3, 1))
    j = tape.jacobian(y, x)
    assert j.shape == (3, 1, 3)
    np.testing.assert_allclose(val(j)[:, 0, :], np.diag([2.0, 4.0, 6.0]))


def test_jacobian_without_pfor_needs_persistent():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    with pytest.raises(RuntimeError) as err:
        tape.jacobian(y, x, experimental_use_pfor=False)
    assert str(err.value).startswith(
        "GradientTape must be created with persistent=True to compute the jacobian with eager "
        "execution enabled and with  experimental_use_pfor set to False.")
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    np.testing.assert_allclose(val(tape.jacobian(y, x, experimental_use_pfor=False)),
                               [[2.0, 0.0], [0.0, 4.0]])


def test_jacobian_twice_on_non_persistent_raises():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.jacobian(y, x)
    with pytest.raises(RuntimeError, match="to compute one set"):
        tape.jacobian(y, x)


def test_jacobian_unconnected():
    x, u = tk.constant([1.0, 2.0]), tk.constant([5.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch([x, u])
        y = x * 2.0
    assert tape.jacobian(y, u) is None
    z = tape.jacobian(y, u, unconnected_gradients="zero")
    assert z.shape == (2, 1) and val(z).tolist() == [[0.0], [0.0]]


def test_batch_jacobian_values_and_errors():
    x = tk.constant([[1.0, 2.0], [3.0, 4.0]])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        bad = tk.reshape(x, (1, 4))
        flat = tk.reshape(x, (4,))
    bj = tape.batch_jacobian(y, x)
    assert bj.shape == (2, 2, 2)
    np.testing.assert_allclose(val(bj), [np.diag([2.0, 4.0]), np.diag([6.0, 8.0])])
    with pytest.raises(ValueError, match=r"^Need first dimension of target shape \(\(1, 4\)\) and "
                                         r"source shape \(\(2, 2\)\) to match."):
        tape.batch_jacobian(bad, x)
    with pytest.raises(ValueError, match=r"^Shape \(4,\) must have rank at least 2"):
        tape.batch_jacobian(flat, x)


def test_hessian_with_nested_tape_and_jacobian():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as outer:
        outer.watch(x)
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = x[0] ** 2 * x[1] + x[1] ** 3
        g = inner.gradient(y, x)
    h = outer.jacobian(g, x)
    # y = a^2 b + b^3: H = [[2b, 2a], [2a, 6b]]
    np.testing.assert_allclose(val(h), [[4.0, 2.0], [2.0, 12.0]])


# ---------- higher order ----------
def test_second_and_third_order():
    x = tk.Variable(3.0)
    with tk.GradientTape() as t3:
        with tk.GradientTape() as t2:
            with tk.GradientTape() as t1:
                y = x * x * x
            d1 = t1.gradient(y, x)
        d2 = t2.gradient(d1, x)
    d3 = t3.gradient(d2, x)
    assert (d1.numpy(), d2.numpy(), d3.numpy()) == (27.0, 18.0, 6.0)


def test_second_derivative_of_linear_function_is_none():
    x = tk.Variable(3.0)
    with tk.GradientTape() as t2:
        with tk.GradientTape() as t1:
            y = x * 2.0
        d1 = t1.gradient(y, x)
    assert t2.gradient(d1, x) is None


def test_inner_gradient_outside_outer_context_is_not_differentiable():
    x = tk.Variable(3.0)
    with tk.GradientTape() as t2:
        with tk.GradientTape() as t1:
            y = x * x
    d1 = t1.gradient(y, x)
    assert t2.gradient(d1, x) is None


# ---------- state ----------
def test_assign_breaks_the_chain():
    x, y = tk.Variable(3.0), tk.Variable(4.0)
    with tk.GradientTape() as tape:
        x.assign_add(y)
        z = x * x
    assert tape.gradient(z, y) is None
    a = tk.Variable(2.0)
    b = tk.Variable(0.0)
    with tk.GradientTape() as tape:
        b.assign(a * 3.0)
        out = b * 1.0
    assert tape.gradient(out, a) is None


def test_replacing_a_variable_by_a_tensor_gives_none_next_step():
    x = tk.Variable(2.0)
    results = []
    for _ in range(2):
        with tk.GradientTape() as tape:
            y = x + 1.0
        results.append((isinstance(x, tk.Variable), tape.gradient(y, x)))
        x = x - 0.1 * results[-1][1] if results[-1][1] is not None else x + 1.0
    assert results[0][0] and results[0][1].numpy() == 1.0
    assert not results[1][0] and results[1][1] is None


def test_assign_sub_keeps_gradients_flowing():
    w = tk.Variable(2.0)
    for _ in range(2):
        with tk.GradientTape() as tape:
            loss = w * w
        g = tape.gradient(loss, w)
        assert g is not None
        w.assign_sub(0.1 * g)
    assert w.numpy() == pytest.approx(2.0 - 0.4 - 0.1 * 3.2)


def test_assign_between_two_reads_differentiates_both_reads():
    v = tk.Variable(1.0)
    with tk.GradientTape(persistent=True) as tape:
        a = v * 1.0
        v.assign(3.0)
        b = v * v
        c = a + b
    assert tape.gradient(c, v).numpy() == 7.0
    assert tape.gradient(a, v).numpy() == 1.0
    assert tape.gradient(b, v).numpy() == 6.0
    # a target built inside gradient() after the block is not recorded
    assert tape.gradient(a + b, v) is None


def test_numpy_round_trip_gives_none():
    x = tk.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tk.GradientTape(persistent=True) as tape:
        x2 = x ** 2
        y = tk.reduce_mean(np.mean(x2, axis=0), axis=0)
        z = tk.constant(x2.numpy()) * 2.0
    assert tape.gradient(y, x) is None
    assert tape.gradient(z, x) is None


def test_python_max_over_variables():
    vs = [tk.Variable(1.0), tk.Variable(2.0), tk.Variable(3.0)]
    with tk.GradientTape() as tape:
        m = max(vs, key=lambda v: v.numpy())
        y = m * 1.0
    assert [None if g is None else g.numpy() for g in tape.gradient(y, vs)] == [None, None, 1.0]


def test_stop_gradient():
    x, y = tk.Variable(3.0), tk.Variable(4.0)
    with tk.GradientTape() as tape:
        z = x * tk.stop_gradient(y)
    dx, dy = tape.gradient(z, [x, y])
    assert dx.numpy() == 4.0 and dy is None
    assert isinstance(tk.stop_gradient(y), tk.Tensor)


# ---------- engineering ----------
@pytest.mark.slow
def test_chain_of_100k_ops_differentiates():
    x = tk.constant(1.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(100_000):
            y = y * 1.0
    assert tape.gradient(y, x).numpy() == 1.0


def test_tapes_are_per_thread():
    x = tk.Variable(2.0)
    ready, done = threading.Event(), threading.Event()
    other = {}

    def worker():
        ready.wait()
        other["y"] = x * x       # runs while the main thread's tape is active
        other["tapes"] = list(state.tapes)
        done.set()

    th = threading.Thread(target=worker)
    th.start()
    with tk.GradientTape(persistent=True) as tape:
        ready.set()
        done.wait(10)
        mine = x * 3.0
    th.join()
    assert other["tapes"] == []
    assert tape.gradient(other["y"], x) is None
    assert len(tape._entries) == 2      # the read of x and the Mul of this thread only
    assert [e.type for e in tape._entries] == ["ReadVariableOp", "Mul"]
    assert tape._entries[1].outputs[0]._id == mine._id
    assert tape.gradient(mine, x).numpy() == 3.0


def test_keyboard_interrupt_in_gradient_restores_stack(monkeypatch):
    import tapekit.backprop as backprop

    x = tk.Variable(2.0)
    with tk.GradientTape() as outer:
        with tk.GradientTape(persistent=True) as tape:
            y = x * x

            def interrupt(*a, **k):
                raise KeyboardInterrupt

            monkeypatch.setattr(backprop, "run_gradient", interrupt)
            before = list(state.tapes)
            with pytest.raises(KeyboardInterrupt):
                tape.gradient(y, x)
            assert state.tapes == before
            monkeypatch.undo()
        assert [r.tape for r in state.tapes] == [outer]   # each tape is on the stack as its recorder
    assert state.tapes == []
    assert tape.gradient(y, x).numpy() == 4.0


@pytest.mark.numpy_only("NumPy arrays are not GC-tracked; array_api_strict's Array objects are")
def test_recorded_ops_leave_nothing_for_the_cyclic_gc_to_track():
    # A tape keeps rows of ids, arrays and strings, which CPython's GC stops tracking: a long tape
    # must not make every full collection walk (and trigger on) objects per recorded op.
    x = tk.constant(np.linspace(0.5, 1.0, 100, dtype=np.float32))
    s = tk.constant(2.0)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch([x, s])
        y, t = x, s
        for _ in range(30):
            y = tk.math.log(tk.exp(y) * 0.5 + x) / x - y      # large values, what each gradient reads kept
            t = tk.square(t) * s - 1.0                        # small values, kept whole
    rows = tape._entries.rows
    assert len(rows) > 200
    assert _tracked_after_collections(rows) == []
    tape.gradient([y, t], [x, s])   # a persistent pass releases nothing: the sides stay untracked
    assert _tracked_after_collections(rows) == []
    del tape


def _tracked_after_collections(rows) -> list:
    """The packed sides the GC still tracks after a few full collections (a ``Row`` itself, a
    ``__slots__`` object, stays tracked: one object per op, ARCHITECTURE.md). A collection
    untracks a tuple whose items it finds untracked already, so a side (side > ghost) may take one
    per level."""
    for _ in range(4):
        gc.collect()
    return [side for r in rows for side in r.sides() if gc.is_tracked(side)]


def test_non_persistent_tape_releases_saved_arrays():
    x = tk.Variable(np.ones(100, np.float32))
    with tk.GradientTape() as tape:
        mid = tk.exp(x)
        y = tk.reduce_sum(mid * 2.0)
    ref = weakref.ref(mid)
    del mid
    tape.gradient(y, x)
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize("how", ["del", "reset"])
def test_persistent_tape_releases_on_del_or_reset(how):
    x = tk.Variable(np.ones(100, np.float32))
    with tk.GradientTape(persistent=True) as tape:
        mid = tk.exp(x)
        y = tk.reduce_sum(mid * 2.0)
        ref = weakref.ref(mid)
        del mid
        tape.gradient(y, x)
        gc.collect()
        assert ref() is not None
        if how == "reset":
            tape.reset()
    if how == "del":
        del tape
    gc.collect()
    assert ref() is None


# ---------- numerical checks ----------
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 4))])
def test_broadcast_gradients_match_finite_differences(dtype, shapes):
    rng = np.random.default_rng(1)
    a = rng.uniform(0.5, 2.0, shapes[0]).astype(dtype)
    b = rng.uniform(0.5, 2.0, shapes[1]).astype(dtype)
    tk.test.check_gradients(lambda x, y: tk.reduce_sum(x * y * x - y / x), a, b)


def _mixed_program(tape, x, y, v, frozen):
    """Ops of every kind the reach rule meets: uncut, cut, int outputs, shadow ops, unwatched reads."""
    a = x * y + v
    b = tk.stop_gradient(a) * x
    n = tk.cast(a, tk.int32)          # an int output of a live op
    m = n * 2                         # a shadow op: its only input is an int
    with tape.stop_recording():
        c = a * 3.0
    d = tk.reduce_sum(a * c) + tk.cast(m, tk.float32) * frozen + b
    return tk.argmax(tk.stack([a, b]), axis=0), d


@pytest.mark.parametrize("sources", ["all roots", "roots and intermediates", "some roots"])
def test_what_the_tape_saw_reach_its_roots_is_what_the_scan_finds(sources):
    from tapekit.backprop import _reachable_from   # noqa: PLC0415 - the invariant under test
    x, y = tk.constant([1.0, 2.0]), tk.constant([3.0, 4.0])
    v, frozen = tk.Variable([0.5, 0.25]), tk.Variable(2.0, trainable=False)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch([x, y, tk.constant(7)])   # an int watched: not a root
        _, d = _mixed_program(tape, x, y, v, frozen)
    view = tape._view()   # noqa: SLF001 - the view backprop reads
    roots = {t.id for t in (x, y)} | {v.id}
    assert view.roots == roots
    chosen = {"all roots": roots, "roots and intermediates": roots | {d.id}, "some roots": {x.id}}[sources]
    scanned = _reachable_from(view.entries.rows, chosen)
    if view.roots <= chosen:
        assert view.from_roots == scanned
    else:
        assert scanned < view.from_roots
    grads = tape.gradient(d, [x, y, v])
    assert all(g is not None for g in grads)
