import tensorflow as tf

print(tf.searchsorted([0.0, 1.0, 2.0, 3.0], [0.5, 1.0, 3.5]))
print(tf.searchsorted([0.0, 1.0, 2.0, 3.0], [0.5, 1.0, 3.5], side="right"))
print(tf.searchsorted([[0, 3, 9], [1, 2, 3]], [[2, 4], [0, 5]]))
print(tf.searchsorted([0.0, 1.0], [0.5], out_type=tf.int64))
for bad in [lambda: tf.searchsorted([0.0, 1.0], [0.5], side="middle"),
            lambda: tf.searchsorted([[0.0, 1.0]], [[0.5], [1.0]]),
            lambda: tf.searchsorted([0.0, 1.0], 0.5)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
