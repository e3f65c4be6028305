# reductions of RaggedTensors with two and three ragged axes, over one, two or three axes at once
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


for name in ("reduce_sum", "reduce_max", "reduce_min", "reduce_mean", "reduce_prod"):
    fn = getattr(tf, name) if hasattr(tf, name) else getattr(tf.math, name)
    show(name + " r4 (0,1,2)", lambda fn=fn: fn(r4, axis=[0, 1, 2]))
    show(name + " r4 (1,2,3)", lambda fn=fn: fn(r4, axis=[1, 2, 3]))
    show(name + " r4 0", lambda fn=fn: fn(r4, axis=0))
    show(name + " r4 1", lambda fn=fn: fn(r4, axis=1))
    show(name + " r3 (0,1)", lambda fn=fn: fn(r3, axis=[0, 1]))
    show(name + " r3 (0,1,2)", lambda fn=fn: fn(r3, axis=[0, 1, 2]))
show("reduce_any r4 (0, 1, 2)", lambda: tf.reduce_any(r4 > 4.0, axis=[0, 1, 2]))
show("reduce_all r4 1", lambda: tf.reduce_all(r4 > 1.0, axis=1))
show("reduce_sum r4 0 keepdims", lambda: tf.reduce_sum(r4, axis=0, keepdims=True))
show("reduce_sum r3 0 keepdims", lambda: tf.reduce_sum(r3, axis=0, keepdims=True))
show("reduce_sum r3 1 keepdims", lambda: tf.reduce_sum(r3, axis=1, keepdims=True))
