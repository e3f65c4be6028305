"""tk.keras and tk.Module as Keras 3 in TF 2.21, beyond what the TF cases print.

Expected values come from the TF cases recorded under TF 2.21 (tests/tf_cases/keras/*.out, read
here where noted) or from math; gradients are checked numerically to second order.
"""

import ast
import warnings
from pathlib import Path

import numpy as np
import pytest

import tapekit as tk
from tapekit._api.testing import check_gradients

keras = tk.keras
CASES = Path(__file__).parent.parent / "tf_cases" / "keras"


# every test starts with Keras's automatic names counted afresh (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("fresh_keras_names")


def check_to_second_order(f, *args):
    """f's gradients against finite differences, then those of d(sum f)/d(first input)."""
    check_gradients(f, *args)

    def first_derivative(*xs):
        with tk.GradientTape() as tape:
            tape.watch(xs[0])
            y = tk.reduce_sum(f(*xs))
        return tape.gradient(y, xs[0])

    check_gradients(first_derivative, *args)


# ---------- optimizers apply sparse (IndexedSlices) gradients as Keras 3 on TF ----------
class IndexedSlices:
    """The interface of tk.IndexedSlices (values, indices, dense_shape), as gather's gradient gives it."""

    def __init__(self, values, indices, dense_shape):
        self.values, self.indices, self.dense_shape = values, indices, dense_shape


def _recorded_embeddings():
    """The embeddings printed by tf_cases/keras/optimizer_indexed_slices under TF 2.21 (one per optimizer)."""
    lines = (CASES / "optimizer_indexed_slices.out").read_text().splitlines()
    return [ast.literal_eval(line.split(" ", 1)[1]) for line in lines[::2]]


@pytest.mark.parametrize("index, make", enumerate([
    lambda: keras.optimizers.SGD(learning_rate=0.5),
    lambda: keras.optimizers.SGD(learning_rate=0.5, momentum=0.9),
    lambda: keras.optimizers.Adam(learning_rate=0.1),
    lambda: keras.optimizers.SGD(learning_rate=0.5, clipnorm=0.1),
    lambda: keras.optimizers.Adam(learning_rate=0.1, global_clipnorm=0.1),
]))
def test_optimizers_apply_indexed_slices_as_tf(index, make):
    # the TF case's loop, with the gradient of sum((emb[ids] - target)**2) built as IndexedSlices;
    # id 2 appears twice, where Adam's squares and global clipping treat rows one by one as on TF
    ids = np.array([[0, 2], [2, 3]])
    target = np.array([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [0.0, -1.0]]], np.float32)
    embedding = keras.layers.Embedding(5, 2, embeddings_initializer=keras.initializers.Constant(0.5))
    embedding.build()
    optimizer = make()
    for _ in range(3):
        rows = embedding.embeddings.numpy()[ids.reshape(-1)]
        grad = IndexedSlices(tk.constant(2.0 * (rows - target.reshape(-1, 2))), tk.constant(ids.reshape(-1)),
                             tk.constant([5, 2]))
        optimizer.apply_gradients([(grad, embedding.embeddings)])
    np.testing.assert_allclose(embedding.embeddings.numpy(), _recorded_embeddings()[index], rtol=1e-6, atol=1e-7)


def test_sparse_gradient_of_plain_variable_and_densify():
    w = tk.Variable(tk.zeros((3, 2)))
    grad = IndexedSlices(tk.constant([[1.0, 2.0], [3.0, 4.0]]), tk.constant([2, 2]), tk.constant([3, 2]))
    keras.optimizers.SGD(learning_rate=1.0).apply_gradients([(grad, w)])
    np.testing.assert_array_equal(w.numpy(), [[0.0, 0.0], [0.0, 0.0], [-4.0, -6.0]])  # repeated rows add up


def test_empty_apply_gradients_explains_the_empty_variable_list():
    with pytest.raises(ValueError, match="not enough values to unpack(.|\n)*tk.Module holding Keras layers"):
        keras.optimizers.SGD().apply_gradients(zip([], []))


