"""tk.Module tracking, tk.keras layers (Layer, Dense, Sequential, Model); expected names/orders from TF 2.21."""

import numpy as np
import pytest

import tapekit as tk
from tapekit._api.testing import check_gradients

Dense = tk.keras.layers.Dense


# every test starts with Keras's automatic names counted afresh (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("fresh_keras_names")


# ---------- tk.Module ----------
class _Model(tk.Module):
    def __init__(self):
        super().__init__(name="m")
        self.z = tk.Variable(1.0, name="z")
        self.a = tk.Variable(2.0, name="a", trainable=False)
        self.lst = [tk.Variable(3.0, name="l0"),
                    {"k2": tk.Variable(4.0, name="d2"), "k1": tk.Variable(5.0, name="d1")}]
        self.sub = tk.Module(name="inner")
        self.sub.w = tk.Variable(6.0, name="w")
        self.dup = self.z  # the same variable twice is reported once


def test_module_variable_order_matches_tf():
    m = _Model()
    # observed in TF 2.21: attributes sorted by name, dict keys sorted, submodules last
    assert [v.name for v in m.variables] == ["a:0", "z:0", "l0:0", "d1:0", "d2:0", "w:0"]
    assert [v.name for v in m.trainable_variables] == ["z:0", "l0:0", "d1:0", "d2:0", "w:0"]
    assert [v.name for v in m.non_trainable_variables] == ["a:0"]
    assert isinstance(m.variables, tuple)
    assert m.submodules == (m.sub,)


def test_module_names():
    class MyHTTPModel2(tk.Module):
        pass

    assert tk.Module().name == "module"
    assert MyHTTPModel2().name == "my_http_model2"
    assert tk.Module(name="ok_name").name == "ok_name"
    for bad in ["a b", "1x", "", "a/b"]:
        with pytest.raises(ValueError, match="is not a valid module name"):
            tk.Module(name=bad)


def test_module_nested_submodules_depth_first():
    outer = tk.Module(name="outer")
    outer.b = tk.Module(name="b")
    outer.b.c = tk.Module(name="c")
    outer.b.c.v = tk.Variable(1.0, name="deep")
    outer.a = tk.Variable(0.0, name="top")
    assert [m.name for m in outer.submodules] == ["b", "c"]
    assert [v.name for v in outer.variables] == ["top:0", "deep:0"]


def test_module_cycle_terminates():
    a = tk.Module(name="a")
    a.v = tk.Variable(1.0, name="v")
    a.me = a
    b = tk.Module(name="b")
    a.b, b.a = b, a
    assert [v.name for v in a.variables] == ["v:0"]
    assert a.submodules == (b,)


def test_module_gradients_of_trainable_variables():
    class Linear(tk.Module):
        def __init__(self):
            super().__init__()
            self.w = tk.Variable([[1.0], [2.0]], name="w")
            self.b = tk.Variable([0.5], name="b")
            self.frozen = tk.Variable(3.0, trainable=False)

        @tk.Module.with_name_scope
        def __call__(self, x):
            return tk.matmul(x, self.w) + self.b * self.frozen

    model = Linear()
    x = tk.constant([[1.0, 1.0], [2.0, 0.0]])
    with tk.GradientTape() as tape:
        loss = tk.reduce_sum(model(x))
    gb, gw = tape.gradient(loss, model.trainable_variables)  # sorted: b, w
    np.testing.assert_allclose(gw.numpy(), [[3.0], [1.0]])
    np.testing.assert_allclose(gb.numpy(), [6.0])


# ---------- Dense ----------
def test_dense_builds_on_first_call():
    layer = Dense(3)
    assert layer.name == "dense" and not layer.built
    assert layer.trainable_variables == []
    with pytest.raises(AttributeError, match="You must build the layer before accessing `kernel`"):
        _ = layer.kernel
    y = layer(np.ones((2, 4), np.float32))
    assert layer.built and y.shape == (2, 3) and y.dtype == tk.float32
    assert layer.kernel.shape == (4, 3) and layer.bias.shape == (3,)
    assert [v.name for v in layer.trainable_variables] == ["kernel", "bias"]
    assert [v.path for v in layer.trainable_variables] == ["dense/kernel", "dense/bias"]
    assert layer.kernel.value.name == "dense/kernel:0"  # the tk.Variable inside the Keras variable
    np.testing.assert_array_equal(layer.bias.numpy(), np.zeros(3, np.float32))
    limit = np.sqrt(6 / 7)
    assert np.all(np.abs(layer.kernel.numpy()) <= limit)
    assert repr(layer) == "<Dense name=dense, built=True>"
    assert repr(layer.bias) == "<Variable path=dense/bias, shape=(3,), dtype=float32, value=[0. 0. 0.]>"
    # Keras 3 in TF 2.21: layers are not tf.Modules, weights are keras.Variables (not tf.Variables)
    assert not isinstance(layer, tk.Module) and not isinstance(layer.kernel, tk.Variable)
    assert isinstance(layer.kernel, tk.keras.Variable) and layer.kernel.dtype == "float32"


