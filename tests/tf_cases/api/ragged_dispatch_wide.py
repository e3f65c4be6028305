# ~70 public ops on RaggedTensor inputs: what TF 2.21 returns (ragged or dense, values, dtype) or raises
import tensorflow as tf

rt = tf.ragged.constant([[1.5, -2.0], [3.0], [], [-4.0, 0.5, 6.0]])
pos = tf.ragged.constant([[0.5, 2.0], [3.0], [], [4.0, 0.25, 6.0]])
ints = tf.ragged.constant([[3, 1, 2], [0], [], [5, 1]])
flags = tf.ragged.constant([[True, False], [True], [], [False, False, True]])
words = tf.ragged.constant([["a", "Bc"], ["d"], [], [" e ", "f", "GG"]])


def show(name, fn):
    try:
        out = fn()
        if isinstance(out, (list, tuple)):
            for item in out:
                print(name, "ragged" if isinstance(item, tf.RaggedTensor) else "dense", item)
        else:
            print(name, "ragged" if isinstance(out, tf.RaggedTensor) else "dense", out)
    except (ValueError, TypeError, tf.errors.InvalidArgumentError, NotImplementedError, AttributeError) as e:
        print(name, type(e).__name__)


for name in (
    "abs",
    "negative",
    "sign",
    "square",
    "exp",
    "expm1",
    "floor",
    "ceil",
    "round",
    "rint",
    "sin",
    "cos",
    "tanh",
    "sigmoid",
    "softplus",
    "reciprocal",
    "is_nan",
    "is_inf",
    "is_finite",
    "erf",
    "atan",
    "sinh",
    "asinh",
):
    show("math." + name, lambda fn=getattr(tf.math, name): fn(rt))
for name in ("sqrt", "rsqrt", "log", "log1p", "lgamma", "digamma", "acosh", "reciprocal_no_nan", "log_sigmoid"):
    show("math." + name, lambda fn=getattr(tf.math, name): fn(pos))
for name in (
    "add",
    "subtract",
    "multiply",
    "divide",
    "maximum",
    "minimum",
    "pow",
    "squared_difference",
    "floordiv",
    "floormod",
    "truediv",
    "divide_no_nan",
    "xdivy",
    "xlogy",
    "atan2",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
):
    show("math." + name, lambda fn=getattr(tf.math, name): fn(rt, pos))
    show("math." + name + " scalar", lambda fn=getattr(tf.math, name): fn(rt, 2.0))
for name in ("logical_and", "logical_or", "logical_xor"):
    show("math." + name, lambda fn=getattr(tf.math, name): fn(flags, tf.logical_not(flags)))
show("logical_not", lambda: tf.logical_not(flags))
for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"):
    show("bitwise." + name, lambda fn=getattr(tf.bitwise, name): fn(ints, 1))
show("bitwise.invert", lambda: tf.bitwise.invert(ints))
for name in ("relu", "relu6", "elu", "selu", "softsign", "sigmoid", "tanh", "leaky_relu", "silu", "gelu"):
    show("nn." + name, lambda fn=getattr(tf.nn, name): fn(rt))
show("nn.log_softmax", lambda: tf.nn.log_softmax(rt))
show("nn.l2_normalize", lambda: tf.nn.l2_normalize(rt))
show("nn.dropout", lambda: tf.nn.dropout(rt, 0.5, seed=1))
show("where 3", lambda: tf.where(flags, rt, pos))
show("where scalar", lambda: tf.where(flags, rt, 0.0))
show("cast", lambda: tf.cast(rt, tf.int32))
show("cast bool", lambda: tf.cast(ints, tf.bool))
show("clip", lambda: tf.clip_by_value(rt, -1.0, 2.0))
show("clip ints", lambda: tf.clip_by_value(ints, 1, 3))
show("concat 0", lambda: tf.concat([rt, pos], 0))
show("concat 1", lambda: tf.concat([rt, pos], 1))
show("concat -1", lambda: tf.concat([rt, pos], -1))
show("concat dense", lambda: tf.concat([rt, tf.ones([4, 2])], 1))
show("concat 2", lambda: tf.concat([rt, pos], 2))
show("stack 0", lambda: tf.stack([rt, pos], 0))
show("stack 1", lambda: tf.stack([rt, pos], 1))
show("stack -1", lambda: tf.stack([rt, pos], -1))
show("tile", lambda: tf.tile(rt, [2, 2]))
show("tile 0", lambda: tf.tile(rt, [0, 1]))
show("reverse 0", lambda: tf.reverse(rt, [0]))
show("reverse 1", lambda: tf.reverse(rt, [1]))
show("reverse -1", lambda: tf.reverse(rt, [-1]))
show("one_hot", lambda: tf.one_hot(ints, 4))
show("one_hot on off", lambda: tf.one_hot(ints, 3, on_value=5.0, off_value=-1.0))
show("size", lambda: tf.size(rt))
show("size int64", lambda: tf.size(rt, out_type=tf.int64))
show("rank", lambda: tf.rank(rt))
show("shape", lambda: tf.shape(rt))
for name in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_variance", "reduce_std"):
    fn = getattr(tf.math, name)
    show(name + " keepdims 0", lambda fn=fn: fn(rt, axis=0, keepdims=True))
    show(name + " keepdims 1", lambda fn=fn: fn(rt, axis=1, keepdims=True))
    show(name + " keepdims None", lambda fn=fn: fn(rt, keepdims=True))
    show(name + " both", lambda fn=fn: fn(rt, axis=[0, 1]))
