"""Part C ops beyond their TF cases and gradient checks: dropout's mask and scaling, initializers
in Keras layers, activation names, out-of-scope APIs, and state left unchanged by bad input."""

import numpy as np
import pytest

import tapekit as tk


def test_dropout_zeroes_about_rate_and_scales_the_rest():
    x = tk.ones([2000])
    y = tk.nn.dropout(x, rate=0.25, seed=3).numpy()
    kept = y != 0
    assert 0.7 < kept.mean() < 0.8
    np.testing.assert_allclose(y[kept], 1 / 0.75, rtol=1e-6)
    assert tk.nn.dropout(x, rate=0.0) is x                     # TF's fast path returns x itself


def test_dropout_gradient_is_the_scaled_mask():
    w = tk.constant(np.arange(1.0, 101.0, dtype=np.float32))
    with tk.GradientTape() as tape:
        tape.watch(w)
        y = tk.nn.dropout(w, rate=0.5, seed=1)
    g = tape.gradient(y, w).numpy()
    np.testing.assert_allclose(g, np.where(y.numpy() != 0, 2.0, 0.0))


def test_dropout_noise_shape_shares_one_draw_per_row():
    y = tk.nn.dropout(tk.ones([300, 4]), rate=0.5, noise_shape=[None, 1], seed=2).numpy()
    assert all(len(set(row)) == 1 for row in y.tolist())


def test_seeded_random_initializers_repeat_and_unseeded_ones_follow_the_global_seed():
    init = tk.random_normal_initializer(seed=5)
    np.testing.assert_array_equal(init([3]).numpy(), init([3]).numpy())
    tk.random.set_seed(1)
    a = tk.random_uniform_initializer()([3]).numpy()
    tk.random.set_seed(1)
    b = tk.random_uniform_initializer()([3]).numpy()
    tk.random.set_seed(None)
    np.testing.assert_array_equal(a, b)


def test_tf_initializers_fill_keras_layers():
    layer = tk.keras.layers.Dense(2, kernel_initializer=tk.ones_initializer(),
                                  bias_initializer=tk.constant_initializer(0.5))
    out = layer(tk.constant([[1.0, 2.0, 3.0]]))
    np.testing.assert_allclose(out.numpy(), [[6.5, 6.5]])


@pytest.mark.parametrize("name", ["gelu", "silu", "swish", "elu", "selu", "leaky_relu", "relu6",
                                  "softsign", "mish", "log_softmax", "hard_sigmoid"])
def test_keras_activation_names_work_in_dense(name):
    layer = tk.keras.layers.Dense(3, activation=name, kernel_initializer=tk.ones_initializer())
    x = tk.constant([[0.5, -1.0]])
    np.testing.assert_allclose(layer(x).numpy(), tk.keras.activations.get(name)(tk.constant([[-0.5] * 3])).numpy())


def test_unknown_activation_name_raises_valueerror_with_the_choices():
    with pytest.raises(ValueError, match="Could not interpret activation function identifier: foo") as info:
        tk.keras.activations.get("foo")
    assert "gelu" in str(info.value)


@pytest.mark.parametrize("fn", [tk.nn.conv2d, tk.nn.conv1d, tk.nn.conv2d_transpose, tk.nn.max_pool2d,
                                tk.nn.avg_pool])
def test_out_of_scope_apis_raise_notimplementederror_naming_tf(fn):
    with pytest.raises(NotImplementedError, match=rf"tf\.nn\.{fn.__name__} is not implemented") as info:
        fn(tk.ones([1, 3, 3, 1]), tk.ones([2, 2, 1, 1]), 1, "VALID")
    assert "Hint:" in str(info.value)


def test_clip_by_global_norm_keeps_none_and_scales_every_tensor_alike():
    grads = [tk.constant([3.0]), None, tk.constant([[4.0]])]
    clipped, norm = tk.clip_by_global_norm(grads, 1.0)
    assert clipped[1] is None and float(norm) == 5.0
    np.testing.assert_allclose(clipped[0].numpy(), [0.6])
    np.testing.assert_allclose(clipped[2].numpy(), [[0.8]])


def test_failed_ops_leave_their_inputs_unchanged():
    v = tk.Variable([3.0, 4.0])
    with pytest.raises(tk.errors.InvalidArgumentError):
        tk.linalg.inv(tk.constant([[1.0, 2.0], [2.0, 4.0]]))
    with pytest.raises(TypeError):
        tk.clip_by_global_norm(v, 1.0)
    assert v.numpy().tolist() == [3.0, 4.0]
    seed_before = tk.random.Generator.from_seed(1)
    with pytest.raises(tk.errors.InvalidArgumentError):
        tk.math.top_k(tk.constant([1.0]), k=2)
    assert seed_before.state.numpy().tolist() == [1, 0, 0]


def test_hints_name_the_op_and_what_to_do():
    cases = [
        (lambda: tk.math.segment_sum([1.0, 2.0], [1, 0]), "unsorted_segment"),
        (lambda: tk.math.top_k(tk.constant([1.0, 2.0]), k=3), "at most the size of the last axis"),
        (lambda: tk.linalg.solve(tk.eye(2), [1.0, 2.0]), "tk.expand_dims"),
        (lambda: tk.unique(tk.constant([[1, 2]])), "tk.reshape"),
        (lambda: tk.roll([1, 2], 1, 3), "axes"),
    ]
    for fn, hint in cases:
        with pytest.raises(tk.errors.InvalidArgumentError) as info:
            fn()
        assert "Hint:" in str(info.value) and hint in str(info.value)


def test_saturate_cast_is_in_dtypes_and_top_level():
    assert tk.dtypes.saturate_cast is tk.saturate_cast
    assert tk.saturate_cast([300.0, -5.0], tk.uint8).numpy().tolist() == [255, 0]
    assert tk.dtypes.cast([1.7], tk.int32).numpy().tolist() == [1]
    with pytest.raises(AttributeError):
        tk.dtypes.no_such_thing  # noqa: B018


def test_import_stays_light():
    import subprocess
    import sys

    code = "import sys, tapekit; print('scipy' in sys.modules, 'tapekit.data' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split()[0] == "False"       # special functions import scipy only when they run
