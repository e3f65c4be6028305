import tensorflow as tf

# Axes and permutations out of range: TF raises; none may wrap around silently (3 % 2 == 1).
t = tf.reshape(tf.range(6.0), (2, 3))
v = tf.constant([1.0, 2.0, 3.0])
calls = [
    ("transpose [0, 3]", lambda: tf.transpose(t, [0, 3])),
    ("transpose [2, 0]", lambda: tf.transpose(t, [2, 0])),
    ("transpose [0, -3]", lambda: tf.transpose(t, [0, -3])),
    ("transpose [-1, 0]", lambda: tf.transpose(t, [-1, 0])),
    ("reverse [5]", lambda: tf.reverse(t, [5])),
    ("reverse [-3]", lambda: tf.reverse(t, [-3])),
    ("boolean_mask axis=5", lambda: tf.boolean_mask(t, [True, False, True], axis=5)),
    ("boolean_mask axis=-1", lambda: tf.boolean_mask(t, [True, False, True], axis=-1)),
    ("boolean_mask axis=-2", lambda: tf.boolean_mask(t, [True, False], axis=-2)),
    ("roll axis=3", lambda: tf.roll(v, 1, 3)),
    ("squeeze axis=5", lambda: tf.squeeze(tf.ones([1, 3]), 5)),
    ("tensordot axes 3", lambda: tf.tensordot(t, tf.transpose(t), 3)),
]
for name, f in calls:
    try:
        r = f()
        print(name, r.shape, r.numpy().ravel()[:6])
    except Exception as e:  # noqa: BLE001
        print(name, type(e).__name__)
