import tensorflow as tf
import keras


class Probe(keras.layers.Layer):
    def call(self, x, training=None):
        print("  probe saw training =", training)
        return x


class NoFlag(keras.layers.Layer):
    def call(self, x):
        return x + 1.0


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2, kernel_initializer="ones")
        self.probe = Probe()
        self.plain = NoFlag()

    def call(self, x, training=False):
        return self.plain(self.probe(self.dense(x)))


net = Net()
x = tf.ones((1, 3))
print(net(x).numpy())
print(net(x, training=True).numpy())
print(net(x, training=False).numpy())
layer = keras.layers.Dense(2, kernel_initializer="ones")
print(layer(x, training=False).numpy(), layer(x, training=True).numpy())
print(NoFlag()(x, training=True).numpy())
probe = Probe()
probe(x)
probe(x, training=True)
seq = keras.Sequential([keras.layers.Dense(2, kernel_initializer="ones"), Probe()])
seq(x)
seq(x, training=True)
seq(x, training=False)


class Default(keras.layers.Layer):
    def call(self, x, training=True):
        print("  default saw training =", training)
        return x


Default()(x)
keras.Sequential([Default()])(x)
keras.Sequential([Default()])(x, training=False)
try:
    layer(x, foo=1)
except TypeError as error:
    print(type(error).__name__)
