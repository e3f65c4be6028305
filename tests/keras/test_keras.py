"""tk.keras optimizers, losses, initializers, activations; expected values observed in TF 2.21 / Keras 3.15."""

import warnings

import numpy as np
import pytest

import tapekit as tk

opt = tk.keras.optimizers
L = tk.keras.losses


# every test starts with Keras's automatic names counted afresh (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("fresh_keras_names")


# ---------- optimizers ----------
def _three_steps(optimizer):
    """Three apply_gradients calls with fixed gradients; same script as run in TF."""
    w = tk.Variable([1.0, -2.0, 3.0])
    b = tk.Variable(0.5)
    for i in range(3):
        grads = [tk.constant([0.1, -0.5, 2.0]) * (i + 1), tk.constant(-1.5) + i]
        returned = optimizer.apply_gradients(zip(grads, [w, b]))
    assert returned is optimizer.iterations
    return w.numpy(), float(b.numpy())


# (optimizer, w after 3 steps, b after 3 steps) as printed by Keras 3.15 (TF backend)
_TF_STEPS = [
    (lambda: opt.SGD(), [0.9940000176429749, -1.9700000286102295, 2.880000114440918], 0.5149999856948853),
    (lambda: opt.SGD(learning_rate=0.1), [0.940000057220459, -1.7000000476837158, 1.7999998331069946],
     0.6499999761581421),
    (lambda: opt.SGD(learning_rate=0.1, momentum=0.9), [0.9049000144004822, -1.5245001316070557, 1.0980000495910645],
     0.9514999985694885),
    (lambda: opt.SGD(learning_rate=0.1, momentum=0.9, nesterov=True),
     [0.8544099926948547, -1.2720500230789185, 0.08819997310638428], 1.0563499927520752),
    (lambda: opt.Adam(), [0.9970768690109253, -1.9970769882202148, 2.997076988220215], 0.5023202300071716),
    (lambda: opt.Adam(learning_rate=0.1), [0.7076889276504517, -1.7076847553253174, 2.70768404006958],
     0.7320210337638855),
    (lambda: opt.Adam(learning_rate=0.1, beta_1=0.5, beta_2=0.9, epsilon=1e-3),
     [0.6925039291381836, -1.6881545782089233, 2.687321424484253], 0.6835278868675232),
]


@pytest.mark.parametrize("make, w_expected, b_expected", _TF_STEPS)
def test_optimizer_updates_match_keras(make, w_expected, b_expected):
    optimizer = make()
    w, b = _three_steps(optimizer)
    np.testing.assert_allclose(w, w_expected, rtol=1e-6, atol=1e-7)
    assert b == pytest.approx(b_expected, rel=1e-6)
    assert int(optimizer.iterations.numpy()) == 3
    assert optimizer.iterations.dtype == tk.int64


def test_optimizer_updates_in_place_with_float64():
    w = tk.Variable(np.array([1.0, 2.0]))
    ident = id(w)
    opt.SGD(learning_rate=0.5).apply_gradients([(tk.constant(np.array([1.0, -1.0])), w)])
    assert id(w) == ident and w.dtype == tk.float64
    np.testing.assert_array_equal(w.numpy(), [0.5, 2.5])


def test_optimizer_state_and_names():
    sgd = opt.SGD()
    assert sgd.name == "sgd" and opt.SGD().name == "sgd_1" and opt.Adam().name == "adam"
    assert repr(sgd.iterations) == "<Variable path=sgd/iteration, shape=(), dtype=int64, value=0>"
    assert sgd.learning_rate.numpy() == np.float32(0.01)
    sgd.learning_rate = 0.5
    assert sgd.learning_rate.numpy() == 0.5
    with pytest.raises(ValueError, match=r"`momentum` must be a float between \[0, 1\]\."):
        opt.SGD(momentum=1)
    with pytest.raises(ValueError, match="must be a float"):
        opt.SGD(momentum=1.5)


def test_all_gradients_none_raises_and_changes_nothing():
    w = tk.Variable([1.0])
    sgd = opt.SGD()
    with pytest.raises(ValueError, match="^No gradients provided for any variable."):
        sgd.apply_gradients([(None, w)])
    assert int(sgd.iterations.numpy()) == 0 and w.numpy()[0] == 1.0


