import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    r = tf.RaggedTensor.from_row_splits(x * 2, [0, 2, 3])
    y = tf.reduce_sum(tf.reduce_mean(r, axis=1) ** 2)
    z = tf.reduce_sum(r.to_tensor() * tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    w = tf.reduce_sum(tf.reduce_max(r, axis=1))
    v = tf.reduce_sum(r[0]) + r[1, 0] * 10
    u = tf.reduce_sum(tf.square(r) + 1)
print(tape.gradient(y, x), tape.gradient(z, x), tape.gradient(w, x), tape.gradient(v, x), tape.gradient(u, x))
