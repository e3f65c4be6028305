# int64 indices stay int64; mixed with int32 ones the concatenated indices are int64.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    a = tf.gather(x, tf.constant([1], tf.int64))
    b = tf.gather(x, [0])
g = tape.gradient(a, x)
print(g.indices, g.dense_shape.dtype)
g = tape.gradient([a, b], x)
print(g.indices)