def test_some_gradients_none_warns_and_updates_the_others():
    w = tk.Variable([1.0], name="w")
    b = tk.Variable(2.0, name="b")
    sgd = opt.SGD(0.1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sgd.apply_gradients([(tk.constant([1.0]), w), (None, b)])
    messages = [str(x.message) for x in caught if issubclass(x.category, UserWarning)]
    assert messages == ["Gradients do not exist for variables ['b:0'] when minimizing the loss. If using "
                        "`model.compile()`, did you forget to provide a `loss` argument?"]
    np.testing.assert_allclose(w.numpy(), [0.9])
    assert b.numpy() == 2.0 and int(sgd.iterations.numpy()) == 1


def test_missing_gradient_warning_names_layer_weight_path():
    layer = tk.keras.layers.Dense(1)
    layer(tk.ones((1, 2)))
    with pytest.warns(UserWarning, match=r"\['dense/bias'\]"):
        opt.SGD().apply_gradients([(tk.ones((2, 1)), layer.kernel), (None, layer.bias)])


def test_unknown_variable_after_build_raises():
    sgd = opt.SGD()
    a, b = tk.Variable(1.0), tk.Variable(2.0)
    sgd.apply_gradients([(tk.constant(1.0), a)])
    with pytest.raises(ValueError, match="^Unknown variable: .*originally built with"):
        sgd.apply_gradients([(tk.constant(1.0), b)])
    assert b.numpy() == 2.0


def test_tensor_instead_of_variable_is_explained():
    w = tk.Variable(1.0)
    with pytest.raises(TypeError, match="assign_sub"):
        opt.SGD().apply_gradients([(tk.constant(1.0), w - 1.0)])


def test_keras3_optimizers_have_no_minimize():
    # Keras 3 (TF 2.16+) removed Optimizer.minimize: hasattr is False and the AttributeError says what to do
    sgd = opt.SGD(0.1)
    assert not hasattr(sgd, "minimize")
    with pytest.raises(AttributeError, match="no attribute 'minimize'(.|\n)*apply_gradients"):
        sgd.minimize(lambda: tk.constant(1.0), [])


def test_linear_regression_trains_to_known_answer():
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, size=(64, 1)).astype(np.float32)
    y = 3.0 * x + 2.0
    model = tk.keras.layers.Dense(1)
    sgd = opt.SGD(learning_rate=0.5)
    mse = L.MeanSquaredError()
    for _ in range(200):
        with tk.GradientTape() as tape:
            loss = mse(y, model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        sgd.apply_gradients(zip(grads, model.trainable_variables))
    assert model.kernel.numpy()[0, 0] == pytest.approx(3.0, abs=1e-3)
    assert model.bias.numpy()[0] == pytest.approx(2.0, abs=1e-3)
    assert float(loss) < 1e-6


def test_tiny_classifier_loss_drops():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(60, 2)).astype(np.float32)
    labels = (x[:, 0] + x[:, 1] > 0).astype(np.int32)
    tk.random.set_seed(0)
    model = tk.keras.Sequential([tk.keras.layers.Dense(8, activation="tanh"), tk.keras.layers.Dense(2)])
    loss_fn = L.SparseCategoricalCrossentropy(from_logits=True)
    adam = opt.Adam(learning_rate=0.05)
    losses = []
    for _ in range(40):
        with tk.GradientTape() as tape:
            loss = loss_fn(labels, model(x))
        adam.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        losses.append(float(loss))
    assert losses[-1] < 0.5 * losses[0]
    accuracy = np.mean(np.argmax(model(x).numpy(), axis=1) == labels)
    assert accuracy > 0.9


# ---------- losses ----------
Y_TRUE = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
Y_PRED = [[0.1, 0.7, 0.2], [0.0, 0.3, 1.0]]


