import tensorflow as tf

x = tf.constant([[3.0, 1.0, 2.0], [0.0, 5.0, -1.0]])
w = tf.constant([1.0, 10.0, 100.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    s = tf.reduce_sum(tf.sort(x) * w)
    d = tf.reduce_sum(tf.sort(x, direction="DESCENDING") * w)
    a = tf.reduce_sum(tf.sort(x, axis=0) * tf.constant([[1.0], [2.0]]))
    k = tf.reduce_sum(tf.math.top_k(x, 2).values * tf.constant([1.0, 5.0]))
print(tape.gradient(s, x))
print(tape.gradient(d, x))
print(tape.gradient(a, x))
print(tape.gradient(k, x))
i = tf.cast(tf.argsort(x), tf.float32)
print(tape.gradient(tf.reduce_sum(i), x))
