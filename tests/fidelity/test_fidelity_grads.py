"""Issue 11, the gradients part: what needs more than printed output (tests/tf_cases/grads/ holds
the programs compared with TF 2.21's printout).

Expected values come from TF 2.21 runs (said where) or from math; gradients are checked against
finite differences, to second order, with ``tk.test.check_gradients``.
"""

import gc
import logging
import sys
import threading

import numpy as np
import pytest

import tapekit as tk
from tapekit._core.record.registry import state

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


def _grad(f, x, **kwargs):
    x = tk.constant(x)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x, **kwargs)


# ---------- A3: zero upstream gradient ----------
def test_where_hides_sqrt_of_negatives():
    # TF 2.21: [0. 0. 0.25]
    g = _grad(lambda x: tk.where(x > 0, tk.sqrt(x), 0.0), [-1.0, 0.0, 4.0])
    np.testing.assert_array_equal(g.numpy(), [0.0, 0.0, 0.25])
    assert not np.signbit(g.numpy()).any()


@pytest.mark.parametrize("f", [tk.sqrt, tk.math.rsqrt, tk.math.reciprocal])
def test_zero_upstream_gives_exact_zero_even_at_nan_and_inf(f):
    x = [-1.0, 0.0, 4.0, np.inf, -np.inf, np.nan]
    g = _grad(lambda v: 0.0 * f(v), x)
    np.testing.assert_array_equal(g.numpy(), np.zeros(6))


@pytest.mark.parametrize("f", [tk.math.log, lambda v: 1.0 / v, lambda v: v ** 0.5])
def test_rules_without_the_check_still_leak_nan_as_tf(f):
    # TF 2.21: log, division and pow have no zero-upstream check: nan at 0 (C130, C199)
    g = _grad(lambda v: tk.where(v > 0, f(v), 0.0), [-1.0, 0.0, 4.0])
    assert np.isnan(g.numpy()[1])


def test_sqrt_rsqrt_reciprocal_gradients_match_tf_and_finite_differences():
    x = np.array([0.3, 1.0, 2.5, 9.0])
    # TF 2.21 at 4.0: sqrt' 0.25, rsqrt' -0.0625, reciprocal' -0.0625
    assert float(_grad(tk.sqrt, 4.0)) == 0.25
    assert float(_grad(tk.math.rsqrt, 4.0)) == -0.0625
    assert float(_grad(tk.math.reciprocal, 4.0)) == -0.0625
    for f in (tk.sqrt, tk.math.rsqrt, tk.math.reciprocal):
        tk.test.check_gradients(f, x)
        tk.test.check_gradients(lambda v, f=f: _grad_inside(f, v), x)  # second order


def _grad_inside(f, v):
    with tk.GradientTape() as tape:
        tape.watch(v)
        y = f(v) * f(v)
    return tape.gradient(y, v)


@pytest.mark.parametrize("op", [tk.sqrt, tk.math.rsqrt, tk.math.reciprocal, tk.tan, tk.asin, tk.acos,
                                tk.atan, tk.math.log, tk.math.log1p, tk.math.erf, tk.cos, tk.sin])
def test_rewritten_unary_rules_to_third_order(op):
    x = np.array([0.2, 0.45, 0.7])

    def second(v):
        with tk.GradientTape() as t1:
            t1.watch(v)
            with tk.GradientTape() as t2:
                t2.watch(v)
                y = op(v)
            g = t2.gradient(y, v)
        return t1.gradient(g, v)

    tk.test.check_gradients(second, x)


def test_softmax_cross_entropy_gradient_is_softmax_minus_labels():
    # TF 2.21, labels [[0.5, 0.5, 0.5]] (not a distribution): [[-0.40997, -0.25527, 0.16524]]
    logits = tk.constant([[1.0, 2.0, 3.0]])
    labels = tk.constant([[0.5, 0.5, 0.5]])
    g = _grad(lambda v: tk.nn.softmax_cross_entropy_with_logits(labels=labels, logits=v), logits.numpy())
    np.testing.assert_allclose(g.numpy(), [[-0.40996942, -0.25527152, 0.16524094]], rtol=1e-6)
    # for a distribution it is the true gradient, to second order
    probs = np.array([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]])
    x = np.array([[1.0, -2.0, 0.5], [0.3, 0.2, -0.1]])
    f = lambda v: tk.nn.softmax_cross_entropy_with_logits(labels=probs, logits=v)  # noqa: E731
    tk.test.check_gradients(f, x)
    tk.test.check_gradients(lambda v: _grad_inside(f, v), x)
    # ... and along another axis, with broadcast labels
    g = lambda v, lab: tk.nn.softmax_cross_entropy_with_logits(labels=lab, logits=v, axis=0)  # noqa: E731
    tk.test.check_gradients(g, x, np.array([[0.4], [0.6]]))


