import numpy as np
import tensorflow as tf

print(tf.eye(2, 3), tf.eye(2, dtype=tf.int32), tf.eye(2, dtype=tf.bool), tf.eye(0), tf.eye(np.int64(2)))
print(tf.eye(2, batch_shape=[3]).shape, tf.eye(tf.constant(2)))
print(tf.one_hot([0, 1], depth=0), tf.one_hot([0, -1, 5], depth=3), tf.one_hot([0, 1], depth=3, axis=0))
print(tf.one_hot([0, 1], depth=3, on_value=5), tf.one_hot([0, 2], 3, on_value=2.0, off_value=-1.0))
print(tf.one_hot(tf.constant([1], tf.int64), 2, dtype=tf.float64))
for label, make in [("eye(-1)", lambda: tf.eye(-1)),
                    ("eye(2.5)", lambda: tf.eye(2.5)),
                    ("eye(2, -1)", lambda: tf.eye(2, -1)),
                    ("eye(None)", lambda: tf.eye(None)), ("eye('a')", lambda: tf.eye("a")),
                    ("eye batch [-1]", lambda: tf.eye(2, batch_shape=[-1])),
                    ("eye string", lambda: tf.eye(2, dtype=tf.string)),
                    ("depth -1", lambda: tf.one_hot([0, 1], depth=-1)),
                    ("depth 2.5", lambda: tf.one_hot([0, 1], depth=2.5)),
                    ("depth None", lambda: tf.one_hot([0, 1], depth=None)),
                    ("depth 'a'", lambda: tf.one_hot([0, 1], depth="a")),
                    ("depth [2]", lambda: tf.one_hot([0, 1], depth=[2])),
                    ("axis 5", lambda: tf.one_hot([0, 1], 3, axis=5)),
                    ("axis -2", lambda: tf.one_hot([0, 1], 3, axis=-2)),
                    ("float indices", lambda: tf.one_hot([0.0, 1.0], 3)),
                    ("on int off float", lambda: tf.one_hot([0, 1], 3, on_value=5, off_value=0.0)),
                    ("on float dtype int", lambda: tf.one_hot([0, 1], 3, on_value=5.0, dtype=tf.int32)),
                    ("dtype bool", lambda: tf.one_hot([0, 1], 2, dtype=tf.bool)),
                    ("foo=1", lambda: tf.one_hot([0], 2, foo=1))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