def test_dense_auto_names_and_given_name():
    assert Dense(2).name == "dense"
    assert Dense(2, name="out").name == "out"
    assert Dense(2).name == "dense_1"


def test_dense_value_and_inputs_converted():
    layer = Dense(2, kernel_initializer="ones", bias_initializer=tk.keras.initializers.Constant(0.5))
    np.testing.assert_allclose(layer(np.array([[1.0, 2.0, 3.0]])).numpy(), [[6.5, 6.5]])
    with pytest.raises(ValueError, match="Only input tensors may be passed as positional arguments"):
        layer([[1.0, 2.0, 3.0]])  # a Python list is refused, as in Keras 3
    assert layer(np.ones((1, 3))).dtype == tk.float32           # float64 ndarray -> float32
    assert layer(tk.constant([[1, 2, 3]])).dtype == tk.float32  # int input -> float32
    assert Dense(3)(tk.ones((2, 5, 4))).shape == (2, 5, 3)


@pytest.mark.parametrize("activation, expected", [
    (None, [[-1.0, 0.0, 2.0]]),
    ("linear", [[-1.0, 0.0, 2.0]]),
    ("relu", [[0.0, 0.0, 2.0]]),
    ("sigmoid", [[0.26894142, 0.5, 0.880797]]),
    ("tanh", [[-0.7615942, 0.0, 0.9640276]]),
    ("softmax", [[0.04201007, 0.1141952, 0.8437947]]),
    (lambda t: t * 2.0, [[-2.0, 0.0, 4.0]]),
])
def test_dense_activations(activation, expected):
    layer = Dense(3, activation=activation, kernel_initializer="zeros",
                  bias_initializer=tk.keras.initializers.Constant(0.0))
    layer(tk.ones((1, 2)))
    layer.bias.assign([-1.0, 0.0, 2.0])
    np.testing.assert_allclose(layer(tk.ones((1, 2))).numpy(), expected, rtol=1e-6, atol=1e-7)


def test_dense_errors():
    with pytest.raises(ValueError, match="Could not interpret activation function identifier: nope"):
        Dense(2, activation="nope")
    for units in (0, -1, 2.5):
        with pytest.raises(ValueError, match="expected a positive integer"):
            Dense(units)
    layer = Dense(3)
    with pytest.raises(ValueError, match="expected min_ndim=2, found ndim=1"):
        layer(tk.ones((3,)))
    assert not layer.built
    layer(tk.ones((2, 4)))
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 4"):
        layer(tk.ones((2, 5)))


def test_dense_without_bias():
    layer = Dense(2, use_bias=False)
    layer(tk.ones((1, 3)))
    assert layer.bias is None
    assert [v.name for v in layer.trainable_variables] == ["kernel"]


def test_dense_seed_makes_init_reproducible():
    # Keras 3 seeds an unseeded initializer from Python's random: set_random_seed fixes it,
    # tf.random.set_seed alone does not (as in TF 2.21)
    tk.keras.utils.set_random_seed(7)
    a = Dense(4)
    a(tk.ones((1, 3)))
    tk.keras.utils.set_random_seed(7)
    b = Dense(4)
    b(tk.ones((1, 3)))
    np.testing.assert_array_equal(a.kernel.numpy(), b.kernel.numpy())
    tk.random.set_seed(7)
    c = Dense(4)
    c(tk.ones((1, 3)))
    assert not np.array_equal(a.kernel.numpy(), c.kernel.numpy())


def test_dense_gradient_matches_tape_and_finite_differences():
    layer = Dense(2, activation="relu")
    x = tk.constant([[1.0, 2.0, 3.0]])
    with tk.GradientTape() as tape:
        y = layer(x)
        loss = tk.reduce_mean(y ** 2)
    grads = tape.gradient(loss, layer.trainable_variables)
    assert [g.shape for g in grads] == [(3, 2), (2,)]
    # analytic: d/dK mean(relu(xK+b)^2) = x^T (relu(z) * (z > 0)) * 2 / n
    z = x.numpy() @ layer.kernel.numpy() + layer.bias.numpy()
    dz = np.where(z > 0, z, 0.0) * 2 / 2
    np.testing.assert_allclose(grads[0].numpy(), x.numpy().T @ dz, rtol=1e-5)
    np.testing.assert_allclose(grads[1].numpy(), dz[0], rtol=1e-5)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("activation", ["tanh", "sigmoid", "softmax"])
def test_dense_numerical_gradient_wrt_kernel_and_input(dtype, activation):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4, 3)).astype(dtype)
    kernel = rng.normal(size=(3, 2)).astype(dtype)
    bias = rng.normal(size=(2,)).astype(dtype)
    act = tk.keras.activations.get(activation)

    def f(k, inputs):  # the Dense computation as a function of its kernel (and its input)
        return act(tk.matmul(inputs, k) + tk.cast(bias, k.dtype))

    check_gradients(f, kernel, x)
    layer = Dense(2, activation=activation)
    layer(tk.ones((1, 3)))
    layer.kernel.assign(kernel.astype(np.float32))
    layer.bias.assign(bias.astype(np.float32))
    np.testing.assert_allclose(layer(x).numpy(), f(tk.constant(kernel), tk.constant(x)).numpy(),
                               rtol=1e-5, atol=1e-6)


