# tf.train.list_variables of checkpoints holding Keras models and optimizers after one step: the keys name each
# variable by its shortest object path (optimizer slots as optimizer/_variables/<i>, a Sequential's weights
# under model/_functional/_operations/<i>, a functional model's under model/_operations/<i>).
import os
import tempfile

import keras
import tensorflow as tf


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.l1 = keras.layers.Dense(3)
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.l1(x))


def one_step(model, optimizer, x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - 1.0))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))


def show(**objects):
    path = tf.train.Checkpoint(**objects).save(os.path.join(tempfile.mkdtemp(), "ckpt"))
    for name, shape in tf.train.list_variables(path):
        print(name, shape)
    print()
    return path


x = tf.ones([2, 4])
inputs = keras.Input((4,))
functional = keras.Model(inputs, keras.layers.Dense(2)(keras.layers.Dense(3)(inputs)))
a, b = keras.Input((4,)), keras.Input((2,))
two_inputs = keras.Model([a, b], keras.layers.Concatenate()([keras.layers.Dense(3)(a), b]))
for make in [lambda: keras.optimizers.SGD(0.1, momentum=0.9), lambda: keras.optimizers.Adam(0.01),
             lambda: keras.optimizers.SGD(0.1), lambda: keras.optimizers.RMSprop(0.01, momentum=0.5)]:
    net, opt = Net(), make()
    one_step(net, opt, x)
    show(step=tf.Variable(1), optimizer=opt, net=net)
seq, opt = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)]), keras.optimizers.Adam(0.1)
one_step(seq, opt, x)
show(model=seq, optimizer=opt)
show(model=seq)
built_later = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(1)])
built_later(x)
show(model=built_later)
show(model=functional)
two_inputs([x, tf.ones([2, 2])])
show(model=two_inputs)
