import warnings

import tensorflow as tf
import keras

model = keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])
print(model.built, model.weights)
model.build((None, 4))
print(model.built, [tuple(w.shape) for w in model.weights], [w.path for w in model.weights])
model2 = keras.Sequential([keras.layers.Dense(2)])
model2.build([None, 3])
print([tuple(w.shape) for w in model2.weights])
model3 = keras.Sequential([keras.layers.Dense(2)])
model3.build(tf.TensorShape([None, 6]))
print([tuple(w.shape) for w in model3.weights])
try:
    keras.Sequential([keras.layers.Dense(2)]).build((4,))
except ValueError as error:
    print(type(error).__name__)
try:
    keras.Sequential().build((None, 3))
except ValueError as error:
    print(type(error).__name__)
try:
    keras.Sequential()(tf.ones((1, 2)))
except ValueError as error:
    print(type(error).__name__)
dense = keras.layers.Dense(3)
dense.build((None, 5))
print(dense.built, tuple(dense.kernel.shape), tuple(dense.bias.shape))
dense2 = keras.layers.Dense(3)
dense2.build([None, 2])
print([w.path for w in dense2.weights])


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(2)

    def call(self, x):
        return self.d(x)


sub = Sub()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    sub.build((None, 4))
print(sub.built, len(sub.weights))
sub(tf.ones((1, 4)))
print(len(sub.weights), [w.path for w in sub.weights])
s = keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])
s(tf.ones((2, 3)))
print(s(tf.ones((5, 3))).shape)
print([w.path for w in s.weights])
for bad in [tf.ones((5, 4)), tf.ones((2, 3, 3))]:
    try:
        s(bad)
    except ValueError as error:
        print(type(error).__name__)
