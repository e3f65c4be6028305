# IndexedSlices is not a Tensor: arithmetic raises TypeError, -g works, ops make it dense.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.gather(x, [1, 1])
g = tape.gradient(y, x)
for name, f in [("g * 2.", lambda: g * 2.0), ("2. * g", lambda: 2.0 * g), ("g + g", lambda: g + g),
                ("g - g", lambda: g - g), ("g / 2.", lambda: g / 2.0), ("g + 1.", lambda: g + 1.0),
                ("len(g)", lambda: len(g)), ("g[0]", lambda: g[0]), ("g.numpy()", lambda: g.numpy()),
                ("g.ndim", lambda: g.ndim)]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__)
print(-g)
print(tf.multiply(g, 2.0))
print(tf.add(g, 1.0))
print(tf.reduce_sum(g))
print(tf.square(g))
print(g == g, bool(g))
