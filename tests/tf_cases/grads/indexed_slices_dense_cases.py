# gather along another axis, gather_nd and a scalar index: which gradients are sparse.
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
cases = {
    "axis=1": lambda v: tf.gather(v, [2, 0], axis=1),
    "gather_nd": lambda v: tf.gather_nd(v, [[0, 1], [1, 2]]),
    "scalar index": lambda v: tf.gather(v, 1),
    "2-D indices": lambda v: tf.gather(v, [[0, 1], [1, 1]]),
    "after reshape": lambda v: tf.gather(tf.reshape(v, [3, 2]), [2]),
}
for name, f in cases.items():
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    print(name, isinstance(g, tf.IndexedSlices), tf.convert_to_tensor(g).numpy().tolist())