@pytest.mark.parametrize("loss, expected", [  # values printed by Keras 3.15
    (L.MeanSquaredError(), 0.37166669964790344),
    (L.MeanAbsoluteError(), 0.4833333194255829),
    (L.BinaryCrossentropy(), 5.517055034637451),
    (L.BinaryCrossentropy(from_logits=True), 0.8010809421539307),
    (L.CategoricalCrossentropy(), 8.237384796142578),
    (L.CategoricalCrossentropy(from_logits=True), 1.1954617500305176),
])
def test_loss_classes_match_keras(loss, expected):
    value = loss(tk.constant(Y_TRUE), tk.constant(Y_PRED))
    assert value.shape == () and value.dtype == tk.float32
    assert float(value) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize("fn, kwargs, expected", [
    (L.mean_squared_error, {}, [0.046666666865348816, 0.6966667175292969]),
    (L.mean_absolute_error, {}, [0.20000000298023224, 0.7666666507720947]),
    (L.binary_crossentropy, {}, [0.22839301824569702, 10.805717468261719]),
    (L.binary_crossentropy, {"from_logits": True}, [0.6485738754272461, 0.95358806848526]),
    (L.categorical_crossentropy, {}, [0.3566749691963196, 16.11809539794922]),
    (L.categorical_crossentropy, {"from_logits": True}, [0.7679495811462402, 1.6229740381240845]),
])
def test_loss_functions_match_keras(fn, kwargs, expected):
    value = fn(tk.constant(Y_TRUE), tk.constant(Y_PRED), **kwargs)
    np.testing.assert_allclose(value.numpy(), expected, rtol=1e-6)


def test_sparse_categorical_crossentropy_matches_keras():
    labels = tk.constant([1, 0])
    pred = tk.constant(Y_PRED)
    assert float(L.SparseCategoricalCrossentropy()(labels, pred)) == pytest.approx(8.36856746673584, rel=1e-6)
    assert float(L.SparseCategoricalCrossentropy(from_logits=True)(labels, pred)) == \
        pytest.approx(1.1954617500305176, rel=1e-6)
    np.testing.assert_allclose(L.sparse_categorical_crossentropy(labels, pred).numpy(),
                               [0.3566748797893524, 16.380460739135742], rtol=1e-6)
    np.testing.assert_allclose(L.SparseCategoricalCrossentropy(reduction="none")(
        tk.constant([[0], [1]]), pred).numpy(), [2.3025851249694824, 1.4663370847702026], rtol=1e-6)
    # Keras 3 reads a Python list as a nested structure: a tensor and a list do not match (TF 2.21 raises)
    with pytest.raises(ValueError, match="Structures don't have the same nested structure"):
        L.SparseCategoricalCrossentropy()(labels, Y_PRED)
    with pytest.raises(tk.errors.InvalidArgumentError, match="label value of 5 .* valid range of \\[0, 3\\)"):
        L.SparseCategoricalCrossentropy()(tk.constant([5, 0]), pred)


def test_loss_edge_cases_match_keras():
    assert float(L.MeanSquaredError()([1.0, 2.0], [1.5, 2.5])) == 0.25
    assert float(L.BinaryCrossentropy()([1.0, 0.0], [0.9, 0.2])) == pytest.approx(0.16425204277038574, rel=1e-6)
    assert float(L.MeanSquaredError()(tk.constant([1, 2]), tk.constant([1.5, 2.5]))) == 0.25
    assert float(L.MeanSquaredError()(tk.constant([[1.0], [2.0]]), tk.constant([1.5, 2.5]))) == 0.25
    as64 = L.MeanSquaredError()(tk.constant([1.0, 2.0], tk.float64), tk.constant([1.5, 2.5], tk.float64))
    assert as64.dtype == tk.float32  # the Loss class computes in float32
    assert L.mean_squared_error(tk.constant([1.0, 2.0], tk.float64), tk.constant([1.5, 2.5], tk.float64)).dtype \
        == tk.float64
    weighted = L.MeanSquaredError()(Y_TRUE, Y_PRED, sample_weight=tk.constant([1.0, 0.0]))
    assert float(weighted) == pytest.approx(0.023333333432674408, rel=1e-6)
    assert float(L.MeanSquaredError(reduction="sum")(Y_TRUE, Y_PRED)) == pytest.approx(0.7433333992958069, rel=1e-6)
    # probabilities of exactly 0 and 1 are clipped to 1e-7 (no inf)
    assert float(L.BinaryCrossentropy()([1.0, 0.0], [0.0, 1.0])) == pytest.approx(16.03023910522461, rel=1e-6)
    assert float(L.CategoricalCrossentropy()([[1.0, 0.0]], [[0.0, 1.0]])) == pytest.approx(16.11809539794922, rel=1e-6)
    assert float(L.CategoricalCrossentropy()([[1.0, 0.0]], [[1.0, 3.0]])) == pytest.approx(1.3862943649291992, rel=1e-6)
    assert L.MeanSquaredError().name == "mean_squared_error"
    with pytest.raises(ValueError, match="Invalid value for argument `reduction`"):
        L.MeanSquaredError(reduction="avg")


