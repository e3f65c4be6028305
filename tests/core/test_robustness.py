"""Robustness: bad input never corrupts state, tapes free memory, tapes are per-thread, NaN/Inf as in TF.

Expected values in the numerics section were produced with TensorFlow 2.21 (tensorflow-cpu).
"""

from __future__ import annotations

import gc
import threading
import tracemalloc
import warnings
import weakref

import numpy as np
import pytest
from helpers import grads

import tapekit as tk
from tapekit.errors import InvalidArgumentError
from tapekit._core.record.registry import state


def snapshot(v):
    return v.numpy().copy(), v.dtype, tuple(v.shape), v._value.shape


def assert_unchanged(v, before):
    value, dtype, shape, array_shape = before
    np.testing.assert_array_equal(v.numpy(), value)
    assert v.dtype == dtype and tuple(v.shape) == shape and v._value.shape == array_shape


# ---------- a failed assign leaves the variable as it was ----------
BAD_UPDATES = [
    ("assign", tk.constant([1, 2], tk.int32), ValueError),          # dtype
    ("assign", tk.constant([1.0, 2.0], tk.float64), ValueError),    # dtype
    ("assign", tk.constant([1.0, 2.0, 3.0]), ValueError),           # shape
    ("assign", [[1.0, 2.0]], ValueError),                           # rank
    ("assign", "text", (TypeError, ValueError)),
    ("assign_add", tk.constant(1.0, tk.float64), ValueError),
    ("assign_add", tk.constant([1.0, 2.0, 3.0]), InvalidArgumentError),
    ("assign_add", 1.0, InvalidArgumentError),                      # no broadcasting in assign_add
    ("assign_sub", tk.constant([[1.0, 2.0]]), InvalidArgumentError),
    ("assign_sub", None, (TypeError, ValueError)),
]


@pytest.mark.parametrize("method,value,error", BAD_UPDATES)
def test_failed_assign_leaves_value_dtype_and_shape(method, value, error):
    v = tk.Variable([1.5, -2.0], name="w")
    before = snapshot(v)
    with pytest.raises(error):
        getattr(v, method)(value)
    assert_unchanged(v, before)
    v.assign_add([1.0, 1.0])  # still usable
    np.testing.assert_array_equal(v.numpy(), [2.5, -1.0])


def test_failed_int_assign_and_slice_assign_leave_the_variable():
    v = tk.Variable([1, 2, 3])
    before = snapshot(v)
    with pytest.raises(TypeError):
        v.assign([2.5, 1.0, 0.0])
    with pytest.raises(InvalidArgumentError):
        v[0:2].assign([1, 2, 3])
    assert_unchanged(v, before)


def test_failed_assign_inside_a_tape_keeps_gradients():
    v = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        y = v * v
        with pytest.raises(ValueError):
            v.assign(tk.constant(1, tk.int32))
        with pytest.raises(ValueError):
            v.assign([1.0, 2.0])
    assert float(v.numpy()) == 3.0
    assert float(tape.gradient(y, v)) == 6.0


# ---------- a failed op inside a tape records nothing ----------
# each op fails on tensors the tape tracks: x (float32 [2]), m (x as [1, 2]), i (x cast to int32)
FAILING_OPS = {
    "dtype clash": lambda x, m, i: x * tk.constant([1, 2], tk.int32),
    "shape clash": lambda x, m, i: x + tk.constant([1.0, 2.0, 3.0]),
    "bad reshape": lambda x, m, i: tk.reshape(x, [3]),
    "matmul sizes": lambda x, m, i: tk.matmul(m, tk.ones([3, 1])),
    "gather index": lambda x, m, i: tk.gather(x, [5]),
    "concat shapes": lambda x, m, i: tk.concat([m, tk.ones([2, 3])], 0),
    "log of int": lambda x, m, i: tk.math.log(i),
    "bad axis": lambda x, m, i: tk.reduce_sum(x, axis=3),
    "index out of range": lambda x, m, i: x[7],
    "softmax of int": lambda x, m, i: tk.nn.softmax(i),
}


@pytest.mark.parametrize("name", sorted(FAILING_OPS))
def test_failed_op_inside_a_tape_records_nothing(name):
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        m, i = tk.reshape(x, [1, 2]), tk.cast(x, tk.int32)
        count = len(tape._entries)
        with pytest.raises((InvalidArgumentError, ValueError, TypeError, IndexError)):
            FAILING_OPS[name](x, m, i)
        assert len(tape._entries) == count, "the failed op left an entry on the tape"
        z = tk.reduce_sum(y)
    np.testing.assert_allclose(tape.gradient(z, x).numpy(), [2.0, 4.0])
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [2.0, 4.0])
    np.testing.assert_allclose(tape.gradient(m, x).numpy(), [1.0, 1.0])
    del tape


