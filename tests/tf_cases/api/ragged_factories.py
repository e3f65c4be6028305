import tensorflow as tf

print(tf.RaggedTensor.from_row_splits([1, 2, 3, 4], [0, 2, 2, 4]))
print(tf.RaggedTensor.from_row_lengths([1.0, 2.0, 3.0, 4.0], [1, 3, 0]))
print(tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2]))
print(tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=5))
print(tf.RaggedTensor.from_row_starts([1, 2, 3, 4], [0, 1, 1]))
print(tf.RaggedTensor.from_row_limits([1, 2, 3, 4], [1, 1, 4]))
print(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]], padding=0))
print(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]], lengths=[1, 2]))
print(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]]))
print(tf.RaggedTensor.from_nested_row_splits([1, 2, 3], [[0, 1, 2], [0, 2, 3]]))
print(tf.RaggedTensor.from_row_splits(tf.constant([[1, 2], [3, 4], [5, 6]]), [0, 1, 3]))
print(tf.RaggedTensor.from_row_splits([1, 2, 3], tf.constant([0, 1, 3], tf.int32)).row_splits.dtype)
for bad in [lambda: tf.RaggedTensor.from_row_splits([1, 2, 3, 4], [0, 2, 5]),
            lambda: tf.RaggedTensor.from_row_splits([1, 2, 3, 4], [1, 2, 4]),
            lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3, 4], [1, 2])]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
try:
    tf.RaggedTensor([1], [0, 1])
except Exception as e:
    print(type(e).__name__)
