"""GradientTape behaviour, case by case as observed in TF 2.21 (TF_TAPE_REFERENCE.md §1, §2, §2b): entering,
watching, watched variables, reset and stop_recording. Gradients: test_tape_gradient.py; jacobians and
higher orders: test_tape_higher_order.py; state, threads and memory: test_tape_state.py."""


import numpy as np
import pytest

import tapekit as tk
from tapekit._core.record.registry import state


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


