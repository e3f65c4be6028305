import tensorflow as tf
import keras


class Penalty(keras.layers.Layer):
    def call(self, x):
        self.add_loss(tf.reduce_sum(x) * 0.5)
        return x * 2.0


class Outer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.inner = Penalty()
        self.w = self.add_weight(shape=(2,), initializer="ones", regularizer="l2", name="w")

    def call(self, x):
        self.add_loss(tf.reduce_mean(x))
        return self.inner(x) * self.w


outer = Outer()
print(outer.losses)
x = tf.constant([[1.0, 2.0]])
outer(x)
print(outer.losses)
outer(x * 2.0)
print(outer.losses)
print(outer.inner.losses)


class Bad(keras.layers.Layer):
    def call(self, x):
        self.add_loss(1.0)
        return x


try:
    Bad()(x)
except ValueError as error:
    print(type(error).__name__)
