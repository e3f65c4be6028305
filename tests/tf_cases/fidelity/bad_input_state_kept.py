import tensorflow as tf

# A refused call leaves the variable as it was; tape, data and metric arguments of the wrong kind.


def check(name, call):
    try:
        out = call()
        print(name, "ok", out.numpy().tolist() if hasattr(out, "numpy") else out)
    except Exception as error:
        print(name, type(error).__name__)


w = tf.Variable([1.0, 2.0, 3.0])
check("scatter_nd_update indices None", lambda: w.scatter_nd_update(None, [9.0]))
check("scatter_nd_update indices str", lambda: w.scatter_nd_update("a", [9.0]))
check("scatter_nd_update indices object", lambda: w.scatter_nd_update(object(), [9.0]))
check("scatter_nd_add updates None", lambda: w.scatter_nd_add([[1]], None))
print("variable after the refused updates", w.numpy().tolist())
check("scatter_nd_update ok", lambda: w.scatter_nd_update([[1]], [9.0]))

x = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    y = tf.reduce_sum(x * x)
check("gradient of an object", lambda: tape.gradient(object(), x))
check("gradient with respect to an object", lambda: tape.gradient(y, object()))
check("gradient ok", lambda: tape.gradient(y, x))
check("confusion_matrix of a matrix of labels", lambda: tf.math.confusion_matrix([[0, 1]], [1, 1], num_classes=3))
check("confusion_matrix num_classes float", lambda: tf.math.confusion_matrix([0, 1], [1, 1], num_classes=2.5))
check("confusion_matrix num_classes str", lambda: tf.math.confusion_matrix([0, 1], [1, 1], num_classes="a"))
check("confusion_matrix labels n x 1", lambda: tf.math.confusion_matrix([[0], [1]], [1, 1], num_classes=2))
check("einsum unknown keyword", lambda: tf.einsum("ij,jk->ik", tf.ones([2, 2]), tf.ones([2, 2]), bogus=1))
check("filter of an int", lambda: tf.data.Dataset.range(3).filter(1))
check("reduce with None", lambda: tf.data.Dataset.range(3).reduce(tf.constant(0, tf.int64), None))
