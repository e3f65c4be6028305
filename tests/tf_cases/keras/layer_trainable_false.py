import tensorflow as tf
import keras

layer = keras.layers.Dense(2, kernel_initializer="ones")
x = tf.constant([[1.0, 2.0, 3.0]])
layer(x)
layer.trainable = False
print(layer.trainable_weights, len(layer.non_trainable_weights), len(layer.weights))
print(layer.kernel.trainable, layer.kernel.value.trainable)
with tf.GradientTape(persistent=True) as tape:
    y = tf.reduce_sum(layer(x))
print(tape.gradient(y, layer.kernel))
print([v.name for v in tape.watched_variables()])
print(tape.gradient(y, layer.non_trainable_weights))
layer.trainable = True
print(len(layer.trainable_weights), layer.kernel.trainable)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(1)])
model.layers[0].trainable = False
print([w.path for w in model.trainable_weights], [w.path for w in model.non_trainable_weights])
model.trainable = False
print(model.trainable_weights, model.layers[1].trainable)
frozen = keras.layers.Dense(2, trainable=False)
frozen.build((None, 2))
print(frozen.trainable_weights, frozen.kernel.trainable, frozen.kernel.value.trainable)
try:
    frozen.add_weight(shape=(2,), name="extra", trainable=False)
except ValueError as error:
    print("add_weight after build:", type(error).__name__)


class Lazy(keras.layers.Layer):
    def call(self, x):
        if not hasattr(self, "w"):
            self.w = self.add_weight(shape=(2,), initializer="ones", name="w")
        return x * self.w


try:
    Lazy()(tf.ones((1, 2)))
except ValueError as error:
    print("weight made in call:", type(error).__name__)


class LazyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)

    def call(self, x):
        if not hasattr(self, "w"):
            self.w = self.add_weight(shape=(2,), initializer="ones", name="w")
        return self.dense(x) * self.w


lazy = LazyModel()
print(lazy(tf.ones((1, 2))).shape, [w.path for w in lazy.weights])
