import tensorflow as tf

a = tf.constant([1.0, 2.0])
print(a < 1.5, a >= 2, 1 < tf.constant(2), a > [0.0, 3.0])
print(tf.Variable([1, 5]) > 2)
for label, make in [("f < i", lambda: a < tf.constant([1, 2])), ("f < c3", lambda: a < tf.constant([1.0, 2.0, 3.0])),
                    ("f < None", lambda: a < None), ("f < 'a'", lambda: a < "a"),
                    ("str < str", lambda: tf.constant(["a"]) < tf.constant(["b"])),
                    ("bool < bool", lambda: tf.constant([True]) < tf.constant([False])),
                    ("complex < complex", lambda: tf.constant([1j]) < tf.constant([1j])),
                    ("v < None", lambda: tf.Variable(1.0) < None), ("i < 1.5", lambda: tf.constant(1) < 1.5)]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
