import os
import tempfile

import keras
import tensorflow as tf


@keras.saving.register_keras_serializable(package="Course")
class Scale(keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    def call(self, x):
        return x * self.w * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


@keras.saving.register_keras_serializable()
class TwoLayers(keras.Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units, kernel_initializer="ones")
        self.scale = Scale(0.5)

    def call(self, x):
        return self.scale(self.dense(x))

    def get_config(self):
        return {**super().get_config(), "units": self.units}


print(keras.saving.get_registered_name(Scale), keras.saving.get_registered_name(TwoLayers))
print(keras.saving.get_registered_object("Course>Scale") is Scale)
print(keras.saving.get_registered_object("Nope>Scale"))
print("Course>Scale" in keras.saving.get_custom_objects())

layer = Scale(3.0, name="triple")
config = keras.saving.serialize_keras_object(layer)
print(config["class_name"], config["registered_name"], config["config"]["factor"], config["config"]["name"])
again = keras.saving.deserialize_keras_object(config)
print(type(again).__name__, again.factor, again.name)
print(Scale.from_config(layer.get_config()).factor)

dense = keras.layers.Dense(4, activation="relu", use_bias=False, name="d")
copy = keras.layers.Dense.from_config(dense.get_config())
print(copy.units, copy.activation.__name__, copy.use_bias, copy.name)
d_config = keras.saving.serialize_keras_object(dense)
print(d_config["module"], d_config["class_name"], d_config["registered_name"])
print(type(keras.saving.deserialize_keras_object(d_config)).__name__)

seq = keras.Sequential([keras.layers.Dense(2, name="a"), keras.layers.Dense(1, name="b")], name="seq")
seq_copy = keras.Sequential.from_config(seq.get_config())
print(seq_copy.name, [layer.name for layer in seq_copy.layers])

os.chdir(tempfile.mkdtemp())
x = tf.constant([[1.0, 2.0]])
model = TwoLayers(3, name="two")
print(model(x))
model.dense.kernel.assign(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
model.save("two.keras")
loaded = keras.models.load_model("two.keras")
print(type(loaded).__name__, loaded.units, loaded.name)
print(loaded(x))
print(loaded.dense.kernel.numpy())

seq.build((None, 2))
seq.save("seq.keras")
print(keras.models.load_model("seq.keras")(x).shape)
try:
    model.save("two.weights")
except ValueError:
    print("ValueError")

print(keras.losses.mean_squared_error([1.0, 2.0], [1.5, 2.5]).numpy())
print([hasattr(keras.losses, name) for name in ("MSE", "mse", "MAE", "kld", "logcosh", "log_cosh")])
