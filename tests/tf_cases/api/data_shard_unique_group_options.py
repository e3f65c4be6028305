import tensorflow as tf

ds = tf.data.Dataset.range(10)
shard = ds.shard(3, 1)
print(shard, list(shard.as_numpy_iterator()), shard.cardinality().numpy())
print([ds.shard(3, i).cardinality().numpy() for i in range(3)], ds.repeat().shard(2, 0).cardinality().numpy(),
      list(ds.shard(4, 3).as_numpy_iterator()))
for args in [(0, 0), (3, 3), (3, -1), (2.5, 0)]:
    try:
        ds.shard(*args)
        print(args, "no error")
    except Exception as e:
        print(args, type(e).__name__)

print(tf.data.Dataset.from_tensors(5).get_single_element())
print(tf.data.Dataset.from_tensors((1, {"a": 2.})).get_single_element())
print(tf.data.experimental.get_single_element(tf.data.Dataset.from_tensors([1, 2])))
for d in [tf.data.Dataset.range(0), tf.data.Dataset.range(2)]:
    try:
        d.get_single_element()
        print("no error")
    except Exception as e:
        print(type(e).__name__)

unique = tf.data.Dataset.from_tensor_slices([1, 3, 1, 2, 3, 7]).unique()
print(unique, list(unique.as_numpy_iterator()), unique.cardinality().numpy())
print(list(tf.data.Dataset.from_tensor_slices(["a", "b", "a"]).unique().as_numpy_iterator()))
print(list(tf.data.Dataset.range(4).map(lambda x: x // 2).apply(tf.data.experimental.unique()).as_numpy_iterator()))
for d in [tf.data.Dataset.from_tensor_slices([1., 2.]), tf.data.Dataset.from_tensor_slices(([1], [2]))]:
    try:
        d.unique()
        print("no error")
    except Exception as e:
        print(type(e).__name__)

grouped = ds.group_by_window(key_func=lambda x: x % 2, reduce_func=lambda key, window: window.batch(3), window_size=3)
print(grouped, list(grouped.as_numpy_iterator()))
by_size = ds.group_by_window(lambda x: x % 3, lambda key, w: w.batch(10).map(lambda b: (key, b)),
                             window_size_func=lambda key: key + 1)
print(list(by_size.as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4, 5], [10., 20., 30., 40., 50.]))
print(list(pairs.group_by_window(lambda a, b: tf.cast(a % 2, tf.int64), lambda k, w: w.batch(2), 2)
           .as_numpy_iterator()))
print(list(ds.apply(tf.data.experimental.group_by_window(lambda x: x % 2, lambda k, w: w.batch(5), 5))
           .as_numpy_iterator()))
for bad in [dict(window_size=None), dict(window_size=2, window_size_func=lambda k: k)]:
    try:
        ds.group_by_window(lambda x: x % 2, lambda k, w: w, **bad)
        print("no error")
    except Exception as e:
        print(type(e).__name__)

options = tf.data.Options()
options.deterministic = False
options.experimental_optimization.map_parallelization = True
options.threading.private_threadpool_size = 4
with_options = ds.with_options(options)
print(with_options, list(with_options.take(2).as_numpy_iterator()))
print(with_options.options().deterministic, ds.options().deterministic,
      with_options.map(lambda x: x).options().deterministic)
print(with_options.options().experimental_optimization.map_parallelization,
      with_options.options().threading.private_threadpool_size)
more = tf.data.Options()
more.deterministic = True
print(with_options.with_options(more).options().deterministic,
      with_options.with_options(more).options().threading.private_threadpool_size)
print(options.experimental_deterministic, options.experimental_distribute.auto_shard_policy,
      tf.data.experimental.AutoShardPolicy.DATA, tf.data.experimental.AutoShardPolicy.OFF)
options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
print(options.experimental_distribute.auto_shard_policy)
for target in [tf.data.Options(), tf.data.Options().threading, with_options.options(),
               with_options.options().threading, ds.options()]:
    try:
        target.nonsense = 3
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)

checked = tf.data.Dataset.range(5).apply(tf.data.experimental.assert_cardinality(5))
print(checked, checked.cardinality().numpy(), list(checked.as_numpy_iterator()))
for n in [4, 6]:
    try:
        print(list(tf.data.Dataset.range(n).apply(tf.data.experimental.assert_cardinality(5)).as_numpy_iterator()))
    except Exception as e:
        print(type(e).__name__)
print(list(tf.data.Dataset.range(5).apply(tf.data.experimental.enumerate_dataset(10)).as_numpy_iterator()))
print(list(tf.data.Dataset.range(5).apply(tf.data.experimental.take_while(lambda x: x < 3)).as_numpy_iterator()))
print(list(tf.data.Dataset.range(3).apply(tf.data.experimental.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s)))
           .as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensors([1, 2]).apply(tf.data.experimental.unbatch()).as_numpy_iterator()))
