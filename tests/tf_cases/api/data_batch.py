import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5])
print(list(ds.batch(2).as_numpy_iterator()))
print(list(ds.batch(2, drop_remainder=True).as_numpy_iterator()))
print(ds.batch(2), ds.batch(2, drop_remainder=True))
print(len(ds.batch(2)), len(ds.batch(2, drop_remainder=True)), len(ds.batch(10)))
for e in ds.batch(2):
    print(e)
print(list(ds.batch(2).unbatch().as_numpy_iterator()))
print(list(ds.batch(2).rebatch(3).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices([1, 2, 3]).padded_batch(2).as_numpy_iterator()))
print(list(tf.data.Dataset.range(4).map(lambda x: tf.fill([x], x)).padded_batch(2).as_numpy_iterator()))
print(tf.data.Dataset.range(4).map(lambda x: tf.fill([x], x)).padded_batch(2, padded_shapes=[5]).element_spec)
for bad in [lambda: ds.batch(0), lambda: ds.batch(2, foo=1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
try:
    list(tf.data.Dataset.range(3).map(lambda x: tf.fill([x], x)).batch(2))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
