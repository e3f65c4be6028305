import tensorflow as tf

f = tf.constant([1.0])
i = tf.constant([1])
b = tf.constant([True])
for label, make in [("f & f", lambda: f & f), ("~f", lambda: ~f), ("~complex", lambda: ~tf.constant(1j)),
                    ("~str", lambda: ~tf.constant("a")), ("i & b", lambda: i & b), ("b & i", lambda: b & i),
                    ("b | i", lambda: b | i), ("b & 1", lambda: b & 1), ("b ^ 1", lambda: b ^ 1),
                    ("i & 2.5", lambda: i & 2.5), ("i & int64", lambda: i & tf.constant([1], tf.int64)),
                    ("shapes", lambda: tf.constant([True, False]) & tf.constant([True, False, True])),
                    ("int shapes", lambda: tf.constant([1, 2]) & tf.constant([1, 2, 3])),
                    ("logical_and ints", lambda: tf.logical_and(i, i)), ("logical_not 1.", lambda: tf.logical_not(1.0)),
                    ("str & str", lambda: tf.constant("a") & tf.constant("b"))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
