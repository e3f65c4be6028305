import tensorflow as tf

print(tf.math.reduce_euclidean_norm([[3.0, 4.0], [5.0, 12.0]]))
print(tf.math.reduce_euclidean_norm([[3.0, 4.0], [5.0, 12.0]], axis=1, keepdims=True))
print(tf.math.reduce_euclidean_norm([[3, 4], [5, 12]], axis=1))
print(tf.math.reduce_euclidean_norm([[1, 1]], axis=1))
print(tf.math.reduce_euclidean_norm(tf.constant([1.0, 2.0], tf.float64)))
x = tf.constant([[3.0, 4.0], [0.0, 0.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.math.reduce_euclidean_norm(x, axis=1)
print(tape.gradient(y, x))