def test_sparse_cross_entropy_second_order_and_labels_without_gradient():
    x = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
    labels = np.array([1, 2], np.int32)
    f = lambda v: tk.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=v)  # noqa: E731
    tk.test.check_gradients(f, x)
    tk.test.check_gradients(lambda v: _grad_inside(f, v), x)
    lab = tk.constant(labels)
    with tk.GradientTape() as tape:
        tape.watch(lab)
        y = tk.nn.sparse_softmax_cross_entropy_with_logits(labels=lab, logits=x)
    assert tape.gradient(y, lab) is None


def test_cumsum_exclusive_next_to_inf_and_signed_zeros():
    # TF 2.21: exclusive cumsum of [inf, 1, 2] is [0, inf, inf]; cumsum([-0., -0.]) is [0, 0]
    np.testing.assert_array_equal(tk.cumsum([np.inf, 1.0, 2.0], exclusive=True).numpy(), [0, np.inf, np.inf])
    assert not np.signbit(tk.cumsum([-0.0, -0.0]).numpy()).any()
    tk.test.check_gradients(lambda v: tk.math.cumprod(v, 1, exclusive=True, reverse=True),
                            np.array([[1.5, -2.0, 3.0], [0.5, 1.0, -1.0]]))


# ---------- B: IndexedSlices ----------
X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def test_gather_gradient_is_indexed_slices_with_tf_parts():
    g = _grad(lambda v: tk.gather(v, [2, 0, 2]) * 2.0, X)
    assert isinstance(g, tk.IndexedSlices) and not isinstance(g, tk.Tensor)
    np.testing.assert_array_equal(g.indices.numpy(), [2, 0, 2])
    np.testing.assert_array_equal(g.values.numpy(), np.full((3, 2), 2.0))
    np.testing.assert_array_equal(g.dense_shape.numpy(), [3, 2])
    assert g.dense_shape.dtype == tk.int32 and g.indices.dtype == tk.int32
    assert g.dtype == tk.float64 and g.shape == tk.TensorShape([3, 2]) and g.device == g.values.device
    # duplicates are summed when made dense
    np.testing.assert_array_equal(tk.convert_to_tensor(g).numpy(), [[2, 2], [0, 0], [4, 4]])


def test_indexed_slices_are_not_tensors():
    g = _grad(lambda v: tk.gather(v, [1]), X)
    for bad in (lambda: g * 2.0, lambda: 2.0 * g, lambda: g + g, lambda: g - 1.0, lambda: g / 2.0):
        with pytest.raises(TypeError):
            bad()
    neg = -g
    assert isinstance(neg, tk.IndexedSlices)
    np.testing.assert_array_equal(neg.values.numpy(), [[-1.0, -1.0]])
    assert neg.indices is g.indices
    assert tk.is_tensor(g)
    with pytest.raises(ValueError, match="Incompatible tensor conversion requested"):
        tk.convert_to_tensor(g, dtype=tk.float32)
    with pytest.raises(ValueError, match="without dense_shape"):
        tk.convert_to_tensor(tk.IndexedSlices(g.values, g.indices))
    assert tk.IndexedSlices(g.values, g.indices).shape.rank is None


def test_indexed_slices_printing_is_tfs():
    g = _grad(lambda v: tk.gather(v, [1]), X.astype(np.float32))
    assert str(g) == (f"IndexedSlices(indices={g.indices!s}, values={g.values!s}, "
                      f"dense_shape={g.dense_shape!s})")
    assert str(g).startswith("IndexedSlices(indices=tk.Tensor([1], shape=(1,), dtype=int32), values=tk.Tensor(")


