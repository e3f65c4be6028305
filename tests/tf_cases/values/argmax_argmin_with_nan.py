import tensorflow as tf

nan = float("nan")
inf = float("inf")
for values in [[1.0, nan, 3.0], [nan, 1.0, 3.0], [1.0, 3.0, nan], [nan, nan, 3.0], [3.0, 1.0, 3.0], [1.0, inf, nan],
               [nan, nan], [-inf, nan, 0.0]]:
    print(values, tf.argmax(values).numpy(), tf.argmin(values).numpy())
m = tf.constant([[1.0, nan], [3.0, 2.0]])
print(tf.argmax(m, axis=1), tf.argmax(m, axis=0), tf.argmin(m, axis=1), tf.argmin(m, axis=0))
print(tf.argmax([[1.0, 5.0], [3.0, 2.0]]), tf.argmax([1.0, 2.0], axis=-1), tf.argmax([1.0, 2.0], output_type=tf.int32))
print(tf.argmax([True, False]), tf.argmax([1, 3]), tf.argmax([[1.0, 2.0]], axis=tf.constant(1)))
print(tf.reduce_max([1.0, nan, 3.0]), tf.reduce_min([1.0, nan, 3.0]), tf.maximum([1.0, nan], [nan, 1.0]))
for label, make in [("axis 2", lambda: tf.argmax([1.0, 2.0], axis=2)),
                    ("axis 1.5", lambda: tf.argmax([1.0, 2.0], axis=1.5)),
                    ("axis [0]", lambda: tf.argmax([[1.0, 2.0]], axis=[0])),
                    ("output float", lambda: tf.argmax([1.0, 2.0], output_type=tf.float32)),
                    ("scalar", lambda: tf.argmax(1.0)), ("empty", lambda: tf.argmax(tf.zeros([0]))),
                    ("strings", lambda: tf.argmax(["a", "b"])), ("complex", lambda: tf.argmax(tf.constant([1j]))),
                    ("foo=1", lambda: tf.argmax([1, 3], foo=1))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
