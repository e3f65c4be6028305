import numpy as np
import tensorflow as tf

t1 = tf.constant(1.0)
vec = tf.constant([1.0, 2.0])
print(tf.convert_to_tensor([t1, 3.0]))
print(tf.convert_to_tensor([vec, vec * 2.0]))
print(tf.convert_to_tensor([vec, [3.0, 4.0]]))
print(tf.convert_to_tensor((t1, t1 + 1.0)))
print(tf.convert_to_tensor([t1, 2]))
print(tf.convert_to_tensor([t1, True]))
print(tf.convert_to_tensor([t1, np.float64(2.0)]))
print(tf.convert_to_tensor([vec, np.array([1.0, 2.0])]))
print(tf.convert_to_tensor([tf.constant(True), False]))
print(tf.convert_to_tensor([tf.constant("a"), "b"]))
print(tf.convert_to_tensor([t1, t1], dtype=tf.float64))
print(tf.convert_to_tensor([t1, 3.0], dtype=tf.float64))
print(tf.convert_to_tensor([t1, 2], dtype=tf.int32))
print(tf.convert_to_tensor([t1, t1], dtype_hint=tf.float64))
print(tf.convert_to_tensor([t1, 1e40]))
try:
    tf.convert_to_tensor([t1, 2.0], dtype=tf.int32)
except TypeError as e:
    print(type(e).__name__)
