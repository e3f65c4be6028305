# TF 2.21's dispatch for RaggedTensor of gather along axis 1 / with batch_dims, bincount,
# segment_* / unsorted_segment_* of ragged data, check_numerics, saturate_cast, l2_loss, bias_add
# (strings: ragged_strings_format.py; reductions: ragged_reduce_many_axes.py): what each returns or raises
import tensorflow as tf

rt = tf.ragged.constant([[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]])
ints = tf.ragged.constant([[1, 2, 2], [0], [], [5, 1]])
r3 = tf.ragged.constant([[[1.0, 2.0], [3.0]], [[4.0]], [[5.0, 6.0, 7.0], [], [8.0]]])
r4 = tf.ragged.constant([[[[1.0], [2.0, 3.0]], [[4.0]]], [[[5.0, 6.0]]], [[[7.0], [8.0], [9.0, 10.0]]]])


def show(name, fn):
    try:
        out = fn()
        print(name, "ragged" if isinstance(out, tf.RaggedTensor) else "dense", out)
    except (ValueError, TypeError, tf.errors.InvalidArgumentError, NotImplementedError) as e:
        print(name, type(e).__name__)


show("gather axis 1", lambda: tf.gather(rt, [0, 1, 0], axis=1))
show("gather axis 1 batch", lambda: tf.gather(rt, tf.ragged.constant([[1, 0], [0], [], [2, 2]]), axis=1, batch_dims=1))
show("gather batch_dims 1", lambda: tf.gather(rt, tf.ragged.constant([[1], [0, 0], [], [2, 0, 1]]), batch_dims=1))
show("gather dense idx batch", lambda: tf.gather(tf.ragged.constant([[1, 2], [3, 4, 5]]), [[0], [2]], batch_dims=1))
show("gather axis -1", lambda: tf.gather(rt, [0], axis=-1))
show("gather r3 axis 1", lambda: tf.gather(r3, [0], axis=1))
show("gather r3 axis 2", lambda: tf.gather(r3, [0], axis=2))
show(
    "gather r3 batch 2", lambda: tf.gather(r3, tf.ragged.constant([[[0], [0]], [[0]], [[2, 1], [], [0]]]), batch_dims=2)
)
show("gather axis 1 out of range", lambda: tf.gather(rt, [5], axis=1))
show("bincount", lambda: tf.math.bincount(ints))
show("bincount minlength", lambda: tf.math.bincount(ints, minlength=8))
show("bincount maxlength", lambda: tf.math.bincount(ints, maxlength=3))
show(
    "bincount weights",
    lambda: tf.math.bincount(ints, weights=tf.ragged.constant([[1.0, 2.0, 3.0], [4.0], [], [5.0, 6.0]])),
)
show("bincount axis -1", lambda: tf.math.bincount(ints, axis=-1))
show("bincount binary", lambda: tf.math.bincount(ints, binary_output=True))
show("bincount binary axis -1", lambda: tf.math.bincount(ints, axis=-1, binary_output=True))
show("bincount int64", lambda: tf.math.bincount(tf.cast(ints, tf.int64)))
show("bincount negative", lambda: tf.math.bincount(tf.ragged.constant([[1, -1]])))
ids = tf.constant([0, 0, 1, 1])
for name in ("segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"):
    show(name, lambda fn=getattr(tf.math, name): fn(rt, ids))
for name in (
    "unsorted_segment_sum",
    "unsorted_segment_mean",
    "unsorted_segment_max",
    "unsorted_segment_min",
    "unsorted_segment_prod",
    "unsorted_segment_sqrt_n",
):
    show(name, lambda fn=getattr(tf.math, name): fn(rt, [1, 0, 1, 0], 3))
