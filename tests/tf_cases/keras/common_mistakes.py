import numpy as np
import tensorflow as tf
import keras


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as error:
        print(label, "raised", type(error).__name__)


model = keras.Sequential()
model.add(keras.layers.Dense(2, input_shape=(3,)))
print(model.built, [tuple(w.shape) for w in model.weights])
inp = keras.Input(shape=(3,))
print(keras.layers.Dense(2)(inp).shape)
attempt("symbolic rank", lambda: keras.layers.Dense(2)(keras.Input(shape=())))
attempt("bare Model call", lambda: keras.Model()(tf.ones((1, 2))))
w = tf.Variable([1.0, 2.0])
attempt("scalar grad sgd", lambda: (keras.optimizers.SGD(0.1).apply_gradients([(1.0, w)]), w.numpy().tolist())[1])
attempt("scalar grad adam", lambda: (keras.optimizers.Adam(0.1).apply_gradients([(1.0, w)]), w.numpy().tolist())[1])
attempt("numpy grad", lambda: (keras.optimizers.SGD(0.1).apply_gradients([(np.ones(2), w)]), w.numpy().tolist())[1])
int_grad = tf.constant([1, 1])
attempt("int grad", lambda: (keras.optimizers.SGD(0.1).apply_gradients([(int_grad, w)]), w.numpy().tolist())[1])
attempt("f64 grad", lambda: (keras.optimizers.SGD(0.1).apply_gradients([(tf.constant([1.0, 1.0], tf.float64), w)]),
                             w.numpy().tolist())[1])
w64 = tf.Variable([1.0, 2.0], dtype=tf.float64)
grad64 = tf.constant([1.0, 1.0], tf.float64)
attempt("f64 var adam", lambda: (keras.optimizers.Adam(0.1).apply_gradients([(grad64, w64)]), w64.numpy().tolist())[1])
attempt("dup vars", lambda: (keras.optimizers.SGD(0.1).apply_gradients([(tf.ones(2), w), (tf.ones(2), w)]),
                             w.numpy().tolist())[1])
frozen = tf.Variable([1.0, 2.0], trainable=False)
attempt("non-trainable var", lambda: (keras.optimizers.SGD(0.1).apply_gradients([(tf.ones(2), frozen)]),
                                      frozen.numpy().tolist())[1])


class Stack(keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [keras.layers.Dense(2, name=f"b{i}") for i in range(3)]

    def call(self, x):
        for block in self.blocks:
            x = block(x)
        return x


s = Stack()
s(tf.ones((1, 2)))
print([w.path for w in s.weights], [layer.name for layer in s.layers], type(s.blocks).__name__ == "list")
print(isinstance(s.blocks, list), len(s.blocks))
layer = keras.layers.Dense(1)
attempt("call before build kernel", lambda: layer.kernel)
attempt("bias before build", lambda: layer.bias)
layer2 = keras.layers.Dense(1, use_bias=False)
layer2.build((None, 2))
print(layer2.bias, len(layer2.weights))
attempt("losses arg", lambda: keras.losses.MeanSquaredError()([1.0, 2.0], [1.0]))
attempt("bce shapes", lambda: keras.losses.BinaryCrossentropy()([[1.0, 0.0]], [[0.5]]))
attempt("cce shapes", lambda: keras.losses.CategoricalCrossentropy()([[1.0, 0.0]], [[0.5, 0.2, 0.3]]))
attempt("scce labels", lambda: keras.losses.SparseCategoricalCrossentropy()([5], [[0.5, 0.5]]).numpy())
Y_PRED = [[0.1, 0.7, 0.2], [0.0, 0.3, 1.0]]
ONE_HOT = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
scce = keras.losses.SparseCategoricalCrossentropy()
attempt("scce tensor and list", lambda: scce(tf.constant([1, 0]), Y_PRED))
attempt("scce list and tensor", lambda: scce([1, 0], tf.constant(Y_PRED)))
attempt("scce out of range", lambda: scce(tf.constant([3, 0]), tf.constant(Y_PRED)))
attempt("scce logits out of range", lambda: keras.losses.sparse_categorical_crossentropy(
    tf.constant([-1, 0]), tf.constant(Y_PRED), from_logits=True))
attempt("mse two lists", lambda: keras.losses.MeanSquaredError()(ONE_HOT, Y_PRED))
attempt("mse tensor and list", lambda: keras.losses.MeanSquaredError()(tf.constant(ONE_HOT), Y_PRED))
attempt("bce two lists", lambda: keras.losses.BinaryCrossentropy()([1.0, 0.0], [0.9, 0.2]))
attempt("mse weights as list", lambda: keras.losses.MeanSquaredError()(tf.constant([[1.0], [2.0]]),
                                                                       tf.constant([[1.5], [2.5]]),
                                                                       sample_weight=[1.0, 0.0]))
