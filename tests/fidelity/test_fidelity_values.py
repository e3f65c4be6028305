"""TF 2.21 fidelity of values (issue 11): what printed output cannot show.

Gradients through packed lists (numerically, to second order), state left unchanged by a failed
operation, the error classes, the UnreadVariable view, the float16 order of additions. Expected
values come from math, or from TF 2.21 runs (said so where used); printed behaviour is covered by
the recorded programs in tests/tf_cases/values/.
"""

import pickle

import numpy as np
import pytest

import tapekit as tk
from tapekit.errors import InvalidArgumentError


def _op_types(tape) -> list:
    return [entry.type for entry in tape._entries]


# ---------- A4: lists of tensors pack into a tensor, differentiably ----------
def _packed(x):
    """A function of a float64 vector x that goes through nested packing."""
    row = tk.convert_to_tensor([x[0] * x[1], tk.sin(x[2]), 3.0])
    grid = tk.convert_to_tensor([[x[0], x[1] ** 2], [x[2] * x[0], 1.0]])
    return tk.reduce_sum(row * row) + tk.reduce_sum(tk.exp(grid) * grid)


def test_packing_records_pack_ops_on_the_tape():
    a = tk.constant(1.0)
    with tk.GradientTape() as tape:
        tape.watch(a)
        y = tk.reduce_sum([a * 2.0, 3.0])
    assert "Pack" in _op_types(tape)
    assert float(tape.gradient(y, a)) == 2.0


