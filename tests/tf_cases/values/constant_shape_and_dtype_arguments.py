import numpy as np
import tensorflow as tf

print(tf.constant(1.0, shape=[2, 2]), tf.constant([1, 2], shape=[2, 1]), tf.constant(1.0, shape=None))
print(tf.constant(1, dtype=np.float32), tf.constant(1, dtype=float), tf.constant(1, dtype="float"),
      tf.constant(1, dtype="double"))
print(tf.constant(True, dtype=tf.int32), tf.constant(-1, tf.uint8), tf.constant(300, tf.uint8),
      tf.constant(2**40, tf.int32))
print(tf.constant(1e40, tf.float32), tf.constant(2**31), tf.constant(range(3)))
print(tf.constant(np.array([1.7, -1.7]), dtype=tf.int32), tf.constant(np.array([1.7, 0.0]), dtype=tf.bool))
for label, make in [("shape [-1]", lambda: tf.constant(1.0, shape=[-1])),
                    ("shape [2.5]", lambda: tf.constant(1.0, shape=[2.5])),
                    ("shape 'a'", lambda: tf.constant(1.0, shape="a")),
                    ("shape [3] for 2", lambda: tf.constant([1, 2], shape=[3])),
                    ("dtype 'foo'", lambda: tf.constant(1.0, dtype="foo")),
                    ("dtype int", lambda: tf.constant(1, dtype=int)),
                    ("dtype 'int'", lambda: tf.constant(1, dtype="int")),
                    ("dtype 1.5", lambda: tf.constant(1, dtype=1.5)),
                    ("foo=1", lambda: tf.constant(1.0, foo=1)), ("None", lambda: tf.constant(None)),
                    ("object()", lambda: tf.constant(object())),
                    ("{}", lambda: tf.constant({})),
                    ("set", lambda: tf.constant({1, 2})),
                    ("generator", lambda: tf.constant(x for x in range(3))),
                    ("ragged", lambda: tf.constant([[1], [2, 3]])), ("[1, None]", lambda: tf.constant([1, None])),
                    ("2**63", lambda: tf.constant(2**63)), ("1. int32", lambda: tf.constant(1.0, tf.int32)),
                    ("1.5 int32", lambda: tf.constant(1.5, tf.int32)), ("1 bool", lambda: tf.constant(1, tf.bool)),
                    ("'a' float32", lambda: tf.constant("a", tf.float32)),
                    ("1 string", lambda: tf.constant(1, tf.string)),
                    ("[True, 1]", lambda: tf.constant([True, 1])), ("[1., 1j]", lambda: tf.constant([1.0, 1j])),
                    ("['a', 1]", lambda: tf.constant(["a", 1])),
                    ("[1, 2.5] int32", lambda: tf.constant([1, 2.5], tf.int32)),
                    ("np ints as string", lambda: tf.constant(np.array([1]), dtype=tf.string)),
                    ("np object ints", lambda: tf.constant(np.array([1, 2], dtype=object))),
                    ("np datetime", lambda: tf.constant(np.array(["2020-01-01"], dtype="datetime64[D]"))),
                    ("Fraction", lambda: tf.constant(__import__("fractions").Fraction(1, 2)))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
