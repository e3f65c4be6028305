# squeeze, split, one-argument where, merge_dims, expand_dims inside, tf.nn element-wise ops,
# softmax by rows, clip_by_value, stop_gradient, math.add_n / divide_no_nan, reduce_variance / std / logsumexp,
# cumsum, reshape, gather_nd, nn.moments / sigmoid_cross_entropy_with_logits, stack along inner axes,
# strings.join / reduce_join / split on RaggedTensors;
# and the ops TF does not dispatch (argmax, unstack, l2_normalize, log_softmax): ValueError
import tensorflow as tf

rt = tf.ragged.constant([[1., 2.], [3.], [], [4., 5., 6.]])
inner = tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)
r3 = tf.ragged.constant([[[1, 2], [3]], [[4]]])
r4 = tf.ragged.constant([[[[1], [2]], [[3]]], [[[4, 5]]]])


def show(name, fn):
    try:
        print(name, fn())
    except (ValueError, TypeError, tf.errors.InvalidArgumentError, NotImplementedError) as e:
        print(name, type(e).__name__)


show("squeeze ones", lambda: tf.squeeze(tf.ragged.constant([[1], [2]]), 1))
show("squeeze inner", lambda: tf.squeeze(tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1), [-1]))
show("squeeze outer", lambda: tf.squeeze(tf.expand_dims(rt, 0), 0))
show("squeeze one row", lambda: tf.squeeze(tf.ragged.constant([[1, 2]]), 0))
show("squeeze ragged", lambda: tf.squeeze(rt, 1))
show("squeeze rows", lambda: tf.squeeze(rt, 0))
show("squeeze no axis", lambda: tf.squeeze(rt))
show("squeeze inner bad", lambda: tf.squeeze(inner, 2))
show("squeeze out of bounds", lambda: tf.squeeze(inner, 5))
show("split 2", lambda: tf.split(rt, 2))
show("split sizes", lambda: tf.split(rt, [1, 3]))
show("split tensor sizes", lambda: tf.split(rt, tf.constant([1, 3])))
show("split 4", lambda: tf.split(rt, 4))
show("split inner", lambda: tf.split(inner, 2, axis=2))
show("split inner -1", lambda: tf.split(inner, [1, 1], axis=-1))
show("split ragged axis", lambda: tf.split(rt, 2, axis=1))
show("split 3", lambda: tf.split(rt, 3))
show("split bad sizes", lambda: tf.split(rt, [1, 1]))
show("split -1", lambda: tf.split(rt, [2, -1]))
show("where", lambda: tf.where(tf.ragged.constant([[True, False], [True], [], [False, False, True]])))
show("where inner", lambda: tf.where(inner > 2))
show("where r3", lambda: tf.where(r3 > 1))
show("where empty", lambda: tf.where(tf.ragged.constant([[False], []])))
for value, outer, inner_axis in [(r3, 0, 1), (r3, 1, 2), (r3, 0, -1), (rt, 0, 1), (inner, 1, 2), (inner, 0, 2),
                                 (inner, 0, 1), (inner, -2, -1), (rt, 1, 1), (r4, 1, 2), (r4, 1, 3), (r4, 2, 3),
                                 (r4, 0, 2), (r4, 0, 3), (r4, 0, 1)]:
    merged = value.merge_dims(outer, inner_axis)
    print("merge_dims", outer, inner_axis, merged, merged.shape)
show("merge_dims reversed", lambda: rt.merge_dims(1, 0))
show("merge_dims out of bounds", lambda: rt.merge_dims(0, 2))
show("expand_dims 1", lambda: tf.expand_dims(rt, 1))
show("expand_dims 2", lambda: tf.expand_dims(inner, 2))
show("expand_dims -1", lambda: tf.expand_dims(rt, -1).shape)
for name in ("relu", "relu6", "elu", "selu", "leaky_relu", "gelu", "silu", "swish", "softsign", "softmax"):
    show(name, lambda fn=getattr(tf.nn, name): fn(rt - 3.0))
