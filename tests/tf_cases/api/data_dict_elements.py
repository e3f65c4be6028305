import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices({"a": [1.0, 2.0], "b": [[1, 2], [3, 4]]})
print(ds.element_spec)
for e in ds:
    print(e)
print(list(ds.as_numpy_iterator()))
print(ds.map(lambda d: d["a"] * 2).element_spec)
print(list(ds.map(lambda d: {"twice": d["a"] * 2, "sum": tf.reduce_sum(d["b"])}).as_numpy_iterator()))
print(list(ds.batch(2).as_numpy_iterator()))
