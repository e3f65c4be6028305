# tf.shape of a RaggedTensor: DynamicRaggedShape and RowPartition, and the ops that take one
import tensorflow as tf

rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
s = tf.shape(rt)
print(s)
print(repr(s), s.dtype, s.rank, s.num_row_partitions, s.inner_shape)
print(repr(s[0]), repr(s[-2]))
for index in (1, -1, 2):
    try:
        s[index]
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
print(repr(s[:1]), repr(s[0:2]), repr(s[:5]))
try:
    s[1:]
except ValueError as e:
    print(type(e).__name__, e)
print(repr(tf.shape(rt, out_type=tf.int64)), tf.shape(rt, out_type=tf.int64).dtype)
print(s.static_lengths(), s.is_uniform(0), s.is_uniform(1))

x = tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']])
print(tf.reshape(x, s))
print(tf.zeros(s), tf.ones(s), tf.fill(s, 'x'), tf.fill(s, 2.5))
print(tf.ones(s, dtype=tf.int32), tf.zeros(s, tf.int64))

p = tf.experimental.RowPartition.from_row_lengths([5, 3, 2])
print(p.row_splits(), p.row_lengths(), p.nrows(), p.nvals(), p.dtype, p.is_uniform(), p.uniform_row_length())
q = tf.experimental.RowPartition.from_row_splits([0, 2, 2, 5])
print(q.row_lengths(), q.nvals())
d = tf.experimental.DynamicRaggedShape(row_partitions=[p], inner_shape=[10, 8])
print(repr(d), d.dtype, d.rank, repr(d[0]), repr(d[2]), repr(d[-1]))
print(repr(tf.experimental.DynamicRaggedShape.from_lengths([4, (2, 1, 0, 8), 12])))
print(repr(tf.experimental.DynamicRaggedShape.from_lengths([2, 3])))
deep = tf.experimental.DynamicRaggedShape.from_lengths([2, (1, 2), (3, 4, 5)])
print(repr(deep), deep.static_lengths(), repr(deep[:2]))
print(tf.zeros(deep, tf.int32))
e = tf.experimental.DynamicRaggedShape.from_lengths([3, (2, 1, 0)])
print(tf.reshape(tf.range(3), e))
print(tf.broadcast_to(tf.constant(5), e))
print(tf.broadcast_to(tf.constant([[1], [2], [3]]), e))
print(tf.broadcast_to(tf.constant([1.5, 2.5]), tf.experimental.DynamicRaggedShape.from_lengths([2, (1, 0), 2])))
nested = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
print(tf.shape(nested))
print(tf.shape(tf.RaggedTensor.from_uniform_row_length(tf.range(6), 3)))
try:
    tf.reshape(tf.range(4), e)
except tf.errors.InvalidArgumentError as err:
    print(type(err).__name__)

v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.reshape(v * v, e) * 2.0)
print(tape.gradient(y, v))
