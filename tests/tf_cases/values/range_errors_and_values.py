import numpy as np
import tensorflow as tf

print(tf.range(5), tf.range(0), tf.range(5, 0, -1), tf.range(0, 10, 3), tf.range(10, 0, -3))
print(tf.range(0.0, 1.0, 0.3), tf.range(1, 5.0), tf.range(1.0, 2.5, 0.5))
print(tf.range(0.0, 1.0, 0.1))
print(tf.range(5, dtype=tf.float32), tf.range(3, dtype=tf.float64), tf.range(np.int64(3)))
print(tf.range(tf.constant(3), tf.constant(7)), tf.range(tf.constant(3.0), tf.constant(7)))
print(tf.range(tf.constant(1), tf.constant(4, tf.int64)), tf.range(0, 2, tf.constant(0.5)))
print(tf.range(tf.constant(1.0, tf.float16), 3), tf.range(0, 10**10, 10**9))
print(tf.range(tf.constant([3])), tf.range(1, None))
for label, make in [("range(5, 0)", lambda: tf.range(5, 0)), ("range(-3)", lambda: tf.range(-3)),
                    ("range(0, 5, -1)", lambda: tf.range(0, 5, -1)), ("range(0, 5, 0)", lambda: tf.range(0, 5, 0)),
                    ("range('a')", lambda: tf.range("a")), ("range(None)", lambda: tf.range(None)),
                    ("range(True)", lambda: tf.range(True)),
                    ("bool dtype", lambda: tf.range(5, dtype=tf.bool)),
                    ("2.5 int32", lambda: tf.range(2.5, dtype=tf.int32)),
                    ("[1, 2]", lambda: tf.range([1, 2])), ("uint8", lambda: tf.range(3, dtype=tf.uint8)),
                    ("uint8 tensor", lambda: tf.range(tf.constant(3, tf.uint8))),
                    ("foo=1", lambda: tf.range(5, foo=1))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