show("math.softmax", lambda: tf.math.softmax(rt))
show("stop_gradient", lambda: tf.stop_gradient(rt))
show("relu int", lambda: tf.nn.relu(tf.ragged.constant([[-1, 2], [3]])))
show("dropout 0", lambda: tf.nn.dropout(rt, 0.0))
show("softmax inner", lambda: tf.nn.softmax(tf.cast(inner, tf.float32)))
show("softmax ragged_rank 2", lambda: tf.nn.softmax(tf.ragged.constant([[[1., 2.], [3.]], [[4.]]])))
show("softmax axis 0", lambda: tf.nn.softmax(rt, axis=0))
show("clip", lambda: tf.clip_by_value(rt, 2., 4.))
show("clip list", lambda: tf.clip_by_value(rt, [0.], 3.))
show("divide_no_nan", lambda: tf.math.divide_no_nan(rt, 0.))
show("math.add_n", lambda: tf.math.add_n([rt, rt, rt]))
show("add_n", lambda: tf.add_n([rt, rt]))
spread = tf.ragged.constant([[1., 2.], [3.], [], [4., 5., 6.], [0.1, 0.1, 0.1], [1e4, 1e4 + 1.]])
for fn in (tf.math.reduce_variance, tf.math.reduce_std):
    print(fn(spread, 1), fn(spread, 0), fn(spread), fn(spread, 1, keepdims=True))
    print(fn(tf.ragged.constant([[[1., 2.], [3.]], [[4.]]]), 2))
    print(fn(tf.ragged.constant([[[1., 2.], [3., 5.]], [[4., 0.]]], ragged_rank=1), 2))
big = tf.ragged.constant([[1., 2.], [3.], [], [4., 5., 600.]])
print(tf.reduce_logsumexp(big, 1), tf.reduce_logsumexp(big, -1, keepdims=True), tf.reduce_logsumexp(big),
      tf.math.reduce_logsumexp(big, keepdims=True))
print(tf.reduce_logsumexp(tf.ragged.constant([[-float("inf")], [float("inf"), 1.]]), 1))
show("logsumexp ragged_rank 2", lambda: tf.reduce_logsumexp(r3 * 1.0, 2))
show("logsumexp inner", lambda: tf.reduce_logsumexp(tf.cast(inner, tf.float32), 2))
show("logsumexp axis 0", lambda: tf.reduce_logsumexp(big, 0))
for kw in ({}, {"exclusive": True}, {"reverse": True}, {"exclusive": True, "reverse": True}):
    print(tf.cumsum(rt, axis=1, **kw), tf.math.cumsum(rt, 0, **kw))
print(tf.cumsum(r3, axis=2), tf.cumsum(inner, axis=2), tf.cumsum(rt, -1))
print(tf.reshape(rt, [-1]), tf.reshape(rt, [2, 3]), tf.reshape(inner, [3, 2]))
print(tf.reshape(rt, tf.shape(rt)))
show("reshape bad", lambda: tf.reshape(rt, [4, 2]))
print(tf.stack([rt, rt * 2], 1), tf.stack([rt, rt * 2], 1).shape)
print(tf.stack([rt, rt * 2, rt], -1), tf.stack([rt, rt * 2], 2).shape)
print(tf.stack([inner, inner], 3), tf.stack([inner, inner], 2), tf.stack([inner, inner], 1))
words = tf.ragged.constant([["a", "bc"], ["d"], []])
print(tf.strings.join([words, words]), tf.strings.join([words, "!"], separator="-"))
print(tf.strings.reduce_join(words, axis=1), tf.strings.reduce_join(words, axis=-1, separator=" "),
      tf.strings.reduce_join(words), tf.strings.reduce_join(words, axis=1, keepdims=True))
