# Reductions with tied, zero, inf and nan values, and a zero upstream.
import tensorflow as tf

x = tf.constant([[-1.0, -1.0, -1.0], [1.0, float("nan"), 3.0], [1.0, float("inf"), 3.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    std = tf.math.reduce_std(x, axis=1)
    masked_std = tf.where(tf.math.is_finite(std) & (std > 0), std, 0.0)
    norm = tf.norm(x, axis=1)
    masked_norm = tf.where(tf.math.is_finite(norm), norm, 0.0)
    prod = tf.reduce_prod(x, axis=1)
    lse = tf.reduce_logsumexp(x, axis=1)
print(tape.gradient(masked_std, x))
print(tape.gradient(masked_norm, x))
print(tape.gradient(prod, x))
print(tape.gradient(0.0 * prod, x))
print(tape.gradient(lse, x))
