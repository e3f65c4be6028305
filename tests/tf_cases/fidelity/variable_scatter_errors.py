"""Variable.scatter_nd_* errors name the variable's own op (ResourceScatterNdAdd, ...); the variable is unchanged."""
import tensorflow as tf


def first_line(make):
    try:
        print(make())
    except Exception as error:
        print(type(error).__name__, "|", str(error).splitlines()[0])


v = tf.Variable([1.0, 2.0, 3.0])
first_line(lambda: v.scatter_nd_update([[5]], [1.0]))
first_line(lambda: v.scatter_nd_add([[5]], [1.0]))
first_line(lambda: v.scatter_nd_sub([[-1]], [1.0]))
first_line(lambda: v.scatter_nd_max([[3]], [1.0]))
first_line(lambda: v.scatter_nd_min([[4]], [1.0]))
first_line(lambda: tf.tensor_scatter_nd_add(v, [[7]], [1.0]))
print(v.numpy())