print(tf.strings.split(tf.ragged.constant([["a b", "c"], [], ["d e f"]])))
print(tf.strings.split(tf.ragged.constant([["a-b", "c"], ["d"]]), sep="-"))
show("gather_nd values", lambda: tf.gather_nd(rt, [[0, 1], [3, 2]]))
show("gather_nd rows", lambda: tf.gather_nd(rt, [[0], [3], [2]]))
show("gather_nd inner", lambda: tf.gather_nd(inner, [[1, 1, 0], [0, 0, 1]]))
show("gather_nd inner rows", lambda: tf.gather_nd(inner, [[1, 1], [0, 0]]))
show("gather_nd batch", lambda: tf.gather_nd(rt, [[[0, 1]], [[3, 0]]]))
show("gather_nd vector", lambda: tf.gather_nd(rt, [3, 1]))
show("gather_nd past the row", lambda: tf.gather_nd(rt, [[1, 1]]))
show("gather_nd bad row", lambda: tf.gather_nd(rt, [[7, 0]]))
show("gather_nd bad row 1", lambda: tf.gather_nd(rt, [[7]]))
show("gather_nd empty", lambda: tf.gather_nd(rt, tf.zeros([0, 2], tf.int32)))
labels = tf.ragged.constant([[1., 0.], [1.], [], [0., 1., 1.]])
show("logistic loss", lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=rt - 3.0))
show("logistic loss dense labels", lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=1.0, logits=rt))
show("moments", lambda: tf.nn.moments(rt * 1.5 - 2.0, [1]))
show("moments keepdims", lambda: tf.nn.moments(rt, [1], keepdims=True))
show("moments inner", lambda: tf.nn.moments(tf.cast(inner, tf.float32), [2]))
show("moments axis 0", lambda: tf.nn.moments(rt, [0]))
for name, fn in [("argmax", lambda: tf.argmax(rt, 1)), ("argmin", lambda: tf.math.argmin(rt)),
                 ("unstack", lambda: tf.unstack(rt)), ("l2_normalize", lambda: tf.nn.l2_normalize(rt, 1)),
                 ("log_softmax", lambda: tf.nn.log_softmax(rt)),
                 ("boolean_mask", lambda: tf.boolean_mask(rt, [True] * 4)),
                 ("convert", lambda: tf.convert_to_tensor(rt))]:
    show(name, fn)

x = tf.Variable([1.0, 2.0, 3.0, 4.0, 5.0])
with tf.GradientTape() as tape:
    r = tf.RaggedTensor.from_row_lengths(x, [2, 0, 3])
    top, rest = tf.split(r, [1, 2])
    y = tf.reduce_sum(tf.nn.softmax(r).flat_values * tf.constant([1., 2., 3., 4., 5.]))
    y += tf.reduce_sum(tf.nn.elu(rest - 4.0).flat_values)
    y += tf.reduce_sum(tf.squeeze(tf.expand_dims(top, 2), 2).flat_values ** 2)
    y += tf.reduce_sum(r.merge_dims(0, 1) * 0.5) + tf.reduce_sum(tf.math.reduce_std(r, 1) * [1., 2., 3.])
    y += tf.reduce_sum(tf.reduce_logsumexp(r, 1)[::2]) + tf.reduce_sum(tf.gather_nd(r, [[2, 1], [0, 0], [2, 1]]) ** 2)
    y += tf.reduce_sum(tf.cumsum(r, axis=1, reverse=True).flat_values ** 2) + tf.reduce_sum(tf.reshape(r, [5, 1]) ** 3)
print(tape.gradient(y, x))

