import math

import numpy as np
import tensorflow as tf

t = tf.constant([1.0, 2.0])
print(len(t), [float(x) for x in t], float(tf.constant(2.5)), int(tf.constant(3.7)))
print(int(tf.constant("3")), float(tf.constant("3")), float(tf.constant(True)), complex(tf.constant(1.0)))
print([10, 20, 30][tf.constant(1)], [10, 20, 30][tf.constant(1, tf.int64)], list(range(tf.constant(3))))
print(math.floor(tf.constant(2.5)), np.asarray(tf.constant([1, 2]), dtype=np.float32))
print(np.add(tf.constant([1.0, 2.0]), 1), np.float32(2.0) * t, np.array([2.0, 3.0]) * t)
for label, make in [("+t", lambda: +t), ("divmod", lambda: divmod(tf.constant(7), 2)),
                    ("len(scalar)", lambda: len(tf.constant(1.0))), ("iter(scalar)", lambda: list(tf.constant(1.0))),
                    ("float(vector)", lambda: float(tf.constant([3.7]))),
                    ("int(vector)", lambda: int(tf.constant([3.7]))),
                    ("t[0] = 5", lambda: exec("t[0] = 5.0", {"t": t}))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
