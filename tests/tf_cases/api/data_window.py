import tensorflow as tf

ds = tf.data.Dataset.range(7)
windows = ds.window(3, shift=2)
print(windows)
print(windows.element_spec, type(windows.element_spec).__name__)
for sub in windows:
    print(sub, sub.cardinality().numpy(), list(sub.as_numpy_iterator()))
for args in [(3,), (3, 2), (3, 2, 1, True), (3, 1, 2), (3, 1, 2, True), (2, 5), (4, 1, 3)]:
    w = ds.window(*args)
    print(args, w.cardinality().numpy(), [list(s.as_numpy_iterator()) for s in w])
print(list(ds.window(3, 1, 2).flat_map(lambda x: x.batch(3)).as_numpy_iterator()))
print(ds.window(3).flat_map(lambda x: x.batch(3)))
print(list(ds.window(4, 1).flat_map(lambda x: x).take(9).as_numpy_iterator()))

pairs = tf.data.Dataset.zip((tf.data.Dataset.range(5),
                             tf.data.Dataset.range(5).map(lambda x: tf.cast(x, tf.float32) * 2)))
print(pairs.window(2))
for a, b in pairs.window(2):
    print(a, b, list(a.as_numpy_iterator()), list(b.as_numpy_iterator()))
print(list(pairs.window(2, drop_remainder=True).flat_map(lambda a, b: tf.data.Dataset.zip((a.batch(2), b.batch(2))))
           .as_numpy_iterator()))
records = tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3], "b": [[1., 2.], [3., 4.], [5., 6.]]})
print(records.window(2))
for e in records.window(2):
    print(type(e).__name__, {k: list(v.as_numpy_iterator()) for k, v in e.items()})

print(tf.data.Dataset.range(100).window(5, 1).cardinality().numpy(),
      tf.data.Dataset.range(100).window(5, 1, drop_remainder=True).cardinality().numpy(),
      tf.data.Dataset.range(3).repeat().window(5).cardinality().numpy(),
      tf.data.Dataset.range(3).filter(lambda x: x > 0).window(5).cardinality().numpy(),
      tf.data.Dataset.range(0).window(5).cardinality().numpy(), list(tf.data.Dataset.range(0).window(5)))
print([list(s.as_numpy_iterator()) for s in tf.data.Dataset.range(3).repeat().window(2, 3).take(3)])

for args in [(0,), (2, 0), (2, 1, 0), (2, -1), (-1,), (2.5,), ("a",)]:
    try:
        ds.window(*args)
        print(args, "no error")
    except Exception as e:
        print(args, type(e).__name__)