def test_exception_inside_with_leaves_no_tape_on_the_stack():
    v = tk.Variable(2.0)
    outer = tk.GradientTape()
    with outer:
        with pytest.raises(ZeroDivisionError):
            with tk.GradientTape() as inner:
                y = v * v
                raise ZeroDivisionError
        assert [r.tape for r in state.tapes] == [outer]   # each tape is on the stack as its recorder
        z = v * 3.0
    assert state.tapes == []
    # both tapes kept what they recorded before the exception and still work
    assert float(inner.gradient(y, v)) == 4.0
    assert float(outer.gradient(z, v)) == 3.0


def test_exception_in_nested_tapes_unwinds_every_tape():
    with pytest.raises(KeyError):
        with tk.GradientTape():
            with tk.GradientTape(persistent=True):
                with tk.GradientTape(watch_accessed_variables=False):
                    raise KeyError("boom")
    assert state.tapes == []


# ---------- KeyboardInterrupt during gradient() ----------
class Interrupting:
    """A grad_fn that raises KeyboardInterrupt while ``armed``, else returns 3 * upstream."""

    def __init__(self):
        self.armed = True

    def __call__(self, upstream):
        if self.armed:
            raise KeyboardInterrupt
        return upstream * 3.0


def _custom_triple(grad_fn):
    @tk.custom_gradient
    def triple(x):
        return x * 3.0, grad_fn

    return triple


def test_keyboard_interrupt_in_custom_gradient_leaves_persistent_tape_usable():
    grad_fn = Interrupting()
    triple = _custom_triple(grad_fn)
    v = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = triple(v * v) + v
    rows = list(tape._entries.rows)   # the recorded ops, as stored
    with pytest.raises(KeyboardInterrupt):
        tape.gradient(y, v)
    assert state.tapes == []
    assert tape._entries.rows == rows and float(v.numpy()) == 2.0
    assert tape.watched_variables() == (v,)
    grad_fn.armed = False
    assert float(tape.gradient(y, v)) == 13.0  # 3 * 2v + 1, as TF
    assert float(tape.gradient(y, v)) == 13.0


def test_keyboard_interrupt_inside_the_with_block_keeps_outer_tapes():
    grad_fn = Interrupting()
    triple = _custom_triple(grad_fn)
    v = tk.Variable(2.0)
    with tk.GradientTape() as outer:
        with tk.GradientTape(persistent=True) as inner:
            y = triple(v)
            with pytest.raises(KeyboardInterrupt):
                inner.gradient(y, v)
            assert [r.tape for r in state.tapes] == [outer, inner]
            z = v * 5.0
        assert [r.tape for r in state.tapes] == [outer]
    assert state.tapes == []
    grad_fn.armed = False
    assert float(inner.gradient(y, v)) == 3.0
    assert float(inner.gradient(z, v)) == 5.0
    assert float(outer.gradient(z, v)) == 5.0


def test_keyboard_interrupt_spends_a_non_persistent_tape_cleanly():
    # TF leaves such a tape in an invalid internal state (InternalError on reuse); tapekit says it is spent.
    triple = _custom_triple(Interrupting())
    v = tk.Variable(2.0)
    with tk.GradientTape() as tape:
        y = triple(v)
    with pytest.raises(KeyboardInterrupt):
        tape.gradient(y, v)
    assert state.tapes == [] and float(v.numpy()) == 2.0
    with pytest.raises(RuntimeError, match="non-persistent GradientTape"):
        tape.gradient(y, v)
    with tk.GradientTape() as fresh:  # a new tape works as usual
        y = v * v
    assert float(fresh.gradient(y, v)) == 4.0


_INTERRUPT = {"armed": True}


@tk.RegisterGradient("RobustnessInterruptingSquare")
def _interrupting_square_grad(op, grad):
    if _INTERRUPT["armed"]:
        raise KeyboardInterrupt
    return grad * 2.0 * op.inputs[0]


