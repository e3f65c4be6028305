import tensorflow as tf
import keras


class Block(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.d2 = keras.layers.Dense(2, name="zz")
        self.d1 = keras.layers.Dense(2, name="aa")
        self.blocks = [keras.layers.Dense(1, name="l0")]
        self.blocks.append(keras.layers.Dense(1, name="l1"))
        self._private = keras.layers.Dense(1, name="pp")

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), name="w")
        self.c = self.add_weight(shape=(2,), name="c", trainable=False, initializer="zeros")
        self.b = self.add_weight(shape=(2,), name="b", initializer="ones")

    def call(self, x):
        y = self.d1(self.d2(x)) + tf.matmul(x, self.w) + self.b
        for block in self.blocks:
            y = y + block(x)
        return y + self._private(x)


block = Block()
print(block.name, block.built, block.weights)
block(tf.ones((3, 2)))
print([v.path for v in block.weights])
print([v.path for v in block.trainable_variables])
print([v.path for v in block.non_trainable_variables])
print(block.w.name, block.path, block.d1.path)
print(hasattr(block, "layers"), hasattr(keras.Model(), "layers"))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(3, activation="tanh")
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.hidden(x))


net = Net()
print(net.name, net(tf.ones((2, 4))).shape)
print([v.path for v in net.trainable_variables], [layer.name for layer in net.layers])
print(net.get_layer("dense").name, net.get_layer(index=1).name)


class Forgot(keras.layers.Layer):
    def __init__(self):
        self.d = keras.layers.Dense(1)

    def call(self, x):
        return self.d(x)


try:
    Forgot()(tf.ones((1, 1)))
except RuntimeError as error:
    print(type(error).__name__)
try:
    keras.layers.Layer()(tf.ones((1, 2)))
except NotImplementedError as error:
    print(type(error).__name__)
