"""Nothing differs silently from TF 2.21 (issue 25, part A): a lone tensor given where a list is expected,
indices and sizes beyond int32, attributes of the wrong type, dtypes an op has no kernel for.

What TF returns or raises for each call is recorded by tests/tf_cases/values/
silent_lone_tensors_and_wide_indices.py (run in TF 2.21); these tests add the gradients (checked
numerically), the messages and that a refused call changes nothing.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import numeric_gradient

import tapekit as tk
from tapekit.errors import InvalidArgumentError, ResourceExhaustedError

WIDE = 2**32 + 1  # int32 would wrap it around to 1


def test_concat_of_a_lone_tensor_is_that_tensor_and_its_gradient_is_ones():
    x = tk.constant(np.arange(24.0).reshape(2, 3, 4))
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.concat(x, axis=0)
        loss = tk.reduce_sum(y * y)
    assert y.shape == (2, 3, 4)
    np.testing.assert_array_equal(y.numpy(), x.numpy())
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), numeric_gradient(lambda a: (a * a).sum(), x.numpy()),
                               rtol=1e-6)


def test_add_n_of_a_lone_tensor_sums_its_rows_with_the_gradient_of_a_sum():
    x = tk.constant(np.arange(24.0).reshape(2, 3, 4))
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = tk.add_n(x)
        loss = tk.reduce_sum(y * y)
    np.testing.assert_array_equal(y.numpy(), x.numpy().sum(axis=0))
    expected = numeric_gradient(lambda a: (a.sum(axis=0) ** 2).sum(), x.numpy())
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), expected, rtol=1e-6)


def test_add_n_of_one_item_is_that_item_and_of_no_list_a_clear_type_error():
    t = tk.constant([1.0, 2.0])
    assert tk.add_n([t]) is t
    with pytest.raises(TypeError, match="add_n takes a list of tensors"):
        tk.add_n(5)
    with pytest.raises(TypeError, match="scalar"):
        tk.add_n(tk.constant(1.0))


@pytest.mark.parametrize("call", [
    lambda p: tk.gather(p, [WIDE]),
    lambda p: tk.gather(p, WIDE),
    lambda p: tk.gather(p, np.array([WIDE])),
    lambda p: tk.gather_nd(p, [[WIDE]]),
    lambda p: tk.scatter_nd([[WIDE]], [1.0], [3]),
    lambda p: tk.tensor_scatter_nd_update(p, [[WIDE]], [1.0]),
    lambda p: tk.tensor_scatter_nd_add(p, [[WIDE]], [1.0]),
    lambda p: tk.nn.embedding_lookup(p, [WIDE]),
], ids=["gather", "gather-scalar", "gather-numpy", "gather_nd", "scatter_nd", "scatter_update", "scatter_add",
        "embedding_lookup"])
def test_an_index_beyond_int32_is_out_of_range_not_wrapped(call):
    with pytest.raises(InvalidArgumentError, match=str(WIDE)):
        call(tk.constant([1.0, 2.0, 3.0]))


def test_a_size_beyond_int32_is_not_wrapped_and_a_huge_one_is_refused_up_front():
    assert tk.fill([2**32 + 2, 0], 1.0).shape == (2**32 + 2, 0)
    with pytest.raises(ResourceExhaustedError, match="OOM"):
        tk.fill([2**40 + 2], 1.0)


def test_a_huge_number_of_segments_is_refused_before_allocating():
    with pytest.raises(ResourceExhaustedError, match="UnsortedSegmentSum"):
        tk.math.unsorted_segment_sum(tk.constant([1.0, 2.0]), [0, 1], 2**45)
    with pytest.raises(ResourceExhaustedError, match="SegmentSum"):
        tk.math.segment_sum(tk.constant([1.0, 2.0]), tk.constant([0, 2**45], tk.int64))


def test_squeeze_refuses_an_axis_out_of_range_instead_of_wrapping_it():
    with pytest.raises(InvalidArgumentError, match="Tried to squeeze dim index 5"):
        tk.squeeze(tk.ones([1]), 5)
    assert tk.squeeze(tk.ones([1, 2]), -2).shape == (2,)


@pytest.mark.parametrize("op", [tk.nn.relu, tk.nn.relu6])
def test_relu_of_bools_or_strings_raises_as_tf(op):
    with pytest.raises(InvalidArgumentError, match="bool"):
        op(tk.constant([True, False]))
    with pytest.raises(InvalidArgumentError, match="string"):
        op(tk.constant(["a"]))
    np.testing.assert_array_equal(op(tk.constant([-1, 2])).numpy(), [0, 2])


@pytest.mark.parametrize("op", [tk.cumsum, tk.math.cumprod])
@pytest.mark.parametrize("arg", ["reverse", "exclusive"])
@pytest.mark.parametrize("value", [1, 0.0, "yes", np.bool_(True)])
def test_cumulative_ops_take_only_bools_for_their_flags(op, arg, value):
    with pytest.raises(TypeError, match=f"Expected bool for argument '{arg}'"):
        op(tk.constant([1.0, 2.0]), **{arg: value})


def test_cumsum_takes_none_as_false():
    np.testing.assert_array_equal(tk.cumsum(tk.constant([1.0, 2.0]), reverse=None).numpy(), [1.0, 3.0])


# ---------- tape.explain agrees with tape.gradient (TF's registrations: see
# tests/tf_cases/grads/rules_returning_none_and_missing_rules.py for what TF's gradient gives) ----------
EXPLAINED = {
    "round": (lambda x: tk.round(x) * 3.0, "none"),
    "floor": (lambda x: tk.floor(x) * 3.0, "none"),
    "ceil": (lambda x: tk.math.ceil(x) * 3.0, "none"),
    "rint": (lambda x: tk.math.rint(x) * 3.0, "none"),
    "floordiv": (lambda x: (x // 2.0) * 3.0, "none"),
    "argmax": (lambda x: tk.cast(tk.argmax([x, 1.0]), tk.float32), "none"),
    "greater": (lambda x: tk.cast(x > 1.0, tk.float32), "none"),
    "sign": (lambda x: tk.sign(x) * 3.0, "value"),
    "round plus x": (lambda x: tk.round(x) + x, "value"),
    "adjust_contrast": (lambda x: tk.reduce_sum(tk.image.adjust_contrast(tk.ones([2, 2, 1]) * x, 2.0)), "lookup"),
}


@pytest.mark.parametrize("name", list(EXPLAINED))
@pytest.mark.parametrize("explain_first", [True, False])
def test_explain_says_what_gradient_does(name, explain_first):
    f, outcome = EXPLAINED[name]
    x = tk.Variable(2.3)
    with tk.GradientTape(persistent=True) as tape:
        y = f(x)
    before = tape.explain(y, x) if explain_first else None
    if outcome == "lookup":
        with pytest.raises(LookupError):
            tape.gradient(y, x)
    else:
        assert (tape.gradient(y, x) is None) == (outcome == "none")
    explained = before or tape.explain(y, x)
    if outcome == "value":
        assert explained.cause is None
    elif outcome == "none":
        assert explained.cause in ("not_connected", "integer_or_string_dtype")
        assert "gradient OK" not in repr(explained)
    else:
        assert explained.cause == "no_gradient_registered" and "LookupError" in explained.message
        assert "tk.no_gradient" in explained.fix and "declared" not in explained.message.split(";")[0]


def test_explain_names_a_rule_that_returns_none_apart_from_no_gradient():
    x = tk.Variable(2.3)
    with tk.GradientTape(persistent=True) as tape:
        rounded = tk.round(x) * 3.0
        clipped = tk.stop_gradient(x) * 3.0
    round_why, stop_why = tape.explain(rounded, x), tape.explain(clipped, x)
    assert round_why.op["type"] == "Round" and "returns None" in round_why.message
    assert stop_why.cause == "stop_gradient"


def test_explain_after_gradient_sees_a_custom_rule_that_returned_none():
    @tk.custom_gradient
    def doubled(v):
        return v * 2.0, lambda upstream: None

    x = tk.Variable(2.0)
    with tk.GradientTape(persistent=True) as tape:
        y = doubled(x)
    assert tape.gradient(y, x) is None
    explained = tape.explain(y, x)
    assert explained.cause == "not_connected" and "returns None" in explained.message


# ---------- Keras variables wherever the engine takes a variable (the TF side of each call:
# tests/tf_cases/keras/keras_variables_in_the_engine.py) ----------
def _dense_and_loss():
    layer = tk.keras.layers.Dense(2)
    x = tk.ones([3, 4])
    tape = tk.GradientTape(persistent=True)
    with tape:
        y = layer(x)
        loss = tk.reduce_sum(y ** 2)
    return layer, tape, y, loss


def test_explain_takes_a_keras_layers_variables_and_agrees_with_gradient():
    layer, tape, _, loss = _dense_and_loss()
    assert all(g is not None for g in tape.gradient(loss, layer.trainable_variables))
    explained = tape.explain(loss, layer.trainable_variables)
    assert [item.cause for item in explained] == [None, None]
    assert "dense" in explained[0].source and "kernel" in explained[0].source


def test_explain_and_gradient_name_an_unconnected_keras_variable():
    _, tape, _, loss = _dense_and_loss()
    other = tk.keras.layers.Dense(2)
    other.build((None, 4))
    assert tape.gradient(loss, other.trainable_variables) == [None, None]
    assert [item.cause for item in tape.explain(loss, other.trainable_variables)] == ["not_connected"] * 2
    ends = [e for e in tape.events if e["kind"] == "backward_end"]
    assert [r["cause"] for r in ends[-1]["results"]] == ["not_connected"] * 2


def test_a_keras_variable_as_explains_target_and_in_jacobian_and_watch():
    v = tk.keras.Variable(3.0)
    with tk.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
        tape.watch(v)
        out = v * v
    assert float(tape.gradient(out, v)) == 6.0 and float(tape.jacobian(out, v)) == 6.0
    assert tape.explain(out, v).cause is None and tape.explain(v, v).cause is None
    assert len(tape.watched_variables()) == 1


@pytest.mark.parametrize("num", [1, 2, 5])
def test_linspace_is_differentiable_as_in_tf(num):
    start, stop = tk.constant(1.5, tk.float64), tk.constant(-2.0, tk.float64)
    weights = np.arange(1.0, num + 1.0)
    with tk.GradientTape() as tape:
        tape.watch([start, stop])
        loss = tk.reduce_sum(tk.linspace(start, stop, num) * weights)
    got = [float(g) for g in tape.gradient(loss, [start, stop])]

    def f(a):
        return (np.linspace(a[0], a[1], num) * weights).sum()
    np.testing.assert_allclose(got, numeric_gradient(f, [1.5, -2.0]), rtol=1e-6, atol=1e-9)
