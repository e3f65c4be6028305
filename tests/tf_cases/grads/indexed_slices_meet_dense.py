# An IndexedSlices added to a dense gradient of the same tensor makes the result dense.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    a = tf.reduce_sum(tf.gather(x, [0, 1])) + tf.reduce_sum(x)
    b = tf.reduce_sum(tf.gather(x, [2])) + tf.reduce_sum(x * x) + tf.reduce_sum(tf.gather(x, [0]))
for target in (a, b, [x, tf.gather(x, [1])]):
    g = tape.gradient(target, x)
    print(isinstance(g, tf.IndexedSlices), g)