show("reduce_mean ints", lambda: tf.reduce_mean(ints, 1))
show("reduce_sum ints", lambda: tf.reduce_sum(ints))
show("reduce_any keepdims", lambda: tf.reduce_any(flags, 1, keepdims=True))
show("reduce_all", lambda: tf.reduce_all(flags, 0))
show("count_nonzero", lambda: tf.math.count_nonzero(ints, 1))
show("argmax", lambda: tf.argmax(rt, 1))
show("sort", lambda: tf.sort(rt))
show("argsort", lambda: tf.argsort(rt))
show("unique", lambda: tf.unique(ints))
show("top_k", lambda: tf.math.top_k(rt, 1))
show("cumsum", lambda: tf.cumsum(rt, 1))
show("cumprod", lambda: tf.math.cumprod(rt, 1))
show("reduce_logsumexp", lambda: tf.reduce_logsumexp(rt, 1))
show("zeros_like", lambda: tf.zeros_like(rt))
show("ones_like int", lambda: tf.ones_like(rt, dtype=tf.int32))
show("fill", lambda: tf.fill(tf.shape(rt), 7.0))
show("identity", lambda: tf.identity(rt))
show("add_n", lambda: tf.add_n([rt, pos, rt]))
show("math.scalar_mul", lambda: tf.math.scalar_mul(3.0, rt))
show("math.multiply_no_nan", lambda: tf.math.multiply_no_nan(rt, pos))
show("math.real", lambda: tf.math.real(rt))
show("math.conj", lambda: tf.math.conj(rt))
show("math.floordiv ints", lambda: tf.math.floordiv(ints, 2))
show("strings.length", lambda: tf.strings.length(words))
show("strings.upper", lambda: tf.strings.upper(words))
show("strings.lower", lambda: tf.strings.lower(words))
show("strings.strip", lambda: tf.strings.strip(words))
show("strings.substr", lambda: tf.strings.substr(words, 0, 1))
show("strings.join", lambda: tf.strings.join([words, words], "-"))
show("strings.reduce_join", lambda: tf.strings.reduce_join(words, 1))
show("strings.to_number", lambda: tf.strings.to_number(tf.ragged.constant([["1.5"], ["2", "3"]])))
show("strings.split", lambda: tf.strings.split(words))
show("strings.to_hash_bucket_fast", lambda: tf.strings.to_hash_bucket_fast(words, 5))
show("strings.unicode_encode", lambda: tf.strings.unicode_encode(ints + 97, "UTF-8"))
show("equal strings", lambda: tf.equal(words, "d"))
show("boolean_mask", lambda: tf.boolean_mask(rt, flags))
show("ragged.boolean_mask", lambda: tf.ragged.boolean_mask(rt, flags))
show("matmul", lambda: tf.matmul(rt, rt))
show("matmul uniform", lambda: tf.matmul(tf.ragged.constant([[1., 2.], [3., 4.]]), tf.ragged.constant([[1.], [2.]])))
show("matmul dense b", lambda: tf.matmul(tf.ragged.constant([[1., 2.], [3., 4.]]), tf.constant([[1.], [2.]])))
show("matmul batch", lambda: tf.matmul(tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]], ragged_rank=1),
                                       tf.constant([[[1.], [2.]], [[1.], [0.]]])))
show("linalg.matmul", lambda: tf.linalg.matmul(tf.ragged.constant([[1., 2.]]), tf.constant([[1.], [2.]])))
show("concat -3", lambda: tf.concat([rt, pos], -3))
show("transpose", lambda: tf.transpose(rt))
show("math.segment_sum dense ids", lambda: tf.math.segment_sum(rt, [0, 0, 1, 1]))
show("math.reduce_euclidean_norm", lambda: tf.math.reduce_euclidean_norm(rt, 1))
show("nn.softmax_cross_entropy", lambda: tf.nn.softmax_cross_entropy_with_logits(pos, rt))
show("nn.relu grad-free ints", lambda: tf.nn.relu(ints))
show("math.maximum dense row", lambda: tf.maximum(rt, tf.constant([[0.0], [1.0], [2.0], [3.0]])))
show("math.add broadcast fail", lambda: tf.add(rt, tf.ones([3, 1])))
show("add mismatched", lambda: tf.add(rt, tf.ragged.constant([[1.0], [3.0], [], [4.0, 5.0, 6.0]])))
show("equal mismatched", lambda: tf.equal(rt, tf.ragged.constant([[1.0], [3.0]])))
