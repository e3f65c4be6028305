import os
import tempfile

import keras
import tensorflow as tf


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(2, kernel_initializer="ones")
        self.d2 = keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        return self.d2(self.d1(x))


os.chdir(tempfile.mkdtemp())
x = tf.constant([[1.0, 2.0, 3.0]])
net = Net()
net(x)
opt = keras.optimizers.Adam(0.1)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(net(x) ** 2)
opt.apply_gradients(zip(tape.gradient(loss, net.trainable_variables), net.trainable_variables))
ckpt = tf.train.Checkpoint(model=net, optimizer=opt)
path = ckpt.save("./ckpt")
print(path)
names = [name for name, shape in tf.train.list_variables(path)]
print([name for name in names if name.startswith("model/")])
print(net(x).numpy())

other = Net()
other(x)
other_opt = keras.optimizers.Adam(0.1)
print(other(x).numpy())
status = tf.train.Checkpoint(model=other).restore(path)
print(other(x).numpy())
status.expect_partial()
try:
    status.assert_consumed()
except AssertionError:
    print("AssertionError")
