import numpy as np
import tensorflow as tf

for value in [tf.constant([1.5, 2.25], tf.float16), tf.constant([1.0, 1 / 3], tf.float64),
              tf.constant([-1, 2], tf.int8),
              tf.constant([250, 3], tf.uint8), tf.constant([2**40], tf.int64), tf.constant([1, 2], tf.uint32),
              tf.constant([True, False]), tf.constant([1 + 2j, 3j]), tf.constant([1 + 2j], tf.complex64),
              tf.constant("é"), tf.constant(["é", "b"]), tf.constant(b"\xff\x00"), tf.constant([]), tf.zeros([2, 0]),
              tf.constant(np.float16(1.0) / 3), tf.constant(1 / 3), tf.constant(float("nan")),
              tf.constant(-float("inf")),
              tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.zeros([2, 2, 2], tf.int32)]:
    print(value)
    print(repr(value))
print(tf.constant("é").numpy(), tf.constant(["é", "b"]).numpy(), type(tf.constant("x").numpy()).__name__)
print(tf.Variable("é"), tf.Variable([1 + 1j]), tf.Variable(np.float16(0.1)))
