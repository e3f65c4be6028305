import tensorflow as tf

sequences = [[1], [2, 2], [3, 3, 3], [4, 4, 4, 4], [5] * 5, [6] * 6, [7] * 7, [8] * 8, [9]]
ds = tf.data.Dataset.from_generator(lambda: iter(sequences), output_signature=tf.TensorSpec([None], tf.int32))
buckets = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], bucket_boundaries=[3, 5], bucket_batch_sizes=[2, 2, 3])
print(buckets)
for batch in buckets:
    print(batch.numpy().tolist())
for batch in ds.bucket_by_sequence_length(lambda x: tf.size(x), [4], [3, 2], padding_values=-1, drop_remainder=True):
    print(batch.numpy().tolist())
for batch in ds.bucket_by_sequence_length(lambda x: tf.size(x), [4], [3, 2], padded_shapes=[8]):
    print(batch.numpy().tolist())
same = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6]])
for batch in same.bucket_by_sequence_length(lambda x: x[0], [3], [2, 2], no_padding=True):
    print(batch.numpy().tolist())
try:
    ds.bucket_by_sequence_length(lambda x: tf.size(x), [4], [3])
    print("no error")
except Exception as e:
    print(type(e).__name__)
