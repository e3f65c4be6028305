# A None entry in output_gradients raises ValueError.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
try:
    tape.gradient(y, x, output_gradients=[None])
except ValueError as e:
    print(type(e).__name__)
