# asin/acos outside [-1, 1] and at the ends, atan and tan: TF's rules with a zero upstream.
import tensorflow as tf

x = tf.constant([-2.0, -1.0, 0.0, 0.5, 1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    inside = tf.abs(x) < 1.0
    asin = tf.where(inside, tf.asin(x), 0.0)
    acos = tf.where(inside, tf.acos(x), 0.0)
    atan = 0.0 * tf.atan(x)
    tan = 0.0 * tf.tan(x)
print(tape.gradient(asin, x))
print(tape.gradient(acos, x))
print(tape.gradient(atan, x))
print(tape.gradient(tan, x))
print(tape.gradient(tf.asin(x), x))
