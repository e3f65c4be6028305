import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
print(tf.nn.batch_normalization(x, 2.0, 1.0, 0.5, 2.0, 1e-3))
print(tf.nn.batch_normalization(x, 2.0, 1.0, None, None, 1e-3))
data = tf.constant([[1.0, 2.0], [3.0, 5.0], [4.0, 0.0]])
mean, var = tf.nn.moments(data, axes=[0])
print(mean, var)
print(tf.nn.moments(data, axes=[0, 1], keepdims=True))
offset = tf.Variable([0.0, 1.0])
scale = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(data)
    mean, var = tf.nn.moments(data, axes=[0])
    y = tf.nn.batch_normalization(data, mean, var, offset, scale, 1e-3)
    loss = tf.reduce_sum(y * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
print(np.round(y.numpy(), 5))
print(np.round(tape.gradient(loss, data).numpy(), 4))
print([np.round(g.numpy(), 4) for g in tape.gradient(loss, [offset, scale])])
