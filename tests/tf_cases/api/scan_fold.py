import tensorflow as tf

print(tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4])))
print(tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4]), initializer=10))
print(tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4]), reverse=True))
print(tf.scan(lambda a, x: a * x, tf.constant([[1.0, 2.0], [3.0, 4.0]])))
print(tf.foldl(lambda a, x: a + x, tf.constant([1, 2, 3, 4])))
print(tf.foldl(lambda a, x: a - x, tf.constant([1, 2, 3, 4]), initializer=100))
print(tf.foldr(lambda a, x: a - x, tf.constant([1, 2, 3, 4])))
