import tensorflow as tf

cases = [
    lambda: tf.random_normal_initializer()([2], tf.int32),
    lambda: tf.random_uniform_initializer()([2], tf.string),
    lambda: tf.zeros_initializer()([2], tf.string),
    lambda: tf.zeros_initializer(dtype=tf.float32),
    lambda: tf.zeros_initializer()([2], foo=1),
    lambda: tf.constant_initializer([1, 2, 3])([2, 2]),
    lambda: tf.constant_initializer(tf.constant([1.0, 2.0])),
    lambda: tf.constant_initializer(tf.Variable([1.0])),
    lambda: tf.constant_initializer({"a": 1}),
    lambda: tf.constant_initializer(1.5)([2], tf.int32),
]
for case in cases:
    try:
        case()
        print("no error")
    except Exception as e:
        print(type(e).__name__)
