import tensorflow as tf

a = tf.constant("a")
print(a + tf.constant("b"), a + "b", "b" + a, a + b"x")
print(tf.constant(["a", "b"]) + tf.constant("c"), tf.constant(["a"]) + tf.constant(["b", "c"]))
print(tf.add("a", "b"), tf.math.add(a, "b"), tf.constant("é") + tf.constant("ü"))
for label, make in [("shapes", lambda: tf.constant(["a", "b"]) + tf.constant(["c", "d", "e"])),
                    ("s + 1", lambda: a + 1), ("1 + s", lambda: 1 + a), ("s - s", lambda: a - a),
                    ("s * 2", lambda: a * 2), ("s * s", lambda: a * a), ("s / s", lambda: a / a),
                    ("-s", lambda: -a), ("add_n", lambda: tf.add_n([a, a])), ("s < s", lambda: a < a)]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