def test_gradient_of_the_wrong_shape_updates_nothing():
    a, b = tk.Variable([1.0, 2.0]), tk.Variable([[1.0, 2.0]])
    sgd = keras.optimizers.SGD(learning_rate=1.0, weight_decay=0.1)
    with pytest.raises(tk.errors.InvalidArgumentError, match="shapes must be equal(.|\n)*Nothing was updated"):
        sgd.apply_gradients([(tk.ones(2), a), (tk.ones(2), b)])
    np.testing.assert_array_equal(a.numpy(), [1.0, 2.0])
    assert int(sgd.iterations.numpy()) == 0


# ---------- keyword arguments ----------
@pytest.mark.parametrize("make, pattern", [
    (lambda: keras.optimizers.SGD(lr=0.1), r"Argument\(s\) not recognized: \{'lr': 0.1\}(.|\n)*learning_rate"),
    (lambda: keras.optimizers.SGD(momentun=0.9), r"not recognized: \{'momentun': 0.9\}(.|\n)*momentum"),
    (lambda: keras.layers.Dense(2, foo=1), r"Unrecognized keyword arguments passed to Dense: \{'foo': 1\}"),
    (lambda: keras.layers.Dense(2, activaton="relu"), r"\{'activaton': 'relu'\}(.|\n)*activation"),
    (lambda: keras.optimizers.SGD(1), r"should be float(.|\n)*learning_rate=1.0"),
    (lambda: keras.optimizers.SGD(momentum=1), r"`momentum` must be a float between \[0, 1\](.|\n)*momentum=1.0"),
])
def test_unknown_or_wrong_arguments_raise_keras_errors_with_hints(make, pattern):
    with pytest.raises(ValueError, match=pattern) as info:
        make()
    assert "\n  Hint: " in str(info.value)


def test_sgd_lr_typo_no_longer_trains_at_the_default_rate():
    # issue 11, A2: SGD(lr=0.1) used to be accepted and train at 0.01
    with pytest.raises(ValueError):
        keras.optimizers.SGD(lr=0.1)
    assert float(keras.optimizers.SGD(learning_rate=0.1).learning_rate) == pytest.approx(0.1)


@pytest.mark.parametrize("make", [
    lambda: keras.losses.MeanSquaredError(foo=1), lambda: keras.losses.Huber(delta=1.0, foo=1),
    lambda: keras.initializers.GlorotUniform(foo=1), lambda: keras.initializers.Zeros(foo=1),
    lambda: keras.regularizers.L2(foo=1), lambda: keras.optimizers.schedules.ExponentialDecay(0.1, 1, 0.9, foo=1),
    lambda: keras.metrics.Mean(foo=1), lambda: keras.Sequential([], foo=1),
])
def test_constructors_with_explicit_signatures_raise_type_error(make):
    with pytest.raises(TypeError, match="unexpected keyword argument 'foo'|takes no arguments"):
        make()


# ---------- Keras variables ----------
def test_keras_variable_wraps_a_tk_variable_the_tape_watches():
    layer = keras.layers.Dense(2, kernel_initializer="ones")
    layer.build((None, 3))
    kernel = layer.kernel
    assert not isinstance(kernel, tk.Variable) and isinstance(kernel.value, tk.Variable)
    assert kernel.dtype == "float32" and isinstance(kernel.dtype, str) and kernel.dtype == tk.float32
    result = kernel.assign(np.full((3, 2), 2.0))
    assert isinstance(result, tk.Tensor) and result is not kernel
    x = tk.constant([[1.0, 2.0, 3.0]])
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(layer(x) ** 2)
    (grad,) = tape.gradient(y, [kernel])
    np.testing.assert_allclose(grad.numpy(), 2 * 12.0 * x.numpy().T @ np.ones((1, 2)))
    assert tape.watched_variables()[0] is kernel.value


