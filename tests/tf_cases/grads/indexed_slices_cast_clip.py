# tf.cast and tf.clip_by_value keep an IndexedSlices sparse.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.gather(x, [1, 0]) * 3.0)
g = tape.gradient(y, x)
print(tf.cast(g, tf.float64))
print(tf.clip_by_value(g, -1.0, 2.0))
