import tensorflow as tf

a = tf.constant([[2.0, 1.0], [1.0, 1.0]])
print(tf.linalg.inv(a))
print(tf.linalg.det(a))
print(tf.linalg.inv(tf.eye(2, batch_shape=[2]) * 2))
print(tf.linalg.det(tf.eye(3, batch_shape=[2]) * 2))
print(tf.linalg.inv(tf.zeros([0, 0])), tf.linalg.det(tf.zeros([0, 0])))
print(tf.linalg.det([[1.0, 2.0], [2.0, 4.0]]))
print(tf.linalg.inv(tf.constant([[2.0, 0.0], [0.0, 4.0]], tf.float64)))
print(tf.linalg.matmul(a, tf.linalg.inv(a)))
for bad in [lambda: tf.linalg.inv([[1.0, 2.0], [2.0, 4.0]]), lambda: tf.linalg.inv([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]),
            lambda: tf.linalg.inv([[1, 2], [3, 4]]), lambda: tf.linalg.inv([1.0, 2.0]),
            lambda: tf.linalg.det([[1, 2], [3, 4]]), lambda: tf.linalg.det([[1.0, 2.0, 3.0]])]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
