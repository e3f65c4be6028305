import tensorflow as tf

h = tf.fill([10000], tf.constant(0.1, tf.float16))
m = tf.reshape(h, [100, 100])
print(tf.reduce_sum(m, axis=0)[0], tf.reduce_sum(m, axis=1)[0])
print(tf.reduce_mean(m, axis=0)[0], tf.reduce_mean(m, axis=1)[0])
r = tf.cast(tf.range(12000) % 7, tf.float16) * tf.constant(0.37, tf.float16)
for shape, axes in [([12000], None), ([120, 100], 0), ([120, 100], 1), ([20, 30, 20], 0), ([20, 30, 20], 1),
                    ([20, 30, 20], 2), ([20, 30, 20], [0, 1]), ([20, 30, 20], [1, 2]), ([20, 30, 20], [0, 2]),
                    ([4, 5, 6, 100], [1, 3]), ([4, 5, 6, 100], [0, 2]), ([3, 4000], 1), ([4000, 3], 0)]:
    s = tf.reduce_sum(tf.reshape(r, shape), axis=axes)
    mean = tf.reduce_mean(tf.reshape(r, shape), axis=axes)
    print(shape, axes, tf.reshape(s, [-1])[:5].numpy(), tf.reshape(mean, [-1])[:3].numpy())
