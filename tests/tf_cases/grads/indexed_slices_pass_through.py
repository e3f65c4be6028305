# Which ops between the source and gather keep the gradient sparse (as TF's rules do).
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
ops = {
    "identity": tf.identity, "negative": tf.negative, "add_n": lambda a: tf.add_n([a, y]),
    "plus scalar": lambda a: a + 1.0, "minus scalar": lambda a: a - 1.0,
    "cast twice": lambda a: tf.cast(tf.cast(a, tf.float64), tf.float32),
    "times scalar": lambda a: a * 2.0, "plus tensor": lambda a: a + y, "square": tf.square,
    "reshape": lambda a: tf.reshape(tf.reshape(a, [6]), [3, 2]), "where": lambda a: tf.where(a > 2, a, 0.0),
}
for name, f in ops.items():
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = tf.gather(f(x), [0, 2])
    g = tape.gradient(out, x)
    print(name, isinstance(g, tf.IndexedSlices), tf.convert_to_tensor(g).numpy().tolist())
