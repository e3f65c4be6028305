import tensorflow as tf

h = tf.fill([10000], tf.constant(0.1, tf.float16))
print(tf.reduce_sum(h))
print(tf.reduce_mean(h))
print(tf.reduce_sum(tf.ones([3000], tf.float16)), tf.reduce_mean(tf.ones([3000], tf.float16)))
big = tf.fill([100000], tf.constant(0.1, tf.float16))
print(tf.reduce_sum(big), tf.reduce_mean(big))
print(tf.reduce_sum(tf.ones([70000], tf.float16)))
print(tf.reduce_sum(tf.fill([10], tf.constant(60000.0, tf.float16))))
print(tf.reduce_sum(tf.fill([10000], 0.1)))
