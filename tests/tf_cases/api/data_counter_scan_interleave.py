import tensorflow as tf

counter = tf.data.Dataset.counter()
print(counter, counter.cardinality().numpy(), list(counter.take(3).as_numpy_iterator()))
c = tf.data.Dataset.counter(start=2, step=3, dtype=tf.int32)
print(c, list(c.take(4).as_numpy_iterator()))
print(list(tf.data.Dataset.counter(10, -2).take(3).as_numpy_iterator()))
old = tf.data.experimental.Counter()
print(old, list(old.take(2).as_numpy_iterator()))
print(list(tf.data.experimental.Counter(1, 5, tf.int32).take(2).as_numpy_iterator()))
zipped = tf.data.Dataset.zip((counter, tf.data.Dataset.from_tensor_slices(["a", "b", "c"])))
print(zipped, list(zipped.as_numpy_iterator()))

scanned = tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64), lambda state, x: (state + x, state * 10))
print(scanned, list(scanned.as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices(([1., 2., 3.], [4., 5., 6.]))
print(list(pairs.scan(0., lambda s, ab: (s + ab[0] * ab[1], (s, ab[0] + ab[1]))).as_numpy_iterator()))
try:
    list(pairs.scan(0., lambda s, a, b: (s + a * b, s)))
    print("no error")
except Exception as e:
    print(type(e).__name__)
try:
    list(tf.data.Dataset.range(3).scan(tf.constant(0, tf.int64), lambda s, x: (tf.cast(s + x, tf.int32), s)))
    print("no error")
except Exception as e:
    print(type(e).__name__)

choice = tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0, 0, 1], tf.int64))
chosen = tf.data.Dataset.choose_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 12)], choice)
print(chosen, list(chosen.as_numpy_iterator()))
print(list(tf.data.Dataset.choose_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 11)], choice,
                                                stop_on_empty_dataset=False).as_numpy_iterator()))
print(list(tf.data.experimental.choose_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 11)],
                                                     choice).as_numpy_iterator()))
for bad in [tf.data.Dataset.range(2).map(lambda x: tf.cast(x, tf.int32)), [0, 1]]:
    try:
        tf.data.Dataset.choose_from_datasets([tf.data.Dataset.range(3)], bad)
        print("no error")
    except Exception as e:
        print(type(e).__name__)

repeated = tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(x), cycle_length=2)
print(repeated, list(repeated.as_numpy_iterator()))
blocks = tf.data.Dataset.range(1, 6).interleave(lambda x: tf.data.Dataset.range(x * 10, x * 10 + x), cycle_length=3,
                                                 block_length=2)
print(list(blocks.as_numpy_iterator()))
print(list(tf.data.Dataset.range(1, 6).interleave(lambda x: tf.data.Dataset.range(x * 10, x * 10 + x),
                                                  cycle_length=1).as_numpy_iterator()))
print(list(tf.data.Dataset.range(4).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=4,
                                               block_length=3).as_numpy_iterator()))
