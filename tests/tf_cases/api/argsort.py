import tensorflow as tf

x = tf.constant([[3.0, 1.0, 2.0], [0.0, 5.0, -1.0]])
print(tf.argsort(x))
print(tf.argsort(x, axis=0))
print(tf.argsort(x, direction="DESCENDING"))
print(tf.argsort(tf.constant([1, 1, 0, 1]), stable=True))
print(tf.argsort(tf.constant([1, 1, 0, 1]), direction="DESCENDING"))
print(tf.argsort(tf.constant([0.5, -0.5, 0.25])).dtype)
