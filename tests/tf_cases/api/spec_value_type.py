import tensorflow as tf

sparse = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
ragged = tf.ragged.constant([[1, 2], [3]])
specs = [tf.TensorSpec([2], tf.float32), tf.data.Dataset.from_tensors(sparse).element_spec,
         tf.data.Dataset.from_tensors(ragged).element_spec]
values = [tf.constant([1., 2.]), sparse, ragged]
for spec, value in zip(specs, values):
    print(type(spec).__name__, spec.value_type.__name__, isinstance(value, spec.value_type))
window_spec = tf.data.Dataset.range(3).window(2).element_spec
# TF's dataset class is DatasetV2, tapekit's Dataset: only the check
print(type(window_spec).__name__, isinstance(tf.data.Dataset.range(2), window_spec.value_type))
