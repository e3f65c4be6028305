# convert_to_tensor makes an IndexedSlices dense, adding up repeated rows.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.gather(x, [0, 2, 0, 0])
g = tape.gradient(y, x)
print(g.indices)
print(tf.convert_to_tensor(g))
print(tf.convert_to_tensor(g, dtype=tf.float32).dtype)
try:
    tf.convert_to_tensor(g, dtype=tf.float64)
except ValueError as e:
    print(type(e).__name__)
s = tf.IndexedSlices(tf.constant([[1.0, 1.0]]), tf.constant([1]), tf.constant([3, 2]))
print(s)
print(tf.convert_to_tensor(s))
no_shape = tf.IndexedSlices(tf.constant([[1.0, 1.0]]), tf.constant([1]))
print(no_shape.shape)
try:
    tf.convert_to_tensor(no_shape)
except ValueError as e:
    print(type(e).__name__)
