# tf.strings.format and tf.strings.as_string of RaggedTensors in TF 2.21
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


show("strings.format", lambda: tf.strings.format("x={}", rt))
show("strings.format two", lambda: tf.strings.format("{} and {}", (rt, ints)))
show("as_string", lambda: tf.strings.as_string(rt))
show("as_string precision", lambda: tf.strings.as_string(rt, precision=2))
show("as_string ints", lambda: tf.strings.as_string(ints, width=3, fill="0"))


def show2(name, fn):
    try:
        print(name, fn())
    except (ValueError, TypeError, tf.errors.InvalidArgumentError) as e:
        print(name, type(e).__name__)


# as_string of dense tensors: precision, scientific, shortest, width and fill, each dtype, the bad arguments
x = tf.constant([1.5, -2.25, 1e10, 1e-7])
show2("f", lambda: tf.strings.as_string(x))
show2("f p2", lambda: tf.strings.as_string(x, precision=2))
show2("f sci", lambda: tf.strings.as_string(x, scientific=True))
show2("f short", lambda: tf.strings.as_string(x, shortest=True))
show2("f w12", lambda: tf.strings.as_string(x, width=12))
show2("f w12 fill0", lambda: tf.strings.as_string(x, width=12, fill="0"))
show2("f sci short", lambda: tf.strings.as_string(x, scientific=True, shortest=True))
show2("i", lambda: tf.strings.as_string(tf.constant([1, -20, 300])))
show2("i w5", lambda: tf.strings.as_string(tf.constant([1, -20, 300]), width=5))
show2("i w5 0", lambda: tf.strings.as_string(tf.constant([1, -20, 300]), width=5, fill="0"))
show2("i p", lambda: tf.strings.as_string(tf.constant([1]), precision=2))
show2("i fill x", lambda: tf.strings.as_string(tf.constant([1]), width=3, fill="x"))
show2("i fill ab", lambda: tf.strings.as_string(tf.constant([1]), width=3, fill="ab"))
show2("b", lambda: tf.strings.as_string(tf.constant([True, False])))
show2("s", lambda: tf.strings.as_string(tf.constant(["a"])))
show2("f64", lambda: tf.strings.as_string(tf.constant([1.5, 0.1], tf.float64)))
show2("c", lambda: tf.strings.as_string(tf.constant([1 + 2j], tf.complex64)))
show2("scalar", lambda: tf.strings.as_string(3.25))
show2("nan", lambda: tf.strings.as_string(tf.constant([float("nan"), float("inf"), -float("inf")])))
show2("u8", lambda: tf.strings.as_string(tf.constant([7], tf.uint8)))
show2("i64", lambda: tf.strings.as_string(tf.constant([2**40], tf.int64)))
show2("f16", lambda: tf.strings.as_string(tf.constant([0.1], tf.float16)))
show2("sci p2", lambda: tf.strings.as_string(x, precision=2, scientific=True))
show2("short p2", lambda: tf.strings.as_string(x, precision=2, shortest=True))
r = tf.ragged.constant([[1.5, 2.0], [3.0], [], [4.0, 5.0, 6.0], [7.0], [8.0], [9.0]])
show2("fmt long", lambda: tf.strings.format("{}", r))
show2("fmt long summarize 1", lambda: tf.strings.format("{}", r, summarize=1))
show2("fmt long summarize -1", lambda: tf.strings.format("{}", r, summarize=-1))
show2("fmt wide row", lambda: tf.strings.format("{}", tf.ragged.constant([[1, 2, 3, 4, 5, 6, 7, 8], [1]])))
show2("fmt r3", lambda: tf.strings.format("{}", tf.ragged.constant([[[1, 2], [3]], [[4]]])))
show2("fmt bool", lambda: tf.strings.format("{}", tf.ragged.constant([[True], [False, True]])))
show2("fmt str", lambda: tf.strings.format("{}", tf.ragged.constant([["a", "b"], ["c"]])))
show2("fmt mixed", lambda: tf.strings.format("{} {}", (tf.constant([1, 2]), tf.ragged.constant([[1.5], []]))))
show2("fmt inner", lambda: tf.strings.format("{}", tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)))
show2("fmt f64", lambda: tf.strings.format("{}", tf.ragged.constant([[0.1, 1e10]], dtype=tf.float64)))
