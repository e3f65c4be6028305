import tensorflow as tf

print(tf.eye(2, 3))
print(tf.eye(3, 2))
print(tf.eye(2, batch_shape=[3]).shape, tf.eye(2, 3, batch_shape=[2, 1]).shape)
print(tf.eye(2, dtype=tf.int32))
print(tf.eye(2, dtype=tf.bool))
print(tf.eye(0))
print(tf.linalg.eye(2))
print(tf.eye(tf.constant(2)))
print(tf.eye(2, batch_shape=tf.constant([2])).shape)
print(tf.eye(1, dtype=tf.complex64))
print(tf.eye(2, dtype=tf.float64).dtype)
