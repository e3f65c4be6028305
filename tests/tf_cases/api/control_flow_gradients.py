import tensorflow as tf

x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.cond(x > 1, lambda: x ** 2, lambda: x)
    z = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), [0, tf.constant(1.0)])[1]
    m = tf.reduce_sum(tf.map_fn(lambda e: e * x, tf.constant([1.0, 2.0])))
    s = tf.reduce_sum(tf.scan(lambda a, e: a * e, tf.stack([x, x, x])))
    f = tf.foldl(lambda a, e: a + e * x, tf.constant([1.0, 2.0, 3.0]), initializer=tf.constant(0.0))
print(tape.gradient(y, x), tape.gradient(z, x), tape.gradient(m, x), tape.gradient(s, x), tape.gradient(f, x))
v = tf.Variable(3.0)
with tf.GradientTape() as tape:
    out = tf.while_loop(lambda i, acc: i < 4, lambda i, acc: (i + 1, acc + v * tf.cast(i, tf.float32)), [0, 0.0])
print(out, tape.gradient(out[1], v))
