# Binary ops at singular points, with a zero upstream (0 * f) and a plain one.
import tensorflow as tf

a = tf.constant([-2.0, 0.0, 0.0, 2.0, float("inf")])
b = tf.constant([0.0, 0.0, 2.0, -1.0, 1.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    zero = 0.0 * (a / b) + 0.0 * tf.pow(a, b) + 0.0 * tf.math.atan2(a, b)
    plain = tf.pow(a, b)
    nonan = tf.math.divide_no_nan(a, b)
print(tape.gradient(zero, [a, b]))
print(tape.gradient(plain, [a, b]))
print(tape.gradient(nonan, [a, b]))
