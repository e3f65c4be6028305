import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5])
for d in [ds, ds.batch(2), ds.batch(2, drop_remainder=True), ds.repeat(2), ds.repeat(), ds.filter(lambda x: x > 2),
          ds.take(3), ds.take(10), ds.skip(3), ds.skip(10), ds.repeat().take(4), ds.shuffle(3), ds.map(lambda x: x),
          ds.concatenate(ds), ds.batch(2).unbatch(), tf.data.Dataset.range(0), ds.take(-1), ds.repeat(0)]:
    print(d.cardinality().numpy(), tf.data.experimental.cardinality(d).numpy())
print(ds.cardinality().dtype)
for d in [ds.repeat(), ds.filter(lambda x: x > 2)]:
    try:
        len(d)
    except TypeError as e:
        print(type(e).__name__)
