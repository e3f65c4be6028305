# bucket_by_sequence_length(pad_to_bucket_boundary=True): unknown dimensions padded to the bucket's boundary - 1.
import tensorflow as tf

sequences = [[1], [2, 2], [3, 3, 3], [4, 4, 4, 4], [5] * 5, [6] * 6, [7] * 7, [8] * 8, [9]]
ds = tf.data.Dataset.from_generator(lambda: iter(sequences), output_signature=tf.TensorSpec([None], tf.int32))


def show(label, dataset):
    try:
        print(label, [b.numpy().tolist() for b in dataset])
    except tf.errors.OpError as error:
        print(label, "raises", type(error).__name__)


show("boundaries 3, 6, 10", ds.bucket_by_sequence_length(lambda x: tf.size(x), [3, 6, 10], [2, 2, 3, 1],
                                                         pad_to_bucket_boundary=True))
show("padding_values", ds.bucket_by_sequence_length(lambda x: tf.size(x), [4, 9], [3, 3, 1], padding_values=-1,
                                                    pad_to_bucket_boundary=True, drop_remainder=True))
show("padded_shapes None", ds.bucket_by_sequence_length(lambda x: tf.size(x), [5, 12], [4, 4, 4],
                                                        padded_shapes=[None], pad_to_bucket_boundary=True))
show("longer than the last boundary", ds.bucket_by_sequence_length(lambda x: tf.size(x), [4], [2, 2],
                                                                   pad_to_bucket_boundary=True))
pairs = tf.data.Dataset.from_generator(
    lambda: ((s, len(s)) for s in sequences),
    output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([], tf.int32)))
for x, n in pairs.bucket_by_sequence_length(lambda x, n: n, [4, 10], [3, 3, 3], pad_to_bucket_boundary=True):
    print("pairs", x.numpy().tolist(), n.numpy().tolist())
matrices = tf.data.Dataset.from_generator(
    lambda: (tf.ones([k, 2]) * k for k in [1, 3, 2, 5]), output_signature=tf.TensorSpec([None, 2], tf.float32))
show("matrices", matrices.bucket_by_sequence_length(lambda m: tf.shape(m)[0], [4, 8], [2, 2, 2],
                                                    pad_to_bucket_boundary=True))
