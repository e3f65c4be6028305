import tensorflow as tf

print(tf.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s + i), (0, 0)))
print(tf.while_loop(lambda i: i < 3, lambda i: [i + 1], loop_vars=[tf.constant(0)]))
print(tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), [0]))
print(tf.while_loop(lambda i: True, lambda i: [i + 1], [0], maximum_iterations=4))
print(tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x * 2.0), [0, tf.constant([1.0, 2.0])]))
print(tf.while_loop(lambda i: i > 10, lambda i: [i + 1], [0]))
for bad in [lambda: tf.while_loop(lambda i: i < 10, lambda i: i + 1, [0]),
            lambda: tf.while_loop(lambda i: i < 3, lambda i: i + 1, loop_vars=tf.constant(0)),
            lambda: tf.while_loop(lambda i: True, lambda i: i + 1, [0], maximum_iterations=4),
            lambda: tf.while_loop(lambda d: d["a"] < 3, lambda d: {"a": d["a"] + 1}, [{"a": 0}]),
            lambda: tf.while_loop(lambda i, j: i < 3, lambda i, j: i + 1, [0, 0]),
            lambda: tf.while_loop(1, lambda i: i, [0])]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
