import tensorflow as tf

x = tf.constant([1.0, 2.0])
v = tf.Variable(3.0, name="x")
print(x)
print(repr(x))
print(v)
print(x.dtype, x.shape)
print(tf.constant([[1, 2], [3, 4]]) * 2)
