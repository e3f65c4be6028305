# Second order through gather: the inner gradient is an IndexedSlices, so is the outer one.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.gather(x, [0, 2]) ** 3)
    g = inner.gradient(y, x)
    s = tf.reduce_sum(g.values)
h = outer.gradient(s, x)
print(type(g).__name__, g.values.numpy())
print(type(h).__name__, h.indices.numpy(), h.values.numpy())
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.gather(x, [1, 1]) ** 2)
    dense = tf.convert_to_tensor(inner.gradient(y, x))
h = outer.gradient(dense, x)
print(tf.convert_to_tensor(h))
