# tf.norm of a zero vector: nan gradient; masked by tf.where it is 0 (sqrt's zero-upstream rule).
import tensorflow as tf

v = tf.constant([[0.0, 0.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(v)
    n = tf.norm(v, axis=1)
    safe = tf.where(n > 0, n, 0.0)
print(tape.gradient(n, v))
print(tape.gradient(safe, v))
