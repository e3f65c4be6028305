import tensorflow as tf

print(tf.math.unsorted_segment_sum([1.0, 2.0, 3.0, 4.0], [1, 0, 1, -1], num_segments=3))
print(tf.math.unsorted_segment_sum([[1.0, 2.0], [3.0, 4.0]], [[0, 1], [1, 1]], num_segments=2))
print(tf.math.unsorted_segment_sum([[1.0, 2.0], [3.0, 4.0]], [1, 1], num_segments=2))
print(tf.math.unsorted_segment_mean([1.0, 2.0, 3.0], [1, 0, 1], num_segments=3))
print(tf.math.unsorted_segment_max([1.0, 2.0, 3.0], [1, 0, 1], num_segments=3))
print(tf.math.unsorted_segment_min([1, 2, 3], [1, 0, 1], num_segments=3))
print(tf.math.unsorted_segment_prod([1.0, 2.0, 3.0], [1, 0, 1], num_segments=3))
print(tf.math.unsorted_segment_sqrt_n([1.0, 2.0, 3.0], [1, 0, 1], num_segments=3))
print(tf.math.unsorted_segment_sum([1.0, 2.0], [0, 1], num_segments=tf.constant(4)))
for bad in [lambda: tf.math.unsorted_segment_sum([1.0, 2.0], [0, 5], num_segments=2),
            lambda: tf.math.unsorted_segment_sum([1.0, 2.0, 3.0], [1, 0], num_segments=3)]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
x = tf.constant([1.0, 3.0, 0.0, 2.0, 5.0])
ids = tf.constant([1, -1, 0, 1, 0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    s = tf.math.unsorted_segment_sum(x, ids, 3) * tf.constant([1.0, 10.0, 100.0])
    m = tf.math.unsorted_segment_mean(x, ids, 3) * tf.constant([1.0, 10.0, 100.0])
    mx = tf.math.unsorted_segment_max(x, ids, 3) * tf.constant([1.0, 10.0, 100.0])
    p = tf.math.unsorted_segment_prod(x, ids, 3) * tf.constant([1.0, 10.0, 100.0])
for y in [s, m, mx, p]:
    print(tape.gradient(y, x))
