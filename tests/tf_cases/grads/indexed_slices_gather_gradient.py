# The gradient of gather along axis 0 is an IndexedSlices: its parts, dtype, shape, printing.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.gather(x, [2, 0, 2]) ** 2)
g = tape.gradient(y, x)
print(type(g).__name__, isinstance(g, tf.IndexedSlices), isinstance(g, tf.Tensor), tf.is_tensor(g))
print(g)
print(g.values)
print(g.indices)
print(g.dense_shape)
print(g.dtype, g.shape, g.indices.dtype, g.dense_shape.dtype)
print("CPU" in g.device)