@pytest.mark.parametrize("fn, from_logits", [
    (L.binary_crossentropy, False), (L.binary_crossentropy, True),
    (L.categorical_crossentropy, False), (L.categorical_crossentropy, True),
    (L.mean_squared_error, None), (L.mean_absolute_error, None),
])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_loss_gradients_numerically(fn, from_logits, dtype):
    rng = np.random.default_rng(3)
    target = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    pred = rng.uniform(0.1, 0.9, size=(2, 3)).astype(dtype)
    kwargs = {} if from_logits is None else {"from_logits": from_logits}
    tk.test.check_gradients(lambda p: fn(tk.cast(target, p.dtype), p, **kwargs), pred)


def test_sparse_loss_gradient_numerically():
    pred = np.array([[0.2, 1.5, -0.3], [0.7, -1.0, 0.1]])
    labels = tk.constant([1, 2])
    tk.test.check_gradients(lambda p: L.sparse_categorical_crossentropy(labels, p, from_logits=True), pred)


# ---------- initializers and activations ----------
def test_initializers():
    init = tk.keras.initializers
    assert init.Zeros()((2, 2)).numpy().tolist() == [[0.0, 0.0], [0.0, 0.0]]
    ones64 = init.Ones()((2,), dtype=tk.float64)
    assert ones64.dtype == tk.float64 and ones64.numpy().tolist() == [1.0, 1.0]
    assert init.Constant(3.0)((2,)).numpy().tolist() == [3.0, 3.0]
    tk.random.set_seed(5)
    g = init.GlorotUniform()((20, 30)).numpy()
    assert g.shape == (20, 30) and np.abs(g).max() <= np.sqrt(6 / 50) and g.std() > 0.1
    u = init.RandomUniform(minval=2.0, maxval=3.0)((1000,)).numpy()
    assert u.min() >= 2.0 and u.max() < 3.0
    n = init.RandomNormal(mean=1.0, stddev=0.05)((4000,)).numpy()
    assert abs(n.mean() - 1.0) < 0.01 and abs(n.std() - 0.05) < 0.005
    assert isinstance(init.get("glorot_uniform"), init.GlorotUniform)
    assert isinstance(init.get("random_normal"), init.RandomNormal)
    with pytest.raises(ValueError, match="Could not interpret initializer identifier: nope"):
        init.get("nope")
    assert init.compute_fans((3, 4)) == (3.0, 4.0) and init.compute_fans((5,)) == (5.0, 5.0)


def test_activations():
    act = tk.keras.activations
    x = tk.constant([[-1.0, 0.0, 2.0]])
    np.testing.assert_allclose(act.softmax(tk.constant([[1.0, 2.0, 3.0]])).numpy(),
                               [[0.09003057, 0.24472848, 0.6652409]], rtol=1e-6)
    np.testing.assert_array_equal(act.relu(x).numpy(), [[0.0, 0.0, 2.0]])
    assert act.get(None) is act.linear and act.get("relu") is act.relu
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = act.relu(x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[0.0, 0.0, 1.0]])  # relu'(0) = 0 as in TF
    with pytest.raises(ValueError, match="Could not interpret activation function identifier"):
        act.get("nope")
