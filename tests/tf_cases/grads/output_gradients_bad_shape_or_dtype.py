# output_gradients of another dtype or a shape that does not broadcast: InvalidArgumentError.
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0])
for og in (tf.ones([3]), tf.ones([2], tf.float64), tf.ones([2], tf.int32), np.array([2.0, 3.0])):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    try:
        print(tape.gradient(y, x, output_gradients=og))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print(tape.gradient(y, x, output_gradients=np.array([2.0, 3.0], np.float32)))
