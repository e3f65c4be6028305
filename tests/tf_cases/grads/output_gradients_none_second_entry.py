# A None entry for the second of two targets raises ValueError too.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
    z = x * 3.0
try:
    tape.gradient([y, z], x, output_gradients=[tf.ones([2]), None])
except ValueError as e:
    print(type(e).__name__)
