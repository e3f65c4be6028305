import tensorflow as tf

print(tf.cond(tf.constant(True), lambda: tf.constant(1), lambda: tf.constant(2)))
print(tf.cond(False, lambda: 1, lambda: 2))
print(tf.cond(tf.constant(1), lambda: 1, lambda: 2))
print(tf.cond(tf.constant([True]), lambda: 1, lambda: 2))
print(tf.cond(True, lambda: (tf.constant(1), [2.0]), lambda: (3, 4)))
print(tf.cond(True, lambda: [tf.constant(5)], lambda: [6]))
x = tf.constant(3.0)
print(tf.cond(x > 2, lambda: x * 10, lambda: x))
print(tf.case([(tf.constant(False), lambda: 1), (tf.constant(True), lambda: 2)], default=lambda: 3))
print(tf.case([(x < 0, lambda: -1.0)], default=lambda: 1.0))
print(tf.switch_case(tf.constant(1), [lambda: 10, lambda: 20]))
print(tf.switch_case(tf.constant(5), [lambda: 10, lambda: 20]))
print(tf.switch_case(tf.constant(5), [lambda: 10, lambda: 20], default=lambda: -1))
print(tf.switch_case(tf.constant(1), {0: lambda: 1, 1: lambda: 3}))
for bad in [lambda: tf.cond(True, lambda: 1), lambda: tf.cond(True, 1, 2),
            lambda: tf.cond(tf.constant([True, False]), lambda: 1, lambda: 2),
            lambda: tf.switch_case(1, [lambda: 10]),
            lambda: tf.switch_case(tf.constant(2), {0: lambda: 1, 2: lambda: 3})]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
