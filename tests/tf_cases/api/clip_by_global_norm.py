import numpy as np
import tensorflow as tf

clipped, norm = tf.clip_by_global_norm([tf.constant([3.0]), tf.constant([[4.0]])], 1.0)
print(clipped, norm)
clipped, norm = tf.clip_by_global_norm([tf.constant([3.0]), None, tf.constant([4.0])], 10.0)
print(clipped, norm)
clipped, norm = tf.clip_by_global_norm((tf.constant([3.0]),), 1.0, use_norm=tf.constant(6.0))
print(type(clipped).__name__, clipped, norm)
print(tf.clip_by_global_norm([tf.constant([np.inf, 1.0])], 1.0))
print(tf.clip_by_global_norm([tf.Variable([3.0, 4.0])], 1.0))
for bad in [lambda: tf.clip_by_global_norm(tf.constant([3.0]), 1.0),
            lambda: tf.clip_by_global_norm([tf.constant([3.0])], 1.0, use_norm=6.0)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
w = tf.Variable([1.0, 2.0])
b = tf.Variable(3.0)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(w * w) + b * b
grads = tape.gradient(loss, [w, b])
clipped, norm = tf.clip_by_global_norm(grads, 2.0)
print(norm, clipped)
