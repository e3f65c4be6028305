import tensorflow as tf

calls = {
    "mask maxlen": lambda: tf.sequence_mask([1, 3, 2], 5),
    "mask default maxlen": lambda: tf.sequence_mask([1, 3, 2]),
    "mask rank 2": lambda: tf.sequence_mask([[1, 3], [2, 0]]),
    "mask float32": lambda: tf.sequence_mask([1, 2], 3, dtype=tf.float32),
    "mask int64 lengths": lambda: tf.sequence_mask(tf.constant([1, 2], tf.int64), 3),
    "mask scalar": lambda: tf.sequence_mask(2, 4),
    "mask empty": lambda: tf.sequence_mask([], 2),
    "mask negative": lambda: tf.sequence_mask([-1, 2], 3),
    "mask vector maxlen": lambda: tf.sequence_mask([1, 2], [3, 4]),
    "unravel scalar": lambda: tf.unravel_index(5, [2, 3]),
    "unravel vector": lambda: tf.unravel_index([0, 5, 3], [2, 3]),
    "unravel int64": lambda: tf.unravel_index(tf.constant([1, 2], tf.int64), [2, 3]),
    "unravel -1": lambda: tf.unravel_index(-1, [2, 3]),
    "unravel out of bounds": lambda: tf.unravel_index(6, [2, 3]),
    "unravel matrix": lambda: tf.unravel_index([[1, 2]], [4]),
    "unravel float": lambda: tf.unravel_index(1.0, [2]),
}
for label, call in calls.items():
    try:
        print(label, "->", call())
    except Exception as e:
        print(label, "->", type(e).__name__)
x = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as tape:
    masked_mean = tf.reduce_sum(x * tf.sequence_mask([2, 1], 3, dtype=tf.float32)) / 3.0
print(masked_mean, tape.gradient(masked_mean, x))
