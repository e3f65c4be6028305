import tensorflow as tf

u = tf.unique(tf.constant([1, 1, 2, 4, 4, 4, 7, 8, 8]))
print(type(u).__name__, u._fields)
print(u.y, u.idx)
y, idx = tf.unique(tf.constant([3.0, 1.0, 3.0]), out_idx=tf.int64)
print(y, idx)
print(tf.unique(tf.constant(["a", "b", "a"])))
print(tf.unique_with_counts(tf.constant([1, 1, 2, 4, 4, 4, 7, 8, 8])))
try:
    tf.unique(tf.constant([[1, 2]]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
x = tf.constant([1.0, 2.0, 1.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.unique(x).y)
try:
    tape.gradient(y, x)
except LookupError as e:
    print(type(e).__name__, e)
