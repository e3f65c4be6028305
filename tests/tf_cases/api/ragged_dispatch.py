# tf.tile, tf.reverse, tf.map_fn and tf.strings.substr on RaggedTensors; uniform row lengths
import tensorflow as tf

digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
print(tf.tile(digits, [1, 2]))
print(tf.tile(digits, [2, 1]))
print(tf.tile(digits, [0, 3]))
inner = tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)
print(tf.tile(inner, [1, 2, 2]))
print(tf.reverse(digits, [1]))
print(tf.reverse(digits, [0]))
print(tf.reverse(digits, [0, 1]))
print(tf.reverse(digits, [-1]))
print(tf.reverse(inner, [2]))
print(tf.map_fn(tf.math.square, digits))
print(tf.map_fn(lambda row: row * 2, tf.ragged.constant([[1.5], [2.0, 3.0]])))
print(tf.map_fn(tf.reduce_sum, digits, fn_output_signature=tf.int32))
words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
print(tf.strings.substr(words, 0, 2))
print(tf.strings.substr(words, 1, 3))

@tf.function
def make_palindrome(x, axis):
    return tf.concat([x, tf.reverse(x, [axis])], axis)

print(make_palindrome(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), axis=1))

rt = tf.RaggedTensor.from_uniform_row_length(tf.RaggedTensor.from_row_splits(
    values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], row_splits=[0, 3, 5, 9, 10]), uniform_row_length=2)
print(rt, rt.shape, rt.ragged_rank)
square = tf.RaggedTensor.from_uniform_row_length(tf.range(6), 3)
print(square, square.shape, square.uniform_row_length)
print((square + 1).shape, square.row_lengths())
print(tf.ragged.constant([[1, 2], [3]]).uniform_row_length)

x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    r = tf.RaggedTensor.from_row_lengths(x, [2, 1])
    y = tf.reduce_sum(tf.tile(r, [2, 3]) * tf.reverse(tf.tile(r, [2, 3]), [1]))
print(tf.convert_to_tensor(tape.gradient(y, x)))  # dense: how the slices are split is internal

deep = tf.ragged.constant([[[1], [2, 3]], [[4]]])
print(tf.reverse(deep, [2]), tf.reverse(deep, [-1]))
try:
    tf.tile(digits, [1])
except (ValueError, IndexError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)
try:
    tf.tile(digits, [1, -1])
except (ValueError, IndexError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)
