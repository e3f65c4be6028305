# Bad arguments to group_by_window and bucket_by_sequence_length: TF's exception types, raised when the
# dataset is made (not when it is read); the bucket sizes' count in TF's words.
import tensorflow as tf

numbers = tf.data.Dataset.range(6)
attempts = {
    "no key_func": lambda: numbers.group_by_window(None, lambda key, window: window, 2),
    "no reduce_func": lambda: numbers.group_by_window(lambda x: x % 2, 7, 2),
    "window_size_func not callable": lambda: numbers.group_by_window(lambda x: x % 2, lambda k, w: w,
                                                                     window_size_func=3),
    "sizes one short": lambda: numbers.bucket_by_sequence_length(lambda x: x, [2, 4], [1, 1]),
    "sizes one long": lambda: numbers.bucket_by_sequence_length(lambda x: x, [2], [1, 1, 1]),
}
for name, attempt in attempts.items():
    try:
        attempt()
        print(name, "made")
    except (TypeError, ValueError) as err:
        print(name, type(err).__name__, str(err) if name.startswith(("sizes", "no reduce")) else "")
good = numbers.group_by_window(lambda x: x % 2, lambda key, window: window.batch(2), 2)
print([batch.tolist() for batch in good.as_numpy_iterator()])