def test_keras_variable_assign_with_wrong_shape_changes_nothing():
    v = keras.Variable([1.0, 2.0])
    with pytest.raises(ValueError, match="must match(.|\n)*Hint"):
        v.assign([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_frozen_layer_kernel_still_gets_a_gradient():
    layer = keras.layers.Dense(1, kernel_initializer="ones")
    x = tk.constant([[1.0, 2.0]])
    layer(x)
    layer.trainable = False
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(layer(x))
    assert layer.trainable_weights == []
    np.testing.assert_array_equal(tape.gradient(y, layer.kernel).numpy(), [[1.0], [2.0]])


# ---------- tracking ----------
def test_tk_variable_on_a_layer_is_not_tracked_and_warns():
    class Scale(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.v = tk.Variable(3.0)

        def call(self, x):
            return x * self.v

    with pytest.warns(UserWarning, match="do not track tk.Variable attributes(.|\n)*add_weight"):
        layer = Scale()
    assert layer.weights == [] and layer.trainable_variables == []
    with tk.GradientTape() as tape:
        y = layer(tk.constant(2.0))
    assert float(tape.gradient(y, layer.v)) == 2.0  # the tape still watches it, as in TF


def test_module_does_not_collect_keras_weights_but_keeps_its_own():
    class Net(tk.Module):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)
            self.scale = tk.Variable(2.0, name="scale")

    net = Net()
    with pytest.warns(UserWarning, match="use a Keras Model or Layer"):
        assert [v.name for v in net.trainable_variables] == ["scale:0"]


def test_list_attributes_track_layers_appended_later_in_order():
    class Block(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.parts = []
            self.parts.append(keras.layers.Dense(1, name="first"))
            self.later = keras.layers.Dense(1, name="second")
            self.parts += [keras.layers.Dense(1, name="third")]

        def call(self, x):
            return sum(part(x) for part in self.parts) + self.later(x)

    block = Block()
    block(tk.ones((1, 2)))
    assert [w.path for w in block.weights][::2] == ["block/first/kernel", "block/second/kernel", "block/third/kernel"]


def test_input_shape_argument_builds_with_keras_warning():
    with pytest.warns(UserWarning, match="Do not pass an `input_shape`/`input_dim` argument to a layer"):
        model = keras.Sequential([keras.layers.Dense(4, input_shape=(3,)), keras.layers.Dense(1)])
    assert model.built and [tuple(w.shape) for w in model.weights] == [(3, 4), (4,), (4, 1), (1,)]


def test_first_call_inside_a_tape_records_one_forward_pass():
    # the first call traces call() to build the sublayers (as Keras does symbolically): no tape sees that
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.a, self.b = keras.layers.Dense(3), keras.layers.Dense(1)

        def call(self, x):
            return self.b(self.a(x))

    net = Net()
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(net(tk.ones((2, 4))))
    ops = [e["type"] for e in tape.events if e["kind"] == "op"]
    assert ops.count("MatMul") == 2 and ops.count("ReadVariableOp") == 4
    assert all(g is not None for g in tape.gradient(y, net.trainable_variables))


def test_state_is_locked_after_build():
    layer = keras.layers.Dense(1)
    layer.build((None, 2))
    with pytest.raises(ValueError, match="already built(.|\n)*Hint"):
        layer.add_weight(shape=(1,), name="late")
    assert [w.name for w in layer.weights] == ["kernel", "bias"]


def test_set_weights_with_a_bad_shape_changes_nothing():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2, kernel_initializer="ones")])
    before = model.get_weights()
    with pytest.raises(ValueError, match="not compatible"):
        model.set_weights([np.zeros((2, 2)), np.zeros(3)])
    for old, new in zip(before, model.get_weights()):
        np.testing.assert_array_equal(old, new)


# ---------- what tapekit leaves out ----------
@pytest.mark.parametrize("method", ["compile", "fit", "evaluate", "predict", "train_on_batch"])
def test_training_api_raises_and_shows_the_loop(method):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    with pytest.raises(NotImplementedError, match=f"Model.{method}\\(\\) is not available in tapekit(.|\n)*"
                                                  "custom training loops(.|\n)*GradientTape(.|\n)*apply_gradients"):
        getattr(model, method)()


