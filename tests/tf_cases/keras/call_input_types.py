import numpy as np
import tensorflow as tf
import keras


def attempt(label, fn):
    try:
        out = fn()
        print(label, "ok", out.shape, out.dtype)
    except Exception as error:
        print(label, type(error).__name__)


dense = keras.layers.Dense(1, kernel_initializer="ones")
attempt("list", lambda: dense([[1.0, 2.0]]))
attempt("python float", lambda: keras.layers.Dense(1)(3.0))
attempt("numpy float64", lambda: dense(np.array([[1.0, 2.0]])))
attempt("numpy int", lambda: dense(np.array([[1, 2]])))
attempt("int tensor", lambda: dense(tf.constant([[1, 2]])))
attempt("float64 tensor", lambda: dense(tf.constant([[1.0, 2.0]], tf.float64)))
attempt("variable", lambda: dense(tf.Variable([[1.0, 2.0]])))
attempt("rank 1", lambda: keras.layers.Dense(1)(tf.constant([1.0, 2.0])))
attempt("wrong width", lambda: dense(tf.ones((1, 3))))
attempt("rank 3", lambda: dense(tf.ones((2, 4, 2))))
attempt("two positional", lambda: dense(tf.ones((1, 2)), tf.ones((1, 2))))
attempt("positional flag", lambda: dense(tf.ones((1, 2)), True))
print(dense(np.array([[1.0, 2.0]])).numpy())
model = keras.Sequential([keras.layers.Dense(1, kernel_initializer="ones")])
attempt("model list", lambda: model([[1.0, 2.0]]))
attempt("model numpy", lambda: model(np.ones((2, 2))))
