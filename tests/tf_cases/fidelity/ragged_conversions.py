import tensorflow as tf

sentences = tf.ragged.constant([["Hi"], ["Welcome", "to", "the", "fair"], ["Have", "fun"]])
print(sentences.to_tensor(default_value="", shape=[None, 6]))
print(sentences.to_tensor(default_value="?"))
print(sentences.to_tensor(shape=[2, 2]))
print(sentences.to_sparse())
numbers = tf.ragged.constant([[1, 2], [], [3, 4, 5]])
sp = numbers.to_sparse()
print(sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist())
print(tf.RaggedTensor.from_sparse(sp))
st = tf.SparseTensor(indices=[[0, 0], [2, 0], [2, 1]], values=["a", "b", "c"], dense_shape=[3, 3])
print(tf.RaggedTensor.from_sparse(st))
rt = tf.RaggedTensor.from_uniform_row_length(values=tf.RaggedTensor.from_row_splits(
    values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], row_splits=[0, 3, 5, 9, 10]), uniform_row_length=2)
print(rt, rt.ragged_rank)
print(tf.RaggedTensor.from_uniform_row_length(tf.range(6), 3))
try:
    tf.RaggedTensor.from_uniform_row_length(tf.range(7), 3)
except Exception as error:
    print(type(error).__name__)
spec = tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)
print(spec, spec.ragged_rank, spec.dtype, spec.shape)
print(tf.RaggedTensorSpec(shape=[2, None, None], dtype=tf.string))
print(spec.is_compatible_with(numbers), spec.is_compatible_with(sentences))
print(spec == tf.RaggedTensorSpec([None, None], tf.int32), spec == tf.RaggedTensorSpec([None, None], tf.float32))