def test_gather_on_variable_and_gradient_check_through_densify():
    table = tk.Variable(X, name="table")
    with tk.GradientTape() as tape:
        rows = tk.gather(table, [2, 2, 0])
        loss = tk.reduce_sum(rows * rows)
    g = tape.gradient(loss, table)
    assert isinstance(g, tk.IndexedSlices)
    np.testing.assert_allclose(tk.convert_to_tensor(g).numpy(), [[2.0, 4.0], [0.0, 0.0], [20.0, 24.0]])
    f = lambda v: tk.reduce_sum(tk.gather(v, [2, 2, 0]) ** 3)  # noqa: E731
    tk.test.check_gradients(f, X)
    tk.test.check_gradients(lambda v: tk.convert_to_tensor(_grad_inside(f, v)), X)


def test_slices_meeting_slices_or_dense():
    x = tk.constant(X)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        a, b = tk.gather(x, [0, 1]), tk.gather(x, [2])
        both = tk.reduce_sum(a) + tk.reduce_sum(b)
        mixed = tk.reduce_sum(a) + tk.reduce_sum(x)
    g = tape.gradient(both, x)
    assert isinstance(g, tk.IndexedSlices)
    np.testing.assert_array_equal(g.indices.numpy(), [0, 1, 2])   # TF 2.21 order
    g = tape.gradient(mixed, x)
    assert type(g).__name__ == "EagerTensor"
    np.testing.assert_array_equal(g.numpy(), [[2, 2], [2, 2], [1, 1]])


def test_jacobian_of_gather_is_dense_and_warns():
    x = tk.constant(X)
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tk.gather(x, [2, 0])
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logging.getLogger("tapekit").addHandler(handler)
    try:
        j = tape.jacobian(y, x)
    finally:
        logging.getLogger("tapekit").removeHandler(handler)
    assert type(j).__name__ == "EagerTensor" and j.shape == (2, 2, 3, 2)
    assert float(tk.reduce_sum(j)) == 4.0
    assert any("to a dense representation may make it slow" in r.getMessage() for r in records)


def test_gather_rule_needs_only_its_rows_and_leaves_other_axes_dense():
    g = _grad(lambda v: tk.gather(v, [1, 0], axis=1), X)
    assert type(g).__name__ == "EagerTensor"
    g = _grad(lambda v: tk.gather_nd(v, [[0, 1]]), X)
    assert type(g).__name__ == "EagerTensor"


# ---------- D: the GC race ----------
def _many_gradients(errors, rounds=40):
    try:
        x = tk.Variable(np.linspace(0.1, 1.0, 50))
        for _ in range(rounds):
            with tk.GradientTape() as tape:
                y = tk.reduce_sum(tk.exp(tk.sin(x) * x) + tk.square(x))
            tape.gradient(y, x)
    except BaseException as error:  # noqa: BLE001 - reported by the test
        errors.append(error)


def _run_threads(count):
    errors, samples = [], []
    stop = threading.Event()

    def watch_gc():
        while not stop.is_set():
            samples.append(gc.isenabled())

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)   # switch threads as often as possible: really interleave
    try:
        watcher = threading.Thread(target=watch_gc)
        watcher.start()
        workers = [threading.Thread(target=_many_gradients, args=(errors,)) for _ in range(count)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        stop.set()
        watcher.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors
    return samples


def test_concurrent_reverse_passes_never_touch_the_gc_switch():
    assert gc.isenabled()
    for _ in range(5):
        samples = _run_threads(4)
        assert samples and all(samples), "cyclic GC was switched off during a reverse pass"
        assert gc.isenabled()


def test_a_user_disabled_gc_stays_disabled():
    gc.disable()
    try:
        samples = _run_threads(3)
        assert not any(samples) and not gc.isenabled()
    finally:
        gc.enable()


# ---------- D: wrong-shape user gradients ----------
def _custom(shape):
    @tk.custom_gradient
    def f(a):
        return tk.identity(a), lambda dy: tk.ones(shape, dtype=dy.dtype)
    return f


@pytest.mark.parametrize("shape", [[], [4], [1, 3], [3, 1], [2, 3]])
def test_custom_gradient_of_the_wrong_shape_raises(shape):
    x = tk.constant([1.0, 2.0, 3.0])
    f = _custom(shape)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x) * 2.0
    with pytest.raises(ValueError, match=r"Incompatible shapes between op input and calculated input "
                                         r"gradient\. Forward operation: f\. Input index: 0\. "
                                         r"Original input shape: \(3,\)\. Calculated input gradient shape"):
        tape.gradient(y, x)
    assert state.tapes == []


