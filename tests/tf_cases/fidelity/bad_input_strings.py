import tensorflow as tf

# tf.strings with arguments of the wrong kind.
s = tf.constant(["a b", "c"])


def check(name, call):
    try:
        out = call()
        print(name, "ok", out)
    except Exception as error:
        print(name, type(error).__name__)


check("join of a float", lambda: tf.strings.join(1.5))
check("join of None", lambda: tf.strings.join(None))
check("join of an empty list", lambda: tf.strings.join([]))
check("join separator int", lambda: tf.strings.join([s, s], separator=5))
check("join separator None", lambda: tf.strings.join([s, s], separator=None))
check("split sep int", lambda: tf.strings.split(s, sep=5))
check("split sep float tensor", lambda: tf.strings.split(s, sep=tf.constant([1.0])))
check("split sep object", lambda: tf.strings.split(s, sep=object()))
check("lower of an int", lambda: tf.strings.lower(5))
check("length of a float tensor", lambda: tf.strings.length(tf.constant([1.0])))
check("substr pos None", lambda: tf.strings.substr(s, None, 1))
check("substr len object", lambda: tf.strings.substr(s, 0, object()))
check("substr pos and len shapes", lambda: tf.strings.substr(s, 0, [2]))
check("substr ok", lambda: tf.strings.substr(s, [0, 0], [2, 1]))
check("reduce_join axis 7", lambda: tf.strings.reduce_join(s, axis=7))
check("reduce_join axis -7", lambda: tf.strings.reduce_join(s, axis=-7))
check("reduce_join axis twice", lambda: tf.strings.reduce_join(s, axis=[0, 0]))
check("reduce_join axis tuple", lambda: tf.strings.reduce_join(s, axis=(0,)))
check("reduce_join axis object", lambda: tf.strings.reduce_join(s, axis=object()))
m = tf.constant([["a", "b"], ["c", "d"]])
check("reduce_join two axes", lambda: tf.strings.reduce_join(m, axis=[0, 1], separator="-"))
check("reduce_join axes reversed", lambda: tf.strings.reduce_join(m, axis=[1, 0]))
check("reduce_join keepdims", lambda: tf.strings.reduce_join(m, axis=1, keepdims=True))
check("unicode_decode unknown encoding", lambda: tf.strings.unicode_decode(s, "x"))
check("unicode_decode encoding None", lambda: tf.strings.unicode_decode(s, None))
check("unicode_decode encoding int", lambda: tf.strings.unicode_decode(s, 3))