@pytest.mark.parametrize("name", ["BatchNormalization", "Conv2D", "MaxPooling2D", "LSTM", "MultiHeadAttention"])
def test_out_of_scope_layers_raise_naming_tf_api(name):
    with pytest.raises(NotImplementedError, match=f"keras.layers.{name} (.|\n)*tf.keras.layers.{name}"):
        getattr(keras.layers, name)(8)


# ---------- layers ----------
def test_dropout_statistics_and_inference_path():
    tk.random.set_seed(3)
    x = tk.ones((200, 500))
    dropout = keras.layers.Dropout(0.3)
    np.testing.assert_array_equal(dropout(x).numpy(), x.numpy())  # inference: identity
    y = dropout(x, training=True).numpy()
    kept = y != 0
    assert abs(kept.mean() - 0.7) < 0.01
    np.testing.assert_allclose(y[kept], 1 / 0.7, rtol=1e-6)
    assert abs(y.mean() - 1.0) < 0.02  # expectation preserved
    state = dropout.variables[0].numpy()
    assert state[1] == 1  # one draw counted in the seed state, as Keras's SeedGenerator
    with tk.GradientTape() as tape:
        tape.watch(x)
        z = tk.reduce_sum(dropout(x, training=True))
    grad = tape.gradient(z, x).numpy()
    assert set(np.unique(grad)) <= {0.0, np.float32(1 / 0.7)}


class _TwoLayers(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hidden = keras.layers.Dense(4, activation="sigmoid", dtype="float64")
        self.out = keras.layers.Dense(2, dtype="float64")

    def call(self, x):
        return self.out(self.hidden(x))


@pytest.mark.parametrize("make", [
    lambda: keras.layers.Dense(3, activation="tanh", dtype="float64"),
    lambda: _TwoLayers(dtype="float64"),
    lambda: keras.layers.ReLU(max_value=1.0, negative_slope=0.1, dtype="float64"),
    lambda: keras.layers.Lambda(lambda t: t ** 3, dtype="float64"),
])
def test_layer_input_gradients_numerically(make):
    layer = make()
    check_to_second_order(lambda x: layer(x), np.array([[0.3, -1.2], [0.7, 0.45]]))


@pytest.mark.parametrize("fn", [keras.losses.huber, keras.losses.log_cosh, keras.losses.cosine_similarity,
                                keras.losses.kl_divergence, keras.losses.poisson, keras.losses.squared_hinge,
                                keras.losses.mean_squared_logarithmic_error])
def test_new_losses_gradients_numerically(fn):
    y_true = np.array([[0.2, 0.7], [0.9, 0.4]])
    check_to_second_order(lambda p: fn(tk.constant(y_true), p), np.array([[0.3, 0.5], [1.7, 0.6]]))


def test_regularization_losses_are_differentiable():
    layer = keras.layers.Dense(1, kernel_initializer="ones", kernel_regularizer=keras.regularizers.L2(0.5))
    x = tk.constant([[1.0, 2.0]])
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(layer(x)) + tk.add_n(layer.losses)
    np.testing.assert_allclose(tape.gradient(loss, layer.kernel).numpy(), [[1.0 + 1.0], [2.0 + 1.0]])


def test_get_config_round_trip():
    dense = keras.layers.Dense(3, activation="relu", use_bias=False, kernel_regularizer="l2", name="d")
    copy = keras.layers.Dense.from_config(dense.get_config())
    assert (copy.name, copy.units, copy.use_bias) == ("d", 3, False)
    assert copy.activation is dense.activation and copy.kernel_regularizer.l2 == pytest.approx(0.01)
    optimizer = keras.optimizers.Adam.from_config(keras.optimizers.Adam(learning_rate=0.5, amsgrad=True).get_config())
    assert optimizer.amsgrad and float(optimizer.learning_rate) == 0.5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = keras.Sequential.from_config(keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)]).get_config())
    assert model.built and [tuple(w.shape) for w in model.weights] == [(3, 2), (2,)]