# ---------- custom Layer, Model, Sequential ----------
class Custom(tk.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.d2 = Dense(2, name="zz")
        self.d1 = Dense(2, name="aa")

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), name="w")
        self.c = self.add_weight(shape=(2,), name="c", trainable=False, initializer="zeros")
        self.b = self.add_weight(shape=(2,), name="b", initializer="ones")

    def call(self, x):
        return self.d1(self.d2(x)) + tk.matmul(x, self.w) + self.b


def test_custom_layer_weight_order_matches_keras():
    layer = Custom()
    assert layer.name == "custom"
    y = layer(np.ones((3, 2), np.float32))
    assert y.shape == (3, 2) and layer.built
    # observed in Keras 3: own trainable, own non-trainable, then sublayers in assignment order
    assert [v.path for v in layer.weights] == ["custom/w", "custom/b", "custom/c", "custom/zz/kernel",
                                               "custom/zz/bias", "custom/aa/kernel", "custom/aa/bias"]
    assert [v.path for v in layer.trainable_variables] == ["custom/w", "custom/b", "custom/zz/kernel",
                                                           "custom/zz/bias", "custom/aa/kernel",
                                                           "custom/aa/bias"]
    assert [v.path for v in layer.non_trainable_variables] == ["custom/c"]
    assert layer.w.name == "w"
    assert not hasattr(layer, "layers")  # Keras 3: only models list their layers


def test_layer_build_called_once():
    calls = []

    class Scale(tk.keras.layers.Layer):
        def build(self, input_shape):
            calls.append(input_shape)
            self.s = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="s")

        def call(self, x):
            return x * self.s

    layer = Scale()
    layer(tk.ones((2, 3)))
    out = layer(tk.constant([[1.0, 2.0, 3.0]]))
    assert calls == [(2, 3)]
    np.testing.assert_allclose(out.numpy(), [[1.0, 2.0, 3.0]])
    with pytest.raises(NotImplementedError, match="does not have a `call\\(\\)` method"):
        tk.keras.layers.Layer()(tk.ones(2))


def test_layer_trainable_false_freezes():
    layer = Dense(2)
    layer(tk.ones((1, 2)))
    layer.trainable = False
    assert layer.trainable_variables == [] and len(layer.non_trainable_variables) == 2
    assert layer.kernel.trainable is False
    assert layer.kernel.value.trainable is True  # as in TF: the tape still watches the frozen kernel


def test_sequential():
    model = tk.keras.Sequential([Dense(4, activation="relu"), Dense(1)])
    assert model.name == "sequential" and not model.built
    assert model.trainable_variables == []
    y = model(np.ones((2, 3)))
    assert y.shape == (2, 1)
    assert [v.path for v in model.trainable_variables] == [
        "sequential/dense/kernel", "sequential/dense/bias", "sequential/dense_1/kernel", "sequential/dense_1/bias"]
    assert not isinstance(model, tk.Module) and len(model.layers) == 2
    seq = tk.keras.Sequential(name="seq")
    with pytest.raises(ValueError, match="cannot be built because it has no layers"):
        seq(tk.ones((1, 2)))
    seq.add(Dense(1))
    assert seq(tk.ones((1, 2))).shape == (1, 1)


def test_model_subclass():
    class MyModel(tk.keras.Model):
        def __init__(self):
            super().__init__()
            self.hidden = Dense(3, activation="tanh")
            self.out = Dense(1)

        def call(self, x):
            return self.out(self.hidden(x))

    m = MyModel()
    assert m(tk.ones((2, 4))).shape == (2, 1)
    assert m.name == "my_model"
    assert [v.path for v in m.trainable_variables] == ["my_model/dense/kernel", "my_model/dense/bias",
                                                       "my_model/dense_1/kernel", "my_model/dense_1/bias"]


def test_plain_module_holding_layers_tracks_nothing_and_warns():
    # TF 2.16+: a tf.Module does not look inside Keras 3 layers (recorded: tf_cases/keras/module_holding_keras_layer)
    class Net(tk.Module):
        def __init__(self):
            super().__init__()
            self.blocks = [Dense(3), Dense(1)]

        def __call__(self, x):
            for block in self.blocks:
                x = block(x)
            return x

    net = Net()
    net(tk.ones((2, 4)))
    with pytest.warns(UserWarning, match="TF 2.16\\+ does not track Keras layers in tf.Module; use a Keras Model or "
                                         "Layer"):
        assert net.trainable_variables == ()
    with pytest.warns(UserWarning):
        assert net.submodules == ()
