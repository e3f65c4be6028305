import numpy as np
import tensorflow as tf
import keras


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as error:
        print(label, "raised", type(error).__name__)


e = keras.layers.Embedding(5, 2, embeddings_initializer="ones")
attempt("emb out of range", lambda: e(tf.constant([[7]])))
attempt("emb negative", lambda: e(tf.constant([[-1]])).numpy().tolist())
attempt("emb float ids", lambda: e(tf.constant([[1.7]])).numpy().tolist())
attempt("emb input_length", lambda: keras.layers.Embedding(5, 2, input_length=3).name)
lam = keras.layers.Lambda(lambda d: d["a"] + d["b"])
attempt("lambda dict", lambda: lam({"a": tf.ones((1, 2)), "b": tf.ones((1, 2))}).numpy().tolist())
attempt("concat ints", lambda: keras.layers.Concatenate()([tf.constant([[1]]), tf.constant([[2]])]).dtype)
d = keras.layers.Dense(2, dtype="float64")
attempt("dense units", lambda: keras.layers.Dense(units=3).units)
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="a"), keras.layers.Dense(1, name="b")])
attempt("get_layer", lambda: m.get_layer("b").name)
attempt("get_layer missing", lambda: m.get_layer("zz"))
attempt("pop", lambda: (m.pop().name, len(m.layers), m.built, m.output_shape))
attempt("model.trainable", lambda: (setattr(m, "trainable", False), m.trainable_variables)[1])
attempt("layer dtype eq", lambda: (d.dtype == "float64", d.dtype == tf.float64))
attempt("variable ops", lambda: (keras.Variable([1.0, 2.0]) * keras.Variable([3.0, 4.0])).numpy().tolist())
attempt("variable abs", lambda: abs(keras.Variable([-1.0, 2.0])).numpy().tolist())
attempt("variable pow", lambda: (keras.Variable(3.0) ** 2).numpy())
attempt("variable rsub", lambda: (1.0 - keras.Variable(3.0)).numpy())
attempt("variable lt", lambda: (keras.Variable(3.0) < 4.0).numpy())
indexed = keras.Variable([1.0, 2.0])
attempt("variable index assign", lambda: (indexed[0].assign(5.0), indexed.numpy().tolist())[1])
attempt("np add", lambda: (np.ones(2) + keras.Variable([1.0, 2.0])))
attempt("round", lambda: round(keras.Variable([1.4, 2.6])).numpy().tolist())
flag = keras.Variable(1.0)
attempt("variable trainable set", lambda: (setattr(flag, "trainable", False), flag.trainable)[1])
attempt("variable name default", lambda: (keras.Variable(1.0).name, keras.Variable(1.0).name))
attempt("kernel shape type", lambda: type(keras.layers.Dense(2).add_weight(shape=(2,)).shape).__name__)
attempt("Variable made from keras", lambda: tf.Variable(keras.Variable([1.0, 2.0])).numpy().tolist())
attempt("convert", lambda: tf.convert_to_tensor(keras.Variable([1.0, 2.0])).numpy().tolist())
attempt("constant", lambda: tf.constant(keras.Variable([1.0, 2.0])).numpy().tolist())
attempt("iterations int", lambda: int(keras.optimizers.SGD().iterations))
attempt("opt repr lr", lambda: keras.optimizers.SGD(0.5).learning_rate.numpy())
attempt("opt.variables empty", lambda: len(keras.optimizers.Adam().variables))
twice = keras.optimizers.Adam()
one = tf.Variable(1.0)
attempt("build twice", lambda: (twice.build([one]), twice.build([tf.Variable(1.0)]), len(twice.variables))[2])
pairs = [(tf.constant(1.0), tf.Variable(1.0))]
attempt("apply generator", lambda: keras.optimizers.SGD(0.1).apply_gradients((g, v) for g, v in pairs).numpy())
ones_dense = keras.layers.Dense(1, kernel_initializer="ones")
attempt("layer call kwarg inputs", lambda: ones_dense(inputs=tf.ones((1, 2))).numpy().tolist())
attempt("layer np row", lambda: ones_dense(np.array([1.0, 2.0])[None]).numpy().tolist())
nested = keras.Sequential([keras.Input((3,)), keras.Sequential([keras.layers.Dense(2, name="i")], name="inner")])
attempt("seq of seq weights", lambda: [w.path for w in nested.weights])
