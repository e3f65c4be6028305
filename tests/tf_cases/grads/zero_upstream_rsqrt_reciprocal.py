# Rsqrt and Reciprocal also give 0 where the upstream gradient is 0 (TF's kernels check it).
import tensorflow as tf

x = tf.constant([-1.0, 0.0, 4.0, float("inf"), float("nan")])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    safe = tf.math.is_finite(x) & (x > 0)
    r = tf.where(safe, tf.math.rsqrt(x), 0.0)
    inv = tf.where(safe, tf.math.reciprocal(x), 0.0)
    zeros = 0.0 * tf.sqrt(x) + 0.0 * tf.math.rsqrt(x) + 0.0 * tf.math.reciprocal(x)
print(tape.gradient(r, x))
print(tape.gradient(inv, x))
print(tape.gradient(zeros, x))