def test_keyboard_interrupt_in_a_registered_gradient_via_override_map():
    _INTERRUPT["armed"] = True
    v = tk.Variable(3.0)
    w = tk.Variable(1.0)
    with tk.GradientTape(persistent=True) as tape:
        with tk.gradient_override_map({"Square": "RobustnessInterruptingSquare"}):
            y = tk.square(v) + w
    assert state.overrides == {}
    with pytest.raises(KeyboardInterrupt):
        tape.gradient(y, [v, w])
    assert state.tapes == [] and float(v.numpy()) == 3.0 and float(w.numpy()) == 1.0
    _INTERRUPT["armed"] = False
    gv, gw = tape.gradient(y, [v, w])
    assert float(gv) == 6.0 and float(gw) == 1.0


# ---------- memory ----------
def _weak_saved_array(tape_kwargs):
    """A tape that saved a 1000-element intermediate nobody else refers to, and a weakref to its array."""
    x = tk.constant(np.linspace(0.0, 1.0, 1000))
    tape = tk.GradientTape(**tape_kwargs)
    with tape:
        tape.watch(x)
        h = tk.exp(x)
        y = tk.reduce_sum(h * h)
    ref = weakref.ref(h._value)
    del h
    gc.collect()
    assert ref() is not None, "the tape must keep the saved value until gradient()"
    return tape, x, y, ref


def test_non_persistent_tape_releases_saved_arrays_after_gradient():
    tape, x, y, ref = _weak_saved_array({})
    g = tape.gradient(y, x)
    np.testing.assert_allclose(g.numpy(), 2 * np.exp(2 * np.linspace(0.0, 1.0, 1000)))
    gc.collect()
    assert ref() is None


def test_persistent_tape_keeps_saved_arrays_until_del():
    tape, x, y, ref = _weak_saved_array({"persistent": True})
    tape.gradient(y, x)
    tape.gradient(y, x)
    gc.collect()
    assert ref() is not None
    tape_ref = weakref.ref(tape)
    del tape
    gc.collect()
    assert tape_ref() is None and ref() is None


def test_a_long_chain_keeps_little_besides_what_its_gradient_reads():
    """benchmarks/ W3's chain: the gradient reads one array in six (exp's output, log's input); the
    entries, released tensors' ghosts and value previews stay small per op."""
    n_ops, size = 1200, 1000
    x = tk.constant(np.linspace(0.5, 1.5, size, dtype=np.float32))
    a, b = tk.constant(np.full(size, 1.25, np.float32)), tk.constant(np.full(size, 0.25, np.float32))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        with tk.GradientTape() as tape:
            tape.watch(x)
            y = x
            for _ in range(n_ops // 6):
                y = tk.math.log(tk.exp((y + b) * a)) / a - b
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    saved = (n_ops // 6) * size * 4
    assert held - saved < 800 * n_ops, f"{(held - saved) / n_ops:.0f} bytes per op besides the saved arrays"
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), np.ones(size), rtol=1e-3)


def test_persistent_tape_releases_saved_arrays_on_reset():
    x = tk.constant(np.linspace(0.0, 1.0, 1000))
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        h = tk.exp(x)
        y = tk.reduce_sum(h * h)
        ref = weakref.ref(h._value)
        del h
        tape.reset()
        gc.collect()
        assert ref() is None
        z = tk.reduce_sum(x * 2.0)  # recording goes on after reset (x must be watched again)
        tape.watch(x)
        w = tk.reduce_sum(x * 3.0)
    assert tape.gradient(y, x) is None and tape.gradient(z, x) is None
    np.testing.assert_allclose(tape.gradient(w, x).numpy(), np.full(1000, 3.0))


def test_training_a_dense_model_does_not_grow_memory():
    rng = np.random.default_rng(0)
    xs = tk.constant(rng.normal(size=(16, 4)).astype(np.float32))
    ys = tk.constant(rng.normal(size=(16, 1)).astype(np.float32))
    layer = tk.keras.layers.Dense(1)
    opt = tk.keras.optimizers.SGD(learning_rate=0.01)

    def step():
        with tk.GradientTape() as tape:
            loss = tk.reduce_mean(tk.square(layer(xs) - ys))
        grads = tape.gradient(loss, layer.trainable_variables)
        opt.apply_gradients(zip(grads, layer.trainable_variables))
        return loss

    first = float(step())
    gc.collect()
    tracemalloc.start()
    try:
        for i in range(2, 1001):
            last = step()
            if i == 100:
                gc.collect()
                at_100 = tracemalloc.get_traced_memory()[0]
        gc.collect()
        at_1000 = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert float(last) < first  # it did train
    growth = at_1000 - at_100
    assert growth < 64 * 1024, f"memory grew by {growth} bytes over 900 training steps"


