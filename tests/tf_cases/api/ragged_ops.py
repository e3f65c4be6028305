import tensorflow as tf

r = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
print(r + 1)
print(r * 2, 1 + r, r + r, -r, r - 1)
print(r == 1)
print(r > 2)
print(tf.square(r))
print(tf.cast(r, tf.float32) / 2)
print(tf.exp(tf.cast(r, tf.float32)))
print(tf.math.maximum(r, 3))
print(tf.ragged.map_flat_values(tf.square, r))
print(r.with_flat_values(r.flat_values * 10))
print(r + tf.constant([[10], [20], [30], [40]]))
print(tf.concat([r, r], axis=0))
print(tf.concat([r, r], axis=1))
for bad in [lambda: r + tf.ragged.constant([[1, 2], [4], [], [5, 6]]), lambda: r + 1.5]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