def test_packing_gradient_matches_finite_differences():
    x = tk.constant(np.array([0.3, -0.7, 1.1]))
    theoretical, numerical = tk.test.compute_gradient(_packed, [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-6)


def test_packing_gradient_to_second_order():
    def gradient_of_packed(x):
        with tk.GradientTape() as inner:
            inner.watch(x)
            y = _packed(x)
        return inner.gradient(y, x)

    x = tk.constant(np.array([0.3, -0.7, 1.1]))
    theoretical, numerical = tk.test.compute_gradient(gradient_of_packed, [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-5, atol=1e-5)
    assert np.abs(theoretical[0]).max() > 0.1  # a real Hessian, not zeros


def test_variables_inside_lists_get_gradients():
    v = tk.Variable(2.0)
    w = tk.Variable(3.0)
    with tk.GradientTape() as tape:
        packed = tk.convert_to_tensor([v, w * v, 1.0])
        loss = tk.reduce_sum(packed * packed)
    dv, dw = tape.gradient(loss, [v, w])
    assert float(dv) == pytest.approx(2 * 2.0 + 2 * (3.0 * 2.0) * 3.0)  # d/dv [v^2 + (wv)^2]
    assert float(dw) == pytest.approx(2 * (3.0 * 2.0) * 2.0)


def test_packing_with_another_dtype_casts_and_gradient_keeps_the_source_dtype():
    a = tk.constant(1.5)
    with tk.GradientTape() as tape:
        tape.watch(a)
        packed = tk.convert_to_tensor([a, a * a], dtype=tk.float64)
        y = tk.reduce_sum(packed)
    assert packed.dtype == tk.float64
    g = tape.gradient(y, a)
    assert g.dtype == tk.float32 and float(g) == pytest.approx(1.0 + 2 * 1.5)


@pytest.mark.parametrize("build", [
    lambda a, i: tk.convert_to_tensor([a, i]),                        # Pack: dtype clash
    lambda a, i: tk.convert_to_tensor([tk.constant([1.0, 2.0]), a]),  # Pack: shape clash
    lambda a, i: tk.convert_to_tensor([a, tk.constant(2.0, tk.float64), 3.0]),
    lambda a, i: tk.constant([a, a]),
])
def test_a_failed_packing_records_nothing(build):
    a = tk.constant(1.0)
    i = tk.constant(2)
    with tk.GradientTape() as tape:
        tape.watch(a)
        y = a * 3.0
        recorded = len(tape._entries)
        with pytest.raises((InvalidArgumentError, TypeError, ValueError)):
            build(a, i)
        assert len(tape._entries) == recorded
    assert float(tape.gradient(y, a)) == 3.0


# ---------- A1: augmented assignment on a Variable ----------
@pytest.mark.parametrize("statement", ["w -= 0.5", "w += 0.5", "w *= 2.0", "w /= 2.0", "w **= 2.0"])
def test_rejected_augmented_assignment_leaves_the_variable_and_the_tape_intact(statement):
    w = tk.Variable([1.0, 2.0], name="w")
    scope = {"w": w}
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(w * w)
        with pytest.raises(RuntimeError, match=r"with `tf.Variable`s is not supported") as info:
            exec(statement, scope)
    assert "\n  Hint:" in str(info.value) and "assign" in str(info.value)
    assert scope["w"] is w and isinstance(scope["w"], tk.Variable)
    np.testing.assert_array_equal(w.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(tape.gradient(loss, w).numpy(), [2.0, 4.0])


def test_assign_sub_after_a_rejected_isub_trains():
    w = tk.Variable(3.0)
    for _ in range(3):
        with tk.GradientTape() as tape:
            loss = (w - 1.0) ** 2
        g = tape.gradient(loss, w)
        assert g is not None
        with pytest.raises(RuntimeError):
            w -= 0.1 * g
        w.assign_sub(0.1 * g)
    assert float(w.numpy()) == pytest.approx(1.0 + 2.0 * 0.8 ** 3, rel=1e-6)


def test_keras_variables_rebind_on_augmented_assignment_as_keras_3():
    layer = tk.keras.layers.Dense(2)
    layer.build((None, 3))
    kernel = layer.kernel
    before = layer.kernel.numpy().copy()
    kernel -= 1.0  # Keras 3 (TF 2.21): a new tensor, the layer's variable untouched
    assert isinstance(kernel, tk.Tensor) and kernel is not layer.kernel
    np.testing.assert_array_equal(layer.kernel.numpy(), before)
    np.testing.assert_array_equal(kernel.numpy(), before - 1.0)


# ---------- B: UnreadVariable, read-only properties ----------
def test_assign_returns_a_view_sharing_the_variable():
    v = tk.Variable([1.0, 2.0], name="w")
    view = v.assign([3.0, 4.0])
    assert view is not v and isinstance(view, tk.Variable) and view.name == "UnreadVariable"
    assert view.ref() != v.ref()
    v.assign([5.0, 6.0])
    np.testing.assert_array_equal(view.numpy(), [5.0, 6.0])
    view.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(v.numpy(), [6.0, 7.0])


def test_reads_through_the_view_are_reads_of_the_variable():
    # TF 2.21: d(u*u)/dx is 6.0 and only x is watched.
    x = tk.Variable(2.0, name="x")
    with tk.GradientTape(persistent=True) as tape:
        u = x.assign(3.0)
        y = u * u
    assert float(tape.gradient(y, x)) == 6.0
    assert [w.name for w in tape.watched_variables()] == ["x:0"]


def test_trainable_is_read_only_and_len_raises():
    v = tk.Variable([1.0, 2.0], trainable=False)
    with pytest.raises(AttributeError):
        v.trainable = True
    assert v.trainable is False
    with pytest.raises(TypeError, match="has no len()"):
        len(v)


# ---------- B: error classes ----------
def test_invalid_argument_error_is_an_op_error_not_a_value_error():
    assert not issubclass(tk.errors.InvalidArgumentError, ValueError)
    with pytest.raises(tk.errors.OpError) as info:
        try:
            tk.constant([1.0]) * tk.constant([1])
        except ValueError:  # must not catch it, as in TF
            pytest.fail("InvalidArgumentError was caught as a ValueError")
    err = info.value
    assert err.error_code == tk.errors.INVALID_ARGUMENT == 3
    assert err.op is None and err.node_def is None and err.args == ()
    assert str(err) == err.message and "[Op:Mul]" in err.message


@pytest.mark.parametrize("name, code", [
    ("CancelledError", 1), ("UnknownError", 2), ("InvalidArgumentError", 3), ("DeadlineExceededError", 4),
    ("NotFoundError", 5), ("AlreadyExistsError", 6), ("PermissionDeniedError", 7), ("ResourceExhaustedError", 8),
    ("FailedPreconditionError", 9), ("AbortedError", 10), ("OutOfRangeError", 11), ("UnimplementedError", 12),
    ("InternalError", 13), ("UnavailableError", 14), ("DataLossError", 15), ("UnauthenticatedError", 16),
])
def test_error_classes_take_tfs_arguments_and_pickle(name, code):
    cls = getattr(tk.errors, name)
    err = cls(None, None, "boom")
    assert isinstance(err, tk.errors.OpError) and err.error_code == code and str(err) == "boom"
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is cls and again.message == "boom" and again.error_code == code
    generic = tk.errors.OpError(None, None, "x", code)
    assert generic.error_code == code


@pytest.mark.parametrize("call, kind", [
    (lambda: tk.range(5, 0), InvalidArgumentError),
    (lambda: tk.zeros([-1]), InvalidArgumentError),
    (lambda: tk.reduce_sum(tk.ones([2, 2]), axis=[0, 0]), InvalidArgumentError),
    (lambda: tk.constant(True) + tk.constant(False), InvalidArgumentError),
    (lambda: tk.constant([1.0]) == tk.constant([1]), InvalidArgumentError),
    (lambda: tk.eye(-1), InvalidArgumentError),
    (lambda: tk.one_hot([0], depth=-1), InvalidArgumentError),
    (lambda: tk.constant(1.0, shape=[-1]), ValueError),
    (lambda: tk.Variable(1.0, name=5), ValueError),
    (lambda: tk.reduce_sum(tk.ones([2]), axis="a"), InvalidArgumentError),
    (lambda: tk.zeros([2.5]), TypeError),
    (lambda: tk.constant(1.0) & tk.constant(1.0), InvalidArgumentError),
    (lambda: tk.argmax([1.0], output_type=tk.float32), InvalidArgumentError),
])
def test_bad_input_raises_tfs_type_with_a_hint(call, kind):
    with pytest.raises(kind) as info:
        call()
    assert "\n  Hint: " in str(info.value)


# ---------- B: comparisons ----------
def test_equality_never_gives_a_python_bool_for_tensors():
    a = tk.constant([1.0, 2.0])
    result = a == tk.constant([1.0, 2.0, 3.0])
    assert isinstance(result, tk.Tensor) and result.dtype == tk.bool and result.shape == ()
    assert bool(result) is False
    assert (a != [1.0, 2.0, 3.0]).numpy() == np.True_
    assert (a == None) is False and (a != None) is True  # noqa: E711 - TF's Tensor.__eq__
    with pytest.raises(ValueError):
        tk.Variable(1.0) == None  # noqa: B015, E711 - TF's Variable.__eq__ converts None


def test_boolean_mask_indexing_differentiates():
    w = tk.Variable([1.0, -2.0, 3.0])
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(w[w > 0] ** 2)
    np.testing.assert_array_equal(tape.gradient(y, w).numpy(), [2.0, 0.0, 6.0])


# ---------- B: float16 in TF's order of additions ----------
# TF 2.21 on this project's machine: tf.reduce_sum of the first n values of
# (np.random.default_rng(0).random(200000) * 2).astype(np.float16)
_TF_HALF_SUMS = {1: 1.2734375, 7: 6.59375, 15: 15.890625, 16: 16.234375, 17: 17.96875, 31: 33.4375,
                 32: 34.21875, 33: 34.5, 100: 109.6875, 255: 273.75, 256: 274.5, 257: 276.25, 1000: 1034.0,
                 3199: 3180.0, 3200: 3180.0, 3201: 3180.0, 3300: 3284.0, 6400: 6368.0, 6401: 6368.0,
                 10000: 9984.0, 20000: 20096.0, 50000: 50080.0}


@pytest.mark.numpy_only("array_api_strict has no float16")
def test_float16_sums_match_tf_for_every_length():
    data = (np.random.default_rng(0).random(200000) * 2).astype(np.float16)
    for n, expected in _TF_HALF_SUMS.items():
        assert float(tk.reduce_sum(tk.constant(data[:n]))) == expected, n


@pytest.mark.numpy_only("array_api_strict has no float16")
def test_float16_reductions_keep_float16_and_keepdims():
    x = tk.fill([4, 3000], tk.constant(0.1, tk.float16))
    total = tk.reduce_sum(x, axis=1, keepdims=True)
    assert total.dtype == tk.float16 and total.shape == (4, 1)
    assert float(tk.reduce_sum(tk.fill([10000], tk.constant(0.1, tk.float16)))) == 997.0  # TF 2.21
    assert float(tk.reduce_mean(tk.fill([100000], tk.constant(0.1, tk.float16)))) == 0.0  # / float16(1e5) = inf


@pytest.mark.numpy_only("array_api_strict has no float16")
def test_float16_sum_gradient_is_ones():
    x = tk.constant(np.full(5, 0.5, np.float16))
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.reduce_sum(x)
    g = tape.gradient(y, x)
    assert g.dtype == tk.float16
    np.testing.assert_array_equal(g.numpy(), np.ones(5, np.float16))


# ---------- B: creation and conversion leave no state behind ----------
def test_failed_creation_inside_a_tape_records_nothing():
    a = tk.constant(2.0)
    with tk.GradientTape() as tape:
        tape.watch(a)
        y = a * a
        before = len(tape._entries)
        for bad in (lambda: tk.zeros([-1]), lambda: tk.range(0, 5, 0), lambda: tk.fill([2], [1.0, 2.0]),
                    lambda: tk.one_hot([0], 2, axis=5), lambda: tk.eye(2.5)):
            with pytest.raises((InvalidArgumentError, TypeError)):
                bad()
        assert len(tape._entries) == before
    assert float(tape.gradient(y, a)) == 4.0


def test_failed_assign_of_a_packed_list_leaves_the_variable():
    v = tk.Variable([1.0, 2.0])
    with pytest.raises(ValueError):
        v.assign([tk.constant(1.0), tk.constant(2.0), tk.constant(3.0)])
    with pytest.raises(InvalidArgumentError):
        v.assign([tk.constant(1.0), tk.constant(2)])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_huge_tensors_raise_resource_exhausted_before_allocating():
    with pytest.raises(tk.errors.ResourceExhaustedError, match="OOM when allocating"):
        tk.ones([2**40])
