import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5])
it = iter(ds)
print(next(it), next(it))
print(type(it).__name__)
print(it.get_next())
print(it.element_spec)
print(list(it))
try:
    next(it)
except StopIteration:
    print("StopIteration")
try:
    it.get_next()
except tf.errors.OutOfRangeError as e:
    print(type(e).__name__)
it2 = iter(ds)
print(next(it2))
print(type(ds.as_numpy_iterator()).__name__)
for _epoch in range(2):
    print([int(x) for x in ds.take(2)])
