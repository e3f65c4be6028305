# ragged_batch / dense_to_ragged_batch keep a component with a fully known shape dense
import tensorflow as tf

mixed = tf.data.Dataset.from_tensor_slices({"ids": tf.ragged.constant([[1], [2, 3], [4]]),
                                            "pair": tf.constant([[1, 2], [3, 4], [5, 6]]),
                                            "label": tf.constant([1, 2, 3])})
print(mixed.ragged_batch(2).element_spec)
for batch in mixed.ragged_batch(2):
    print(batch)
rows = tf.data.Dataset.from_tensor_slices(tf.constant([[1., 2.], [3., 4.], [5., 6.]]))
for batch in rows.ragged_batch(2):
    print(batch)
for batch in rows.apply(tf.data.experimental.dense_to_ragged_batch(2, drop_remainder=True)):
    print(batch)
print(rows.ragged_batch(2).element_spec, rows.ragged_batch(2, drop_remainder=True).element_spec)
print(rows.batch(2).ragged_batch(2).element_spec)
for batch in rows.batch(2).ragged_batch(2):
    print(batch)
print(rows.batch(1, drop_remainder=True).ragged_batch(2).element_spec)
for batch in tf.data.Dataset.range(3).ragged_batch(2):
    print(batch)
lengths = tf.data.Dataset.range(1, 5).map(tf.range)
for batch in lengths.ragged_batch(3):
    print(batch)
pairs = tf.data.Dataset.zip((rows, tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [], [2, 3]]))))
for batch in pairs.ragged_batch(3):
    print(batch)
ids = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3], [4]]))
print(ids.ragged_batch(2, row_splits_dtype=tf.int32).element_spec)
for batch in ids.ragged_batch(2, row_splits_dtype=tf.int32):
    print(batch, batch.row_splits.dtype)
print(lengths.ragged_batch(2, row_splits_dtype=tf.int32).element_spec)
for batch in lengths.ragged_batch(2, row_splits_dtype=tf.int32):
    print(batch, batch.row_splits.dtype)
for batch in lengths.apply(tf.data.experimental.dense_to_ragged_batch(2, row_splits_dtype=tf.int32)):
    print(batch.row_splits)
