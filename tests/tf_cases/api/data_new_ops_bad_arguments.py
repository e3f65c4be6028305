import tensorflow as tf

ds = tf.data.Dataset.range(6)
calls = {
    "window(None)": lambda: ds.window(None),
    "window(2, shift='a')": lambda: ds.window(2, shift="a"),
    "window([2, 3])": lambda: ds.window([2, 3]),
    "shard('a', 0)": lambda: ds.shard("a", 0),
    "shard(2, None)": lambda: ds.shard(2, None),
    "counter(start='a')": lambda: tf.data.Dataset.counter(start="a"),
    "counter(dtype=string)": lambda: tf.data.Dataset.counter(dtype=tf.string),
    "interleave(5)": lambda: ds.interleave(5),
    "interleave(cycle_length=0)": lambda: ds.interleave(lambda x: tf.data.Dataset.from_tensors(x), cycle_length=0),
    "interleave(block_length=-2)": lambda: ds.interleave(lambda x: tf.data.Dataset.from_tensors(x), 2, -2),
    "interleave(lambda x: x)": lambda: list(ds.interleave(lambda x: x, cycle_length=2)),
    "scan(0, 5)": lambda: ds.scan(0, 5),
    "flat_map(lambda x: x)": lambda: list(ds.flat_map(lambda x: x)),
    "map(5)": lambda: ds.map(5),
    "choose_from_datasets([], ...)": lambda: tf.data.Dataset.choose_from_datasets([], tf.data.Dataset.range(2)),
    "choose_from_datasets index 5": lambda: list(tf.data.Dataset.choose_from_datasets(
        [ds], tf.data.Dataset.from_tensors(tf.constant(5, tf.int64)))),
    "group_by_window(key int32)": lambda: list(ds.group_by_window(lambda x: tf.cast(x, tf.int32), lambda k, w: w, 2)),
    "group_by_window(reduce -> tensor)": lambda: list(ds.group_by_window(lambda x: x % 2, lambda k, w: k, 2)),
    "with_options({})": lambda: ds.with_options({}),
    "bucket_by_sequence_length(sizes)": lambda: ds.bucket_by_sequence_length(lambda x: x, [2, 4], [1, 1]),
}
for name, call in calls.items():
    try:
        call()
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__)
