import keras
import tensorflow as tf

# Random ops and layers given huge sizes or bad seeds: refused up front with TF's exception type.


def check(name, call):
    try:
        out = call()
        print(name, "ok", getattr(out, "shape", out))
    except Exception as error:
        print(name, type(error).__name__)


logits = tf.constant([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]])
check("normal 10**12 values", lambda: tf.random.normal([10**6, 10**6], seed=1))
check("uniform 2**62 values", lambda: tf.random.uniform([2**31, 2**31], seed=1))
check("stateless_normal 10**12 values", lambda: tf.random.stateless_normal([10**6, 10**6], seed=[1, 2]))
check("generator normal 10**12 values", lambda: tf.random.Generator.from_seed(1).normal([10**6, 10**6]))
check("Dense of 2**40 units", lambda: keras.layers.Dense(2**40)(tf.ones([2, 3])))
check("Embedding of 2**40 rows", lambda: keras.layers.Embedding(2**40, 2)(tf.constant([0, 1])))
check("categorical num_samples float", lambda: tf.random.categorical(logits, 2.5, seed=1))
check("categorical num_samples list", lambda: tf.random.categorical(logits, [2], seed=1))
check("categorical num_samples None", lambda: tf.random.categorical(logits, None, seed=1))
check("dropout seed object", lambda: tf.nn.dropout(tf.ones([2, 3]), 0.5, seed=object()))
check("dropout seed list", lambda: tf.nn.dropout(tf.ones([2, 3]), 0.5, seed=[1, 2, 3]))
check("set_seed object", lambda: tf.random.set_seed(object()))
check("set_seed float", lambda: tf.random.set_seed(1.5))
check("from_seed object", lambda: tf.random.Generator.from_seed(object()))
