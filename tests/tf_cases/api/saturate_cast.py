import tensorflow as tf

print(tf.dtypes.saturate_cast([-1.0, 300.0, 3.7, float("nan")], tf.uint8))
print(tf.saturate_cast([1e10, -1e10], tf.int32))
print(tf.dtypes.saturate_cast(tf.constant([1e10, -1e10], tf.float64), tf.float32))
print(tf.dtypes.saturate_cast(tf.constant([1000, -1000]), tf.int8))
print(tf.dtypes.saturate_cast(tf.constant([200], tf.uint8), tf.int8))
print(tf.dtypes.saturate_cast(tf.constant([-5]), tf.uint32))
print(tf.dtypes.saturate_cast(tf.constant([1.5]), tf.complex64))
print(tf.dtypes.saturate_cast(tf.constant([2.5, 1e40], tf.float64), tf.float32))
print(tf.dtypes.cast([1.7, -1.7], tf.int32))
try:
    tf.dtypes.saturate_cast(tf.constant([-1, 0, 3]), tf.bool)
except TypeError as e:
    print(type(e).__name__)
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.dtypes.saturate_cast(x * 3, tf.float64)
print(tape.gradient(y, x))
