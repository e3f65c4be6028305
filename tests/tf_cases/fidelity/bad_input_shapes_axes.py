import tensorflow as tf

# Shapes and axes of the wrong form: TF's exception type for each (or its value), as tools/bad_calls.py found them.
t = tf.reshape(tf.range(6.0), (2, 3))
v = tf.constant([1.0, 2.0, 3.0])


def check(name, call):
    try:
        out = call()
        print(name, "ok", out.numpy().tolist() if hasattr(out, "numpy") else out)
    except Exception as error:
        print(name, type(error).__name__)


check("reshape to a matrix shape", lambda: tf.reshape(t, [[2, 3]]))
check("tile by a matrix", lambda: tf.tile(t, [[2, 3]]))
check("broadcast_to a matrix shape", lambda: tf.broadcast_to(v, [[2, 3]]))
check("zeros beyond int64", lambda: tf.zeros([2**63]))
check("reshape beyond int64", lambda: tf.reshape(t, [2**63]))
check("slice begin beyond int64", lambda: tf.slice(t, [2**63], [1, 2]))
check("slice begin None", lambda: tf.slice(t, None, [1, 2]))
check("slice size object", lambda: tf.slice(t, [0, 1], object()))
check("roll shift list, axis int", lambda: tf.roll(v, [2], 0))
check("roll shift int, axis tuple", lambda: tf.roll(v, 1, (0,)))
check("roll matching lists", lambda: tf.roll(v, [1], [0]))
check("cumsum axis tuple", lambda: tf.cumsum(t, (0,)))
check("cumprod axis list", lambda: tf.math.cumprod(t, [0, 0]))
check("sort axis tuple", lambda: tf.sort(v, axis=(0,)))
check("argsort axis list", lambda: tf.argsort(v, axis=[0, 0]))
check("argmin axis tuple", lambda: tf.argmin(t, (0,)))
check("argmin axis str", lambda: tf.argmin(t, "a"))
check("argmin axis object", lambda: tf.argmin(t, object()))
check("argmax axis tuple", lambda: tf.argmax(t, (0,)))
check("argmin output int16", lambda: tf.argmin(t, 0, output_type=tf.int16))
check("argmax output int16", lambda: tf.argmax(t, 0, output_type=tf.int16))
check("shape out_type int16", lambda: tf.shape(t, out_type=tf.int16))
check("shape out_type string", lambda: tf.shape(t, out_type=tf.string))
check("size out_type float", lambda: tf.size(t, out_type=tf.float32))
check("unsorted_segment_sum num_segments list", lambda: tf.math.unsorted_segment_sum(v, [0, 1, 0], [2]))
check("bincount minlength list", lambda: tf.math.bincount([1, 2, 2], minlength=[2]))
check("top_k k list", lambda: tf.math.top_k(v, [2]))
check("top_k sorted str", lambda: tf.math.top_k(v, 2, sorted="yes"))
check("top_k sorted int", lambda: tf.math.top_k(v, 2, sorted=2))
check("slice bound str", lambda: t[:, "a":])
check("slice bound float", lambda: t[:, 2.5:])
check("slice bound object", lambda: t[:, object():])
check("slice bound list", lambda: t[:, [2]:])
check("slice bound bool", lambda: t[:, True:])
check("slice bound tensor", lambda: t[:, tf.constant(1):])
