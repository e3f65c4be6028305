import numpy as np
import tensorflow as tf

# Ops that take a list, given one lone tensor; indices and sizes beyond int32; attributes of the wrong type.
t = tf.reshape(tf.range(24.0), (2, 3, 4))
p = tf.constant([1.0, 2.0, 3.0])


def show(label, f):
    try:
        r = f()
        print(label, r.dtype.name, r.shape, r.numpy().ravel()[:6])
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__)


show("concat lone 3-D", lambda: tf.concat(t, axis=0))
show("concat lone 1-D", lambda: tf.concat(tf.constant([1.0, 2.0]), 0))
show("concat lone scalar", lambda: tf.concat(tf.constant(1.0), 0))
show("concat lone ndarray", lambda: tf.concat(np.ones((2, 3)), 1))
show("concat one-item list", lambda: tf.concat([t], 2))
show("add_n lone 3-D", lambda: tf.add_n(t))
show("add_n lone variable", lambda: tf.add_n(tf.Variable([1.0, 2.0])))
show("add_n lone ndarray", lambda: tf.add_n(np.ones((2, 3))))
show("add_n lone scalar", lambda: tf.add_n(tf.constant(1.0)))
show("add_n number", lambda: tf.add_n(5))
show("add_n empty", lambda: tf.add_n([]))
show("add_n one-item list", lambda: tf.add_n([t]))
show("stack lone", lambda: tf.stack(tf.ones([2, 3])))
show("gather wide index", lambda: tf.gather(p, [2**32 + 1]))
show("gather wide scalar index", lambda: tf.gather(p, 2**32 + 1))
show("gather wide numpy index", lambda: tf.gather(p, np.array([2**32 + 1])))
show("gather empty index list", lambda: tf.gather(p, []))
show("gather_nd wide index", lambda: tf.gather_nd(p, [[2**32 + 1]]))
show("scatter_nd wide index", lambda: tf.scatter_nd([[2**32 + 1]], [1.0], [3]))
show("tensor_scatter_nd_update wide", lambda: tf.tensor_scatter_nd_update(p, [[2**32 + 1]], [1.0]))
show("tensor_scatter_nd_add wide", lambda: tf.tensor_scatter_nd_add(p, [[2**32 + 1]], [1.0]))
show("embedding_lookup wide", lambda: tf.nn.embedding_lookup(p, [2**32 + 1]))
show("fill wide empty", lambda: tf.fill([2**32 + 2, 0], 1.0))
show("zeros wide empty", lambda: tf.zeros([2**32 + 2, 0]))
show("squeeze axis out of range", lambda: tf.squeeze(tf.ones([1]), 5))
show("squeeze axis negative out of range", lambda: tf.squeeze(tf.ones([1, 2]), -3))
show("relu bool", lambda: tf.nn.relu(tf.constant([True, False])))
show("relu6 bool", lambda: tf.nn.relu6(tf.constant([True])))
show("relu string", lambda: tf.nn.relu(tf.constant(["a"])))
show("relu int", lambda: tf.nn.relu(tf.constant([-1, 2])))
show("cumsum reverse=1", lambda: tf.cumsum(p, reverse=1))
show("cumsum exclusive=1", lambda: tf.cumsum(p, exclusive=1))
show("cumsum reverse=None", lambda: tf.cumsum(p, reverse=None))
show("cumsum reverse='yes'", lambda: tf.cumsum(p, reverse="yes"))
show("cumsum reverse=np.True_", lambda: tf.cumsum(p, reverse=np.bool_(True)))
show("cumprod reverse=1", lambda: tf.math.cumprod(p, reverse=1))
show("cumprod exclusive=0.0", lambda: tf.math.cumprod(p, exclusive=0.0))
show("cumsum reverse=True", lambda: tf.cumsum(p, reverse=True, exclusive=True))
