import tensorflow as tf

x = tf.constant([[3.0, 1.0, 2.0], [0.0, 5.0, -1.0]])
r = tf.math.top_k(x, k=2)
print(type(r).__name__, r._fields)
print(r.values, r.indices)
values, indices = tf.math.top_k(tf.constant([1.0, 3.0, 2.0]))
print(values, indices)
print(tf.math.top_k(tf.constant([1, 3, 3, 1]), k=3))
print(tf.math.top_k(tf.constant([1.0, 3.0, 2.0]), k=2, index_type=tf.int64).indices)
print(tf.math.top_k(tf.zeros([2, 0]), 0).values.shape)
print(tf.nn.top_k is tf.math.top_k)
for bad in [lambda: tf.math.top_k(x, k=5), lambda: tf.math.top_k(x, k=-1), lambda: tf.math.top_k(tf.constant(1.0))]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
