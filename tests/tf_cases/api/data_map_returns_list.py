import tensorflow as tf

ds = tf.data.Dataset.range(3)
pairs = ds.map(lambda x: [x, x * 2])
print(pairs.element_spec)
print(list(pairs.as_numpy_iterator()))
mixed = ds.map(lambda x: [tf.constant("v"), tf.cast(x, tf.float32), x])
print(mixed.element_spec)
print(list(mixed.as_numpy_iterator()))
stacked = ds.map(lambda x: tf.stack([x, x + 1]))
print(stacked.element_spec, list(stacked.as_numpy_iterator()))
nested = ds.map(lambda x: ([x, x], {"a": x}))
print(nested.element_spec)
print(ds.reduce((tf.constant(0, tf.int64), tf.constant(1, tf.int64)), lambda s, x: [s[0] + x, s[1] * (x + 1)]))
three = tf.data.Dataset.from_tensor_slices(([b"a", b"b"], [1.5, 2.5], [1, 2]))
py = three.map(lambda s, f, i: tf.py_function(lambda s, f, i: (s + b"!", f * 2, i + 1), inp=(s, f, i),
                                              Tout=(tf.string, tf.float32, tf.int32)))
print(list(py.as_numpy_iterator()))