# arguments of the wrong kind: TF's TypeError
ones = tf.ragged.constant([[1], [2]])
for name, bad in [("split float", lambda: tf.split(rt, 1.5)), ("split str", lambda: tf.split(rt, "a")),
                  ("split floats", lambda: tf.split(rt, [1.5, 2.5])), ("split axis", lambda: tf.split(rt, 2, axis=0.5)),
                  ("squeeze float", lambda: tf.squeeze(ones, 1.5)), ("squeeze str", lambda: tf.squeeze(ones, "a")),
                  ("merge_dims float", lambda: rt.merge_dims(0.5, 1)),
                  ("merge_dims str", lambda: rt.merge_dims(0, "a")),
                  ("expand_dims float", lambda: tf.expand_dims(rt, 1.5)),
                  ("softmax axis", lambda: tf.nn.softmax(rt, axis="a")),
                  ("stack axis", lambda: tf.stack([rt, rt], 1.5))]:
    show(name, bad)
print(rt.to_list())

# reduce_mean of an integer RaggedTensor is float64 along every axis (and over all of them)
ints = tf.ragged.constant([[1, 2], [3]])
for mean in (tf.reduce_mean(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1), 2),
             tf.reduce_mean(ints, 1), tf.reduce_mean(ints, 0), tf.reduce_mean(ints),
             tf.reduce_mean(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1), [1, 2])):
    print(mean, mean.dtype)

# reductions across the rows of a RaggedTensor with two ragged axes; a mean over several axes is sum / count
deep = tf.ragged.constant([[[1, 2], [3]], [[4]], [], [[], [5, 6, 7]]])
deep_f = tf.cast(deep, tf.float32)
for fn in (tf.reduce_sum, tf.reduce_mean, tf.reduce_max, tf.reduce_min, tf.reduce_prod):
    print(fn(deep, 0), fn(deep, 1), fn(deep_f, 1))
print(tf.reduce_any(deep > 2, 1), tf.reduce_all(deep > 2, 0))
print(tf.math.reduce_variance(deep_f, 1), tf.math.reduce_std(deep_f, 0))
print(tf.reduce_sum(deep, [0, 1]), tf.reduce_sum(deep, [1, 2]), tf.reduce_mean(deep, [0, 2]))
print(tf.reduce_mean(rt, [0, 1]), tf.reduce_mean(rt, [1, 0]), tf.reduce_mean(ints, [0, 1]))
print(tf.reduce_mean(deep_f, [1, 2]), tf.reduce_mean(deep_f, [0, 1]), tf.reduce_mean(deep_f, [0, 1, 2]))
v = tf.Variable([1., 2., 3., 4., 5., 6., 7.])
with tf.GradientTape() as tape:
    nested = tf.RaggedTensor.from_nested_row_lengths(v, [[2, 1, 0, 2], [2, 1, 1, 0, 3]])
    y = tf.reduce_sum(tf.reduce_max(nested, 1).flat_values * 2.0)
    y += tf.reduce_sum(tf.reduce_mean(nested, 0).flat_values ** 2) + tf.reduce_mean(nested, [0, 2])[1]
print(tf.convert_to_tensor(tape.gradient(y, v)))

# concat and stack along the inner axes of RaggedTensors with two ragged axes or a uniform inner axis
for name, fn in [("concat 2", lambda: tf.concat([r3, r3], 2)), ("concat 1", lambda: tf.concat([r3, r3], 1)),
                 ("concat inner", lambda: tf.concat([inner, inner], 2)),
                 ("concat inner -1", lambda: tf.concat([inner, inner], -1)),
                 ("concat dense", lambda: tf.concat([rt, tf.constant([[7., 8.]])], 0)),
                 ("concat dense 1", lambda: tf.concat([rt, tf.ones([4, 1])], 1)),
                 ("concat rows differ", lambda: tf.concat([rt, rt[:2]], 1)),
                 ("concat rows differ 2", lambda: tf.concat([r3, tf.ragged.constant([[[1]], [[2], [3]]])], 2)),
                 ("concat one", lambda: tf.concat([rt], 1)), ("concat lone", lambda: tf.concat(rt, 0)),
                 ("stack dense", lambda: tf.stack([rt, tf.ones([4, 2])], 0)),
                 ("stack ragged_rank 2", lambda: tf.stack([r3, r3], 1))]:
    show(name, fn)
