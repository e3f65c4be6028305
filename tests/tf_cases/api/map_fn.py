import numpy as np
import tensorflow as tf

print(tf.map_fn(lambda x: x * 2, tf.constant([1, 2, 3])))
print(tf.map_fn(lambda x: x * 2, np.array([1.0, 2.0])))
print(tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2]), fn_output_signature=tf.float32))
print(tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2]), dtype=tf.float32))
print(tf.map_fn(lambda x: (x, x * 2), tf.constant([1, 2]), fn_output_signature=(tf.int32, tf.int32)))
print(tf.map_fn(lambda ab: ab[0] + ab[1], (tf.constant([1, 2]), tf.constant([3, 4])), fn_output_signature=tf.int32))
print(tf.map_fn(tf.reduce_sum, tf.constant([[1, 2], [3, 4]])))
print(tf.map_fn(lambda x: x, tf.zeros([0, 2])))
print(tf.map_fn(lambda x: x * 2.0, tf.constant([1.0, 2.0]), fn_output_signature=tf.TensorSpec([], tf.float32)))
print(tf.vectorized_map(lambda x: x * 2, tf.constant([1, 2])))
for bad in [lambda: tf.map_fn(lambda x: x * 2, [1, 2, 3]),
            lambda: tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2])),
            lambda: tf.map_fn(lambda ab: ab[0] + ab[1], (tf.constant([1, 2]), tf.constant([3, 4])))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
