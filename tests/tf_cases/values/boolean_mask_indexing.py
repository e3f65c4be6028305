import numpy as np
import tensorflow as tf

t = tf.constant([1.0, 2.0, 3.0])
print(t[t > 1.5])
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(x[x > 1.5])
print(x[tf.constant([True, False])])
print(t[np.array([True, False, True])])
v = tf.Variable([6, 3, 9])
print(v[v > 4])
w = tf.Variable([1.0, -2.0, 3.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(w[w > 0] ** 2)
print(y, tape.gradient(y, w))
for label, make in [("wrong shape", lambda: t[tf.constant([True, False])]),
                    ("python bool", lambda: t[True]),
                    ("list of bools", lambda: t[[True, False, True]]),
                    ("mask and slice", lambda: x[x[:, 0] > 2, :]),
                    ("int tensor", lambda: t[tf.constant([0, 1])])]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