def test_registered_gradient_of_the_wrong_shape_raises():
    @tk.RegisterGradient("WrongShapeForTest")
    def _wrong(op, grad):
        return tk.ones([4])

    x = tk.constant([1.0, 2.0, 3.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        with tk.gradient_override_map({"Identity": "WrongShapeForTest"}):
            y = tk.identity(x)
    with pytest.raises(ValueError, match="Forward operation: Identity. Input index: 0."):
        tape.gradient(y, x)


def test_custom_gradient_for_a_variable_of_the_wrong_shape_raises():
    v = tk.Variable([1.0, 2.0], name="v")

    @tk.custom_gradient
    def f(a):
        def grad(dy, variables=None):
            return dy, [tk.ones([3])]
        return a * v, grad

    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    with pytest.raises(ValueError, match=r"Input index: 1\. Original input shape: \(2,\)\. "
                                         r"Calculated input gradient shape: \(3,\)"):
        tape.gradient(y, [x, v])


def test_right_shaped_custom_and_builtin_broadcasting_gradients_still_work():
    x = tk.constant([1.0, 2.0, 3.0])
    f = _custom([3])
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = f(x) * 2.0
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [1.0, 1.0, 1.0])
    # built-in rules leave unbroadcasting to the reverse pass
    tk.test.check_gradients(lambda a, b: a * b + a / b, np.ones((2, 3)), np.array([[2.0], [3.0]]))
    tk.test.check_gradients(lambda a, b: tk.matmul(a, b), np.ones((2, 2, 3)), np.ones((3, 4)))
    tk.test.check_gradients(lambda a, b: tk.nn.bias_add(a, b), np.ones((2, 3)), np.arange(3.0))


# ---------- D: validation before the tape is spent ----------
BAD_CALLS = {
    "source None": lambda t, y, x: t.gradient(y, [x, None]),
    "target None": lambda t, y, x: t.gradient(None, x),
    "target float": lambda t, y, x: t.gradient(3.0, x),
    "source array": lambda t, y, x: t.gradient(y, np.ones(2)),
    "unconnected": lambda t, y, x: t.gradient(y, x, unconnected_gradients="bad"),
    "output_gradients None": lambda t, y, x: t.gradient(y, x, output_gradients=[None]),
    "output_gradients shape": lambda t, y, x: t.gradient(y, x, output_gradients=tk.ones([3])),
    "output_gradients dtype": lambda t, y, x: t.gradient(y, x, output_gradients=tk.ones([2], tk.float64)),
    "jacobian None": lambda t, y, x: t.jacobian(None, x),
    "jacobian source None": lambda t, y, x: t.jacobian(y, [x, None]),
    "jacobian pfor": lambda t, y, x: t.jacobian(y, x, experimental_use_pfor=False),
    "batch_jacobian rank": lambda t, y, x: t.batch_jacobian(y, x),
    "batch_jacobian pfor": lambda t, y, x: t.batch_jacobian(tk.reshape(y, [2, 1]), tk.reshape(x, [2, 1]),
                                                            experimental_use_pfor=False),
}


@pytest.mark.parametrize("name", sorted(BAD_CALLS))
def test_bad_arguments_leave_the_tape_usable(name):
    x = tk.constant([1.0, 2.0])
    tape = tk.GradientTape()
    with tape:
        tape.watch(x)
        y = x * x
    entries = len(tape._entries)
    with pytest.raises((TypeError, ValueError, AttributeError, RuntimeError, tk.errors.InvalidArgumentError)):
        BAD_CALLS[name](tape, y, x)
    assert len(tape._entries) == entries and state.tapes == []
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [2.0, 4.0])


