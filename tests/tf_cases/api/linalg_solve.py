import tensorflow as tf

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.linalg.solve(a, [[1.0], [2.0]]))
print(tf.linalg.solve(a, [[1.0], [2.0]], adjoint=True))
print(tf.linalg.solve(tf.constant([[2.0, 1.0], [1.0, 1.0]]), [[1.0, 0.0], [0.0, 1.0]]))
print(tf.linalg.solve(tf.eye(2, batch_shape=[3]), tf.ones([3, 2, 1])))
for bad in [lambda: tf.linalg.solve(a, [1.0, 2.0]), lambda: tf.linalg.solve([[1.0, 2.0], [2.0, 4.0]], [[1.0], [2.0]]),
            lambda: tf.linalg.solve(a, [[1.0], [2.0], [3.0]]), lambda: tf.linalg.solve(tf.eye(2), tf.ones([3, 2, 1]))]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
