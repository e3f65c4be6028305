import tensorflow as tf

f = tf.constant([1.0, 2.0])
i = tf.constant([1, 2])
d = tf.constant([1.0, 2.0], tf.float64)
for label, make in [("f == i", lambda: f == i), ("f != i", lambda: f != i), ("f == d", lambda: f == d),
                    ("tf.equal(f, i)", lambda: tf.equal(f, i)), ("i == 1.5", lambda: i == 1.5),
                    ("i == 1.0", lambda: i == 1.0), ("f == 'a'", lambda: f == "a"),
                    ("f == object()", lambda: f == object()), ("v == i", lambda: tf.Variable([1.0, 2.0]) == i)]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__, isinstance(e, ValueError))
