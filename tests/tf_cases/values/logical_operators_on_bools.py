import tensorflow as tf

t = tf.constant([True, False, True])
f = tf.constant([True, True, False])
print(t & f, t | f, t ^ f, ~t)
print(t & True, True & t, False | t, t ^ True)
vb = tf.Variable([True, False, True])
print(vb | f, ~vb)
print(tf.logical_and([True], [False]), tf.math.logical_xor(True, False), tf.logical_not(False))
print((tf.constant([1.0, 2.0, 3.0]) > 1.5) & (tf.constant([1.0, 2.0, 3.0]) < 3.0))
