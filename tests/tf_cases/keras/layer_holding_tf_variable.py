import tensorflow as tf
import keras


class Scale(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.0, name="v")
        self.w = self.add_weight(shape=(), initializer="ones", name="w")

    def call(self, x):
        return x * self.v * self.w


layer = Scale()
print(layer.weights)
print(layer.trainable_variables, layer.variables, layer.non_trainable_weights)
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    y = layer(x)
print(y)
print(tape.gradient(y, [layer.v, layer.w]))
print([v.name for v in tape.watched_variables()])


class Holder(keras.Model):
    def __init__(self):
        super().__init__()
        self.vars = [tf.Variable(1.0), tf.Variable(2.0)]
        self.kv = keras.Variable(5.0, name="kv")

    def call(self, x):
        return x * self.vars[0] * self.kv


holder = Holder()
print([w.path for w in holder.weights], len(holder.trainable_variables))
