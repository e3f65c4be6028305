import tensorflow as tf

t = tf.constant([True, False])
f = tf.constant([False, False])
print(t * f, t * True, t * 2, tf.constant([2.0]) * tf.constant([True]))
for label, make in [("t + f", lambda: t + f), ("t + True", lambda: t + True), ("t - f", lambda: t - f),
                    ("t / f", lambda: t / f), ("t // f", lambda: t // f), ("t % f", lambda: t % f),
                    ("t ** f", lambda: t ** f), ("-t", lambda: -t), ("abs(t)", lambda: abs(t)),
                    ("2 * t", lambda: 2 * t), ("t - 1", lambda: t - 1), ("t + 1", lambda: t + 1),
                    ("tf.add", lambda: tf.add(t, f)), ("tf.multiply", lambda: tf.multiply(t, f)),
                    ("tf.maximum", lambda: tf.maximum(t, f)), ("tf.square", lambda: tf.square(t)),
                    ("tf.sign", lambda: tf.sign(t)), ("tf.divide", lambda: tf.divide(t, f)),
                    ("reduce_sum", lambda: tf.reduce_sum(t)), ("reduce_mean", lambda: tf.reduce_mean(t)),
                    ("reduce_max", lambda: tf.reduce_max(t)), ("cumsum", lambda: tf.cumsum(t))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
print(tf.reduce_sum(tf.cast(t, tf.int32)), tf.argmax(t))
