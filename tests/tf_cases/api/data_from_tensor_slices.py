import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5])
print(ds)
print(ds.element_spec)
print(len(ds), ds.cardinality())
for x in ds.take(2):
    print(x)
print(list(ds.as_numpy_iterator()))
X = np.arange(12, dtype=np.float32).reshape(6, 2)
y = np.arange(6)
ds2 = tf.data.Dataset.from_tensor_slices((X, y))
print(ds2)
for a, b in ds2.take(2):
    print(a, b)
print(tf.data.Dataset.from_tensor_slices(([1, 2], [[1.0], [2.0]])).element_spec)
print(tf.data.Dataset.from_tensor_slices([(1, 2), (3, 4)]).element_spec)
s = tf.data.Dataset.from_tensor_slices(["a", "bb"])
print(s.element_spec, list(s.as_numpy_iterator()))
for e in s:
    print(e)
print(tf.data.Dataset.from_tensors([1, 2]), list(tf.data.Dataset.from_tensors([1, 2]).as_numpy_iterator()))
print(isinstance(ds, tf.data.Dataset))
for bad in [lambda: tf.data.Dataset.from_tensor_slices(([1, 2], [1, 2, 3])),
            lambda: tf.data.Dataset.from_tensor_slices(1)]:
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__)
