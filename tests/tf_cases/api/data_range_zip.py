import tensorflow as tf

r = tf.data.Dataset.range(5)
print(r, list(r.as_numpy_iterator()))
print(list(tf.data.Dataset.range(2, 10, 3).as_numpy_iterator()))
print(list(tf.data.Dataset.range(5, 0, -2).as_numpy_iterator()))
print(list(tf.data.Dataset.range(3, output_type=tf.int32).as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
z = tf.data.Dataset.zip((ds, ds.map(lambda x: x * 10)))
print(z, list(z.as_numpy_iterator()))
print(tf.data.Dataset.zip(ds, r).element_spec, len(tf.data.Dataset.zip(ds, r)))
print(list(tf.data.Dataset.zip({"a": ds, "b": r}).as_numpy_iterator()))
print(tf.data.AUTOTUNE, tf.data.experimental.AUTOTUNE, tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY)
