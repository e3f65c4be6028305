import tensorflow as tf

h = tf.fill([10000], tf.constant(0.1, tf.float16))
c = tf.cumsum(h)
print(c[-1], c[2049], c[100], c.dtype)
print(tf.cumsum(h, reverse=True)[0], tf.cumsum(h, exclusive=True)[-1])
print(tf.reduce_prod(tf.fill([100], tf.constant(1.1, tf.float16))))
print(tf.reduce_prod(tf.fill([7], tf.constant(1.1, tf.float16))))
print(tf.cumsum(tf.reshape(h[:300], [3, 100]), axis=1)[:, -1])
