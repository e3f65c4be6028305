import tensorflow as tf

print(tf.math.segment_sum([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [0, 0, 2]))
print(tf.math.segment_mean([1.0, 2.0, 3.0], [0, 0, 2]))
print(tf.math.segment_max([1.0, 2.0, 3.0], [0, 0, 2]))
print(tf.math.segment_min([1.0, 2.0, 3.0], [0, 0, 2]))
print(tf.math.segment_prod([1.0, 2.0, 3.0], [0, 0, 2]))
print(tf.math.segment_sum([1, 2, 3], [0, 1, 1]))
for bad in [lambda: tf.math.segment_sum([1.0, 2.0, 3.0], [1, 0, 1]),
            lambda: tf.math.segment_sum([1.0, 2.0, 3.0], [-1, 0, 1]),
            lambda: tf.math.segment_sum([1.0, 2.0, 3.0], [0, 1]),
            lambda: tf.math.segment_sum([1.0, 2.0, 3.0], [0.0, 0.0, 2.0])]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
x = tf.constant([1.0, 3.0, 3.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    s = tf.math.segment_sum(x, [0, 0, 1, 1]) * tf.constant([1.0, 10.0])
    m = tf.math.segment_mean(x, [0, 0, 1, 1]) * tf.constant([1.0, 10.0])
    mx = tf.math.segment_max(x, [0, 0, 0, 1]) * tf.constant([1.0, 10.0])
    p = tf.math.segment_prod(x, [0, 0, 1, 1]) * tf.constant([1.0, 10.0])
print(tape.gradient(s, x), tape.gradient(m, x), tape.gradient(mx, x), tape.gradient(p, x))
