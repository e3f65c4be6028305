# The "double where" trick keeps nan out of log's and sqrt's gradients.
import tensorflow as tf

x = tf.constant([-1.0, 0.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    safe = tf.where(x > 0, x, tf.ones_like(x))
    y = tf.where(x > 0, tf.math.log(safe), 0.0)
    z = tf.where(x > 0, tf.sqrt(safe), 0.0)
print(tape.gradient(y, x))
print(tape.gradient(z, x))
