import numpy as np
import tensorflow as tf

a = tf.constant([1.0, 2.0])
print(a == None, a != None, None == a)  # noqa: E711
print(a == 1, a == 1.5, a == [1, 2], a == np.array([1.0, 2.0]), np.array([1.0, 3.0]) == a)
print(tf.constant(1.0) == np.float64(1.0), tf.constant(1) == np.float64(1.5))
print(tf.constant("a") == tf.constant("a"), tf.constant(["a", "b"]) == "a")
print(tf.constant([True, False]) == True, tf.constant([1]) == True, tf.constant([1.0]) == True)  # noqa: E712
print(tf.constant([1j]) == tf.constant([1j]))
v = tf.Variable([1.0, 2.0])
print(v == a, v == [1.0, 5.0], v != 2.0)
for label, make in [("v == None", lambda: v == None), ("v != None", lambda: v != None),  # noqa: E711
                    ("str == 1", lambda: tf.constant(["a"]) == 1), ("bool == 1", lambda: tf.constant([True]) == 1)]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
