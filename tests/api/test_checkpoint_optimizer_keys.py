"""Checkpoints of Keras models with their optimizers: TF's keys (tests/tf_cases/fidelity/checkpoint_optimizer_keys.py
compares them with TF's), and values restored through either path a variable is reachable by."""

import numpy as np
import pytest

import tapekit as tk

keras = tk.keras


def _sequential():
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])


def _step(model, optimizer):
    x = tk.constant(np.arange(8, dtype=np.float32).reshape(2, 4) / 8)
    with tk.GradientTape() as tape:
        loss = tk.reduce_mean(tk.square(model(x) - 1.0))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))


def _values(variables):
    return [v.numpy().copy() for v in variables]


@pytest.mark.parametrize("make", [lambda: keras.optimizers.Adam(0.01), lambda: keras.optimizers.SGD(0.1, momentum=0.9)])
def test_model_weights_and_slots_come_back_in_a_new_program(tmp_path, make):
    model, optimizer = _sequential(), make()
    _step(model, optimizer)
    path = tk.train.Checkpoint(model=model, optimizer=optimizer).save(str(tmp_path / "ckpt"))
    names = [name for name, _ in tk.train.list_variables(path)]
    assert "optimizer/_trainable_variables/0/.ATTRIBUTES/VARIABLE_VALUE" in names
    assert not any("_momentums" in name or name.startswith("model/") for name in names)

    fresh, fresh_optimizer = _sequential(), make()
    fresh_optimizer.build(fresh.trainable_variables)
    tk.train.Checkpoint(model=fresh, optimizer=fresh_optimizer).restore(path).assert_consumed()
    for saved, restored in [(model.weights, fresh.weights), (optimizer.variables, fresh_optimizer.variables)]:
        for a, b in zip(_values(saved), _values(restored)):
            np.testing.assert_array_equal(a, b)
    assert int(fresh_optimizer.iterations.numpy()) == 1


def test_weights_saved_under_the_optimizer_restore_into_the_model_alone_and_back(tmp_path):
    model, optimizer = _sequential(), keras.optimizers.Adam(0.01)
    _step(model, optimizer)
    with_optimizer = tk.train.Checkpoint(model=model, optimizer=optimizer).save(str(tmp_path / "a"))
    model_only = tk.train.Checkpoint(model=model).save(str(tmp_path / "b"))
    assert [n for n, _ in tk.train.list_variables(model_only)][1:3] == [
        "model/_functional/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "model/_functional/_operations/1/bias/.ATTRIBUTES/VARIABLE_VALUE"]
    for path, objects in [(with_optimizer, lambda m: {"model": m}),
                          (model_only, lambda m: {"model": m, "optimizer": keras.optimizers.Adam(0.01)})]:
        fresh = _sequential()
        tk.train.Checkpoint(**objects(fresh)).restore(path).expect_partial()
        for a, b in zip(_values(model.weights), _values(fresh.weights)):
            np.testing.assert_array_equal(a, b)


def test_two_models_in_one_checkpoint_keep_their_own_layers(tmp_path):
    first, second = _sequential(), keras.Sequential([keras.Input((3,)), keras.layers.Dense(5)])
    path = tk.train.Checkpoint(a=first, b=second).save(str(tmp_path / "two"))
    shapes = dict(tk.train.list_variables(path))
    assert shapes["a/_functional/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE"] == [4, 2]
    assert shapes["b/_functional/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE"] == [3, 5]
