import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.reduce_sum(x, axis=[[0]]), tf.reduce_sum(x, axis=[]), tf.reduce_sum(x, axis=tf.constant(1)))
print(tf.reduce_sum(x, axis=True), tf.reduce_sum(x, keepdims="a"), tf.reduce_sum(x, 0, keepdims=None))
print(tf.reduce_sum([1, 2]), tf.reduce_sum(tf.constant([200, 100], tf.uint8)), tf.reduce_mean([1, 2]))
print(tf.reduce_mean(tf.zeros([0])), tf.reduce_max(tf.zeros([0])), tf.reduce_sum(tf.constant([1j, 2.0])))
for label, make in [("sum [0, 0]", lambda: tf.reduce_sum(x, axis=[0, 0])),
                    ("sum [0, -2]", lambda: tf.reduce_sum(x, axis=[0, -2])),
                    ("mean [1, 1]", lambda: tf.reduce_mean(x, axis=[1, 1])),
                    ("max [1, 1]", lambda: tf.reduce_max(x, axis=[1, 1])),
                    ("all [0, 0]", lambda: tf.reduce_all([[True]], axis=[0, 0])),
                    ("axis 'a'", lambda: tf.reduce_sum(x, axis="a")), ("axis 1.5", lambda: tf.reduce_sum(x, axis=1.5)),
                    ("axis 1.0", lambda: tf.reduce_sum(x, axis=1.0)), ("axis 2", lambda: tf.reduce_sum(x, axis=2)),
                    ("axis -3", lambda: tf.reduce_sum(x, axis=-3)),
                    ("axis [None]", lambda: tf.reduce_sum(x, axis=[None])),
                    ("axis float tensor", lambda: tf.reduce_sum(x, axis=tf.constant(1.0))),
                    ("scalar axis 0", lambda: tf.reduce_sum(tf.constant(1.0), axis=0)),
                    ("foo=1", lambda: tf.reduce_sum(x, foo=1)), ("None", lambda: tf.reduce_sum(None)),
                    ("strings", lambda: tf.reduce_sum(tf.constant(["a", "b"]))), ("'a'", lambda: tf.reduce_sum("a")),
                    ("bool mean", lambda: tf.reduce_mean([True, False])),
                    ("bool max", lambda: tf.reduce_max([True, False])),
                    ("bool prod", lambda: tf.reduce_prod([True, False])),
                    ("complex max", lambda: tf.reduce_max(tf.constant([1j]))),
                    ("all floats", lambda: tf.reduce_all([1.0, 0.0])), ("any ints", lambda: tf.reduce_any([1, 0])),
                    ("all float tensor", lambda: tf.reduce_all(tf.constant([1.0]))),
                    ("cumsum axis 2", lambda: tf.cumsum([1.0, 2.0], axis=2)),
                    ("cumsum axis 1.5", lambda: tf.cumsum([1.0], axis=1.5)),
                    ("cumsum bool", lambda: tf.cumsum([True, False])), ("cumsum scalar", lambda: tf.cumsum(1.0))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