def test_output_gradients_broadcast_and_count():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y, z = x * x, x * 3.0
    # TF 2.21 values (tests/tf_cases/grads/output_gradients_broadcast_and_count.py)
    np.testing.assert_array_equal(tape.gradient(y, x, output_gradients=tk.constant(2.0)).numpy(), [4, 8])
    np.testing.assert_array_equal(tape.gradient([y, z], x, output_gradients=[tk.constant([1.0, 10.0])]).numpy(),
                                  [5, 43])
    np.testing.assert_array_equal(tape.gradient(y, x, output_gradients=[2.0, 3.0]).numpy(), [4, 8])


# ---------- B: tape edges ----------
def test_stop_recording_does_not_nest_and_the_outer_block_keeps_working():
    x = tk.constant(2.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        with tape.stop_recording():
            with pytest.raises(ValueError, match="Tape is not recording"):
                with tape.stop_recording():
                    pass
            a = x * 2.0
        b = x * 3.0
    assert float(tape.gradient([a, b], x)) == 3.0   # TF 2.21: 3.0


def test_watch_inside_stop_recording_has_no_effect():
    c = tk.constant(3.0)
    w = tk.Variable(4.0, trainable=False)
    with tk.GradientTape(persistent=True) as tape:
        with tape.stop_recording():
            tape.watch([c, w])
        y = c * c + w * w
    assert tape.gradient(y, [c, w]) == [None, None]
    assert tape.watched_variables() == ()


def test_batch_jacobian_of_an_unconnected_source_is_zeros_of_the_target_dtype():
    x = tk.constant([[1.0, 2.0], [3.0, 4.0]])
    xi = tk.constant([[1, 2], [3, 4]])
    with tk.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tk.constant([[1.0, 2.0], [3.0, 4.0]]) * 2.0
    for source in (x, xi):
        j = tape.batch_jacobian(y, source)
        assert j.dtype == tk.float32 and j.shape == (2, 2, 2) and not j.numpy().any()


# ---------- D: explain ----------
@pytest.mark.parametrize("target, sources", [(3.0, "x"), ("y", 3.0), ("y", ["x", None]), (np.ones(2), "x")])
def test_explain_rejects_non_tensors_with_a_type_error(target, sources):
    x = tk.Variable(1.0)
    with tk.GradientTape() as tape:
        y = x * 2.0
    names = {"x": x, "y": y}
    pick = lambda v: [names.get(i, i) for i in v] if isinstance(v, list) else names.get(v, v) \
        if isinstance(v, str) else v  # noqa: E731
    with pytest.raises(TypeError, match="explain\\(\\) needs tk.Tensor or tk.Variable"):
        tape.explain(pick(target), pick(sources))


SECOND_ORDER = {
    "mul": lambda a, b: a * b * a,
    "realdiv": lambda a, b: a / (b * b + 1.0),
    "div_no_nan": lambda a, b: tk.math.divide_no_nan(a * a, b),
    "pow": lambda a, b: tk.pow(a * a + 0.5, b),
    "square_sigmoid_tanh": lambda a, b: tk.square(tk.sigmoid(a)) * tk.tanh(b),
    "matmul": lambda a, b: tk.matmul(tk.reshape(a, [2, 3]), tk.reshape(b * b, [3, 2])),
    "cumprod": lambda a, b: tk.math.cumprod(a * b, exclusive=True, reverse=True),
    "prod": lambda a, b: tk.reduce_prod(a * b),
    "atan2_maximum": lambda a, b: tk.math.atan2(a, b) + tk.maximum(a, b * b),
}


@pytest.mark.parametrize("name", sorted(SECOND_ORDER))
def test_touched_binary_rules_to_second_order(name):
    f = SECOND_ORDER[name]
    a = np.array([0.3, -0.7, 1.2, 0.5, 1.1, -0.4])
    b = np.array([1.3, 0.6, -0.9, 0.8, 1.7, 0.45])

    def grads(x, y):
        with tk.GradientTape() as tape:
            tape.watch([x, y])
            z = tk.reduce_sum(tk.square(f(x, y)))
        gx, gy = tape.gradient(z, [x, y])
        return tk.reduce_sum(gx * gx) + tk.reduce_sum(gy * gy)

    tk.test.check_gradients(f, a, b)
    tk.test.check_gradients(grads, a, b)
