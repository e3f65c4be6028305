# The example: tf.where hides sqrt of negatives; TF's gradient is 0 there, not nan.
import tensorflow as tf

x = tf.constant([-1.0, 0.0, 4.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.where(x > 0, tf.sqrt(x), 0.0)
print(tape.gradient(y, x))
