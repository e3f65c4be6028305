import copy

import numpy as np
import tensorflow as tf

t = tf.constant([1.0])
v = tf.Variable([1.0], name="v")
t.note = "mine"
v.note = "also mine"
print(t.note, v.note)
print(t.ndim, t.shape.as_list(), t.dtype.base_dtype, v.dtype.base_dtype, v.get_shape(), v.constraint)
print(tf.is_tensor(t), tf.is_tensor(v), tf.is_tensor(1.0), tf.is_tensor([t]))
print(isinstance(t, tf.Tensor), isinstance(v, tf.Variable), isinstance(t, tf.Variable))
print(t.set_shape([1]), t.set_shape([None]), t.set_shape(None), v.set_shape([1]), v.set_shape(None))
print(copy.copy(t) is t, copy.deepcopy(v).numpy(), v.numpy() is v.numpy(), t.numpy().flags.writeable)
print(repr(tf.constant(1 / 3)), repr(tf.Variable(1 / 3)), repr(tf.constant(True)), repr(tf.Variable(False)))
print(repr(tf.constant(2**40)), repr(tf.constant("hi")), repr(tf.constant(0.1, tf.float16)))
print(repr(tf.constant(0.1, tf.float64)), repr(tf.constant(1 + 2j)), repr(tf.constant(200, tf.uint8)))
print(int(tf.constant(-2.7)), hex(tf.constant(255)), np.shares_memory(t.numpy(), t.numpy()))
for label, make in [("t.name", lambda: t.name), ("t.op", lambda: t.op), ("t.graph", lambda: t.graph),
                    ("v.op", lambda: v.op), ("v.ndim", lambda: v.ndim), ("v.initial_value", lambda: v.initial_value),
                    ("t.set_shape([2])", lambda: t.set_shape([2])),
                    ("t.set_shape([1, 1])", lambda: t.set_shape([1, 1])),
                    ("v.set_shape([2])", lambda: v.set_shape([2])), ("t.set_shape('a')", lambda: t.set_shape("a")),
                    ("t.shape = ...", lambda: setattr(t, "shape", [1])),
                    ("t.dtype = ...", lambda: setattr(t, "dtype", tf.int32))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
