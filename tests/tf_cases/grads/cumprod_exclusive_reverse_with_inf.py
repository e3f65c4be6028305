# Cumprod's gradient divides a cumsum by x: an exclusive cumsum next to an inf starts at 0.
import tensorflow as tf

x = tf.constant([[1.0, float("inf"), 3.0], [4.0, 0.0, -1.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.math.cumprod(x, axis=1, exclusive=True, reverse=True)
    z = tf.math.cumprod(x, axis=1)
w = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(tape.gradient(y, x, output_gradients=w))
print(tape.gradient(z, x, output_gradients=w))
print(tf.cumsum([float("inf"), 1.0, 2.0], exclusive=True))
print(tf.cumsum([-0.0, -0.0]))
