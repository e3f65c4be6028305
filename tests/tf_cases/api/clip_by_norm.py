import tensorflow as tf

print(tf.clip_by_norm([[3.0, 4.0], [0.0, 0.0]], 1.0))
print(tf.clip_by_norm([[3.0, 4.0], [0.0, 0.0]], 1.0, axes=[1]))
print(tf.clip_by_norm([3.0, 4.0], 10.0))
print(tf.clip_by_norm([3.0, 4.0], -1.0))
print(tf.clip_by_norm(tf.constant([3.0, 4.0], tf.float64), 1.0))
print(tf.clip_by_norm(tf.Variable([3.0, 4.0]), tf.constant(2.0)))
try:
    tf.clip_by_norm([3, 4], 1)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
x = tf.constant([3.0, 4.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.clip_by_norm(x, 1.0) * tf.constant([1.0, 2.0]))
print(tape.gradient(y, x))
