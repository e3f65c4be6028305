# choose_from_datasets with an endless choice dataset ends when every chosen dataset is exhausted.
import tensorflow as tf

a, b = tf.data.Dataset.range(3), tf.data.Dataset.range(10, 12)
choices = tf.data.Dataset.range(2).repeat()
print([int(v) for v in tf.data.Dataset.choose_from_datasets([a, b], choices, stop_on_empty_dataset=False)])
print([int(v) for v in tf.data.Dataset.choose_from_datasets([a, b], choices)])
print([int(v) for v in tf.data.experimental.choose_from_datasets([a, b], choices)])
picks = tf.data.Dataset.from_tensor_slices(tf.constant([1, 1, 1, 0, 1, 0], tf.int64))
print([int(v) for v in tf.data.Dataset.choose_from_datasets([a, b], picks, stop_on_empty_dataset=False)])
print([int(v) for v in tf.data.Dataset.choose_from_datasets([a, b], picks, stop_on_empty_dataset=True)])