show(
    "unsorted ragged ids", lambda: tf.math.unsorted_segment_sum(rt, tf.ragged.constant([[0, 1], [1], [], [0, 0, 2]]), 3)
)
show("segment ragged ids", lambda: tf.math.segment_sum(rt, tf.ragged.constant([[0, 1], [1], [], [0, 0, 2]])))
show("unsorted r3", lambda: tf.math.unsorted_segment_sum(r3, [0, 1, 0], 2))
show("check_numerics", lambda: tf.debugging.check_numerics(rt, "bad"))
show("check_numerics nan", lambda: tf.debugging.check_numerics(rt / 0.0, "bad"))
show("saturate_cast", lambda: tf.dtypes.saturate_cast(rt * 100.0, tf.int8))
show("saturate_cast top", lambda: tf.saturate_cast(ints * 200, tf.uint8))
show("l2_loss", lambda: tf.nn.l2_loss(rt))
show("l2_loss r3", lambda: tf.nn.l2_loss(r3))
show(
    "bias_add",
    lambda: tf.nn.bias_add(tf.ragged.constant([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], ragged_rank=1), [10.0, 20.0]),
)
show("bias_add ragged last", lambda: tf.nn.bias_add(rt, [1.0]))
# more calls: ragged indices, batch_dims and axis checks, bad weights and segment ids
show("dense params ragged idx", lambda: tf.gather(tf.constant([10, 20, 30]), tf.ragged.constant([[0, 1], [2]])))
show("ragged params ragged idx axis0", lambda: tf.gather(rt, tf.ragged.constant([[0, 1], [3]])))
show("axis1 ragged idx no batch", lambda: tf.gather(rt, tf.ragged.constant([[0, 1], [0]]), axis=1))
show("batch nrows differ", lambda: tf.gather(rt, tf.ragged.constant([[0], [0]]), batch_dims=1))
show("batch dense nrows differ", lambda: tf.gather(rt, [[0], [0]], batch_dims=1))
show("batch_dims > axis", lambda: tf.gather(rt, tf.ragged.constant([[0], [0], [], [1]]), axis=0, batch_dims=1))
show("axis 2 out", lambda: tf.gather(rt, [0], axis=2))
show("axis -3", lambda: tf.gather(rt, [0], axis=-3))
show("batch_dims -1", lambda: tf.gather(rt, tf.ragged.constant([[1], [0, 0], [], [2, 0, 1]]), batch_dims=-1))
show("batch_dims 2 too big", lambda: tf.gather(rt, [[0], [0], [0], [0]], batch_dims=3))
show("r3 axis2 batch1", lambda: tf.gather(r3, [[0], [0], [0]], axis=2, batch_dims=1))
show("axis 1 2d idx", lambda: tf.gather(rt, [[0, 1], [1, 0]], axis=1))
show("negative idx axis 1", lambda: tf.gather(rt, [-1], axis=1))
show("axis 1 float idx", lambda: tf.gather(rt, [0.5], axis=1))
show("axis 0 r3", lambda: tf.gather(r3, [2, 0]))
show("axis 0 out", lambda: tf.gather(r3, [3]))
show("axis 0 2d", lambda: tf.gather(rt, [[0, 1], [3, 3]]))
show("bincount r3", lambda: tf.math.bincount(tf.ragged.constant([[[1, 2], [3]], [[4]]])))
show("bincount r3 axis -1", lambda: tf.math.bincount(tf.ragged.constant([[[1, 2], [3]], [[4]]]), axis=-1))
show("bincount axis 0", lambda: tf.math.bincount(tf.ragged.constant([[1, 2], [3]]), axis=0))
show("bincount weights dense", lambda: tf.math.bincount(tf.ragged.constant([[1, 2], [3]]), weights=[1.0, 2.0, 3.0]))
show(
    "bincount weights mismatch",
    lambda: tf.math.bincount(tf.ragged.constant([[1, 2], [3]]), weights=tf.ragged.constant([[1.0], [2.0, 3.0]])),
)
show("bincount float", lambda: tf.math.bincount(tf.ragged.constant([[1.0, 2.0], [3.0]])))
show("bincount empty", lambda: tf.math.bincount(tf.ragged.constant([[], []], dtype=tf.int32)))
show("bincount empty axis", lambda: tf.math.bincount(tf.ragged.constant([[], []], dtype=tf.int32), axis=-1))
show("unsorted ids short", lambda: tf.math.unsorted_segment_sum(rt, [0, 1], 2))
show("unsorted ids big", lambda: tf.math.unsorted_segment_sum(rt, [0, 1, 5, 0], 2))
show("unsorted ids neg", lambda: tf.math.unsorted_segment_sum(rt, [0, -1, 1, 0], 2))
show("unsorted ids 2d", lambda: tf.math.unsorted_segment_sum(rt, [[0], [1], [1], [0]], 2))
show(
    "unsorted ragged ids mismatch",
    lambda: tf.math.unsorted_segment_sum(rt, tf.ragged.constant([[0], [1], [], [0, 0, 2]]), 3),
)
show("unsorted ids float", lambda: tf.math.unsorted_segment_sum(rt, [0.0, 1.0, 1.0, 0.0], 2))
show("unsorted ints max", lambda: tf.math.unsorted_segment_max(tf.ragged.constant([[1, 2], [3]]), [0, 0], 2))
show("unsorted ints mean", lambda: tf.math.unsorted_segment_mean(tf.ragged.constant([[1, 2], [3]]), [0, 0], 2))
show(
    "unsorted inner",
    lambda: tf.math.unsorted_segment_sum(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1), [1, 1], 2),
)
show("check_numerics inf", lambda: tf.debugging.check_numerics(rt * float("inf"), "msg"))
show("check_numerics int", lambda: tf.debugging.check_numerics(tf.ragged.constant([[1]]), "msg"))
show("saturate_cast complex", lambda: tf.saturate_cast(rt, tf.complex64))
show("scalar_mul ragged scalar", lambda: tf.math.scalar_mul(rt, 2.0))
show(
    "unsorted ints mean dtype",
    lambda: tf.math.unsorted_segment_mean(tf.ragged.constant([[1, 2], [3]]), [0, 0], 2).dtype,
)
show("gather scalar index", lambda: tf.gather(rt, 3))
show("gather empty index", lambda: tf.gather(rt, tf.zeros([0], tf.int32), axis=1))