# ---------- tapes are per-thread ----------
def test_a_tape_never_records_another_threads_ops():
    x = tk.constant([1.0, 2.0, 3.0])
    v = tk.Variable([1.0, 1.0, 1.0])
    rounds = 20
    barrier = threading.Barrier(2)
    results, errors = {}, []

    def worker(name, factor):
        try:
            with tk.GradientTape(persistent=True) as tape:
                tape.watch(x)
                y = tk.constant(0.0)
                for _ in range(rounds):
                    barrier.wait()  # both threads are inside their tapes, running ops on the same x and v
                    y = y + tk.reduce_sum(x * factor) + tk.reduce_sum(v * factor)
            results[name] = (len(tape._entries), tape.gradient(y, [x, v]), len(state.tapes))
        except BaseException as err:  # noqa: BLE001 - reported by the main thread
            errors.append(err)
            barrier.abort()

    threads = [threading.Thread(target=worker, args=(n, f)) for n, f in (("a", 2.0), ("b", 5.0))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert state.tapes == []
    entries_a, (gx_a, gv_a), stack_a = results["a"]
    entries_b, (gx_b, gv_b), stack_b = results["b"]
    assert entries_a == entries_b and stack_a == stack_b == 0
    np.testing.assert_allclose(gx_a.numpy(), np.full(3, 2.0 * rounds))
    np.testing.assert_allclose(gv_b.numpy(), np.full(3, 5.0 * rounds))
    np.testing.assert_allclose(gx_b.numpy(), np.full(3, 5.0 * rounds))


def test_a_tape_in_the_main_thread_ignores_a_worker_thread():
    x = tk.constant(2.0)
    inside = threading.Event()
    done = threading.Event()

    def worker():
        inside.wait()
        for _ in range(10):
            x * x
        assert state.tapes == []  # the worker sees no tape
        done.set()

    t = threading.Thread(target=worker)
    t.start()
    with tk.GradientTape() as tape:
        tape.watch(x)
        inside.set()
        done.wait(timeout=30)
        y = x * 3.0
    t.join()
    assert len(tape._entries) == 1
    assert float(tape.gradient(y, x)) == 3.0


# ---------- NaN and Inf as in TF ----------
def tf_style_grads(f, *values, dtype=tk.float32):
    """(value, [gradient per input]) as nested lists (None for no gradient), NumPy warnings off."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        y, g = grads(f, *values, dtype=dtype)
    return y.numpy().tolist(), [None if a is None else a.numpy().tolist() for a in g]


def test_relu_gradient_multiplies_the_upstream_gradient_by_the_mask_as_tf():
    # TF 2.21's ReluGrad kernel is g * (y > 0): an inf or nan upstream gradient gives nan where the
    # mask is off (tf.nn.relu on [-1, 2, -3, 4] with these output_gradients: [nan, 1, nan, 2]
    # and [0, 3e38, 0, 3e38])
    x = tk.constant([-1.0, 2.0, -3.0, 4.0])
    for upstream in ([inf, 1.0, nan, 2.0], [3e38, 3e38, 3e38, 3e38]):
        with tk.GradientTape() as tape:
            tape.watch(x)
            y = tk.nn.relu(x)
        g = tape.gradient(y, x, output_gradients=tk.constant(upstream)).numpy()
        with np.errstate(invalid="ignore"):   # inf * 0 is nan here, as in TF's kernel
            expected = np.float32(upstream) * (x.numpy() > 0)
        np.testing.assert_array_equal(g, expected)


inf, nan = float("inf"), float("nan")
# (function, inputs, TF 2.21's value, TF 2.21's gradients)
TF_NUMERICS = [
    (tk.math.log, ([0.0, -1.0],), [-inf, nan], [[inf, -1.0]]),
    (tk.sqrt, ([-1.0, 0.0],), [nan, 0.0], [[nan, inf]]),
    (lambda a, b: a / b, ([0.0, 1.0, -1.0], [0.0, 0.0, 0.0]), [nan, inf, -inf],
     [[inf, inf, inf], [nan, -inf, inf]]),
    (lambda a, b: a - b, ([inf], [inf]), [nan], [[1.0], [-1.0]]),
    (tk.exp, ([100.0, 88.0, 89.0],), [inf, 1.6516362661361307e+38, inf], [[inf, 1.6516362661361307e+38, inf]]),
    (lambda x: x * 2.0, ([nan],), [nan], [[2.0]]),
    (tk.reduce_sum, ([inf, 1.0],), inf, [[1.0, 1.0]]),
    (tk.reduce_max, ([nan, 1.0],), nan, [[nan, nan]]),
    (tk.nn.relu, ([nan, 1.0],), [nan, 1.0], [[0.0, 1.0]]),
    (tk.square, ([1e20],), [inf], [[2.0000000400817547e+20]]),
    (tk.norm, ([0.0, 0.0],), 0.0, [[nan, nan]]),
    (tk.math.divide_no_nan, ([1.0, 0.0, 2.0], [0.0, 0.0, 4.0]), [0.0, 0.0, 0.5],
     [[0.0, 0.0, 0.25], [0.0, 0.0, -0.125]]),
]


@pytest.mark.parametrize("f,inputs,value,gradients", TF_NUMERICS)
def test_nan_and_inf_propagate_as_in_tf(f, inputs, value, gradients):
    got_value, got_grads = tf_style_grads(f, *inputs)
    np.testing.assert_array_equal(np.array(got_value), np.array(value, np.float32))
    for g, expected in zip(got_grads, gradients):
        np.testing.assert_array_equal(np.array(g), np.array(expected, np.float32))


def test_float32_overflow_stays_float32():
    x = tk.constant([100.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            y = tk.exp(x)
    g = tape.gradient(y, x)
    assert y.dtype == g.dtype == tk.float32 and np.isinf(g.numpy()).all()


def _naive_log(x):
    return tk.where(x > 0, tk.math.log(x), tk.zeros_like(x))


def _double_where_log(x):
    safe = tk.where(x > 0, x, tk.ones_like(x))
    return tk.where(x > 0, tk.math.log(safe), tk.zeros_like(x))


def _naive_reciprocal(x):
    return tk.where(x != 0, 1.0 / x, tk.zeros_like(x))


def _double_where_reciprocal(x):
    return tk.where(x != 0, 1.0 / tk.where(x != 0, x, tk.ones_like(x)), tk.zeros_like(x))


@pytest.mark.parametrize("f,x,value,gradient", [
    (_naive_log, [0.0, 1.0], [0.0, 0.0], [nan, 1.0]),                  # TF: the masked branch leaks NaN
    (_naive_reciprocal, [0.0, 2.0], [0.0, 0.5], [nan, -0.25]),
    (_double_where_log, [0.0, 1.0], [0.0, 0.0], [0.0, 1.0]),            # TF: the "double where" is finite
    (_double_where_reciprocal, [0.0, 2.0], [0.0, 0.5], [0.0, -0.25]),
])
def test_where_guards_as_in_tf(f, x, value, gradient):
    got_value, (got_grad,) = tf_style_grads(f, x)
    np.testing.assert_array_equal(got_value, value)
    np.testing.assert_array_equal(np.array(got_grad), np.array(gradient, np.float32))


@pytest.mark.parametrize("dtype", [tk.float32, tk.float64])
def test_divide_no_nan_gradients_are_finite_at_zero_denominators(dtype):
    x, y = tk.constant([[1.0, -3.0], [0.0, 2.0]], dtype), tk.constant([0.0, 0.0], dtype)
    with tk.GradientTape() as tape:
        tape.watch([x, y])
        z = tk.math.divide_no_nan(x, y)
    gx, gy = tape.gradient(z, [x, y])
    assert gx.dtype == gy.dtype == dtype and gy.shape == (2,)
    assert np.all(np.isfinite(gx.numpy())) and np.all(np.isfinite(gy.numpy()))
    np.testing.assert_array_equal(z.numpy(), np.zeros((2, 2)))


def test_inf_arithmetic_is_silent_as_in_tf_while_user_numpy_still_warns():
    # A fresh interpreter with RuntimeWarnings turned into errors: ops on inf/nan stay silent (TF
    # computes them silently), while the same NumPy call in user code still raises.
    import subprocess
    import sys

    code = (
        "import numpy as np, tapekit as tk\n"
        "inf = float('inf')\n"
        "tk.constant([inf]) - tk.constant([inf]); tk.square(tk.constant([1e20]))\n"
        "tk.math.log(tk.constant([0.0, -1.0])); tk.constant([1.0]) / 0.0; tk.exp(tk.constant([1e4]))\n"
        "try:\n    np.log(np.zeros(1))\nexcept RuntimeWarning:\n    print('user warning raised')\n")
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", code],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "user warning raised"
