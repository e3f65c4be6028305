# more ops that take RaggedTensors: gather, stack, expand_dims, boolean_mask, where, add_n, *_like, size, rank, one_hot
import tensorflow as tf

rt = tf.ragged.constant([[1, 2], [3], [], [4, 5, 6]])
print(tf.gather(rt, [3, 0]))
print(tf.gather(rt, tf.constant([2, 2, 1])))
print(tf.stack([rt, rt]), tf.stack([rt, rt]).shape)
print(tf.stack([tf.ragged.constant([[1, 2], [3]]), tf.constant([[7, 8]])]))
print(tf.expand_dims(rt, 0), tf.expand_dims(rt, 0).shape)
print(tf.expand_dims(rt, -1), tf.expand_dims(rt, 2).shape)
try:
    tf.boolean_mask(rt, [True, False, True, True])
except (TypeError, ValueError) as e:
    print(type(e).__name__)
print(tf.ragged.boolean_mask(rt, [True, False, True, True]))
print(tf.ragged.boolean_mask(rt, rt > 2))
print(tf.ragged.stack([rt, tf.ragged.constant([[9]])]))
print(tf.where(rt > 2, rt, tf.zeros_like(rt)))
print(tf.where(rt > 2, rt * 10, rt))
print(tf.add_n([rt, rt, rt]))
print(tf.ones_like(rt), tf.zeros_like(rt), tf.ones_like(rt, dtype=tf.float32))
print(tf.identity(rt))
print(tf.size(rt), tf.rank(rt), tf.size(rt, out_type=tf.int64))
print(tf.rank(tf.ragged.constant([[[1]], [[2], [3]]])))
print(tf.one_hot(rt, 3))
for bad in ([4], [-1]):
    try:
        tf.gather(rt, bad)
    except (tf.errors.InvalidArgumentError, ValueError, IndexError) as e:
        print(type(e).__name__)

x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    r = tf.RaggedTensor.from_row_lengths(x, [2, 1])
    picked = tf.gather(r, [1, 0, 1])
    y = tf.reduce_sum(tf.stack([picked, picked]).flat_values * 2.0)
    y += tf.reduce_sum(tf.where(r > 1.5, r * r, r).flat_values)
print(tf.convert_to_tensor(tape.gradient(y, x)))
