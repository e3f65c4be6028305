# gather on a Variable (an embedding table): an IndexedSlices with the rows looked up.
import tensorflow as tf

table = tf.Variable([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]], name="table")
ids = tf.constant([3, 1, 3])
with tf.GradientTape() as tape:
    rows = tf.gather(table, ids)
    loss = tf.reduce_sum(rows * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
g = tape.gradient(loss, table)
print(type(g).__name__)
print(g.indices.numpy(), g.values.numpy(), g.dense_shape.numpy())
print(tf.convert_to_tensor(g))
