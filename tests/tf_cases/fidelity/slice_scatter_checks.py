import tensorflow as tf


def attempt(f, *args):
    try:
        print(f(*args))
    except Exception as error:
        print(type(error).__name__)


v = tf.Variable([1., 2., 3., 4.])
print(repr(v.scatter_nd_update([[1], [3]], [9., 10.])))
print(repr(v.scatter_nd_add([[0]], [1.])))
print(repr(v.scatter_nd_sub([[0]], [1.])))
print(repr(v.scatter_nd_max([[0]], [100.])), repr(v.scatter_nd_min([[0]], [-1.])))
print(repr(v.scatter_update(tf.IndexedSlices([7., 8.], [0, 1]))))
print(repr(v.scatter_add(tf.IndexedSlices([1., 1.], [2, 3]))))
print(repr(v.scatter_sub(tf.IndexedSlices([1.], [2]))))
print(repr(v.scatter_max(tf.IndexedSlices([50.], [2]))), repr(v.scatter_min(tf.IndexedSlices([0.], [3]))))
print(repr(v.scatter_mul(tf.IndexedSlices([2., 3.], [0, 1]))), repr(v.scatter_div(tf.IndexedSlices([4.], [2]))))
attempt(v.scatter_nd_update, [[9]], [1.])
print(v.numpy())

x = tf.constant([[1, 2, 3], [4, 5, 6]])
print(tf.slice(x, [0, 1], [2, -1]), tf.slice(x, tf.constant([1, 0]), [1, 2]), tf.slice(x, [1, 1], [0, 2]))
for begin, size in (([0, 1], [3, 1]), ([0, 4], [1, 1]), ([0], [1]), ([-1, 0], [1, 1])):
    attempt(tf.slice, x, begin, size)

t = tf.constant([1., 5., 3., 4.])
print(tf.tensor_scatter_nd_sub(t, [[1], [1]], [1., 2.]))
print(tf.tensor_scatter_nd_min(t, [[1], [2]], [0., 9.]), tf.tensor_scatter_nd_max(t, [[1], [2]], [0., 9.]))
m = tf.constant([[1, 2], [3, 4]])
print(tf.tensor_scatter_nd_max(m, [[0]], [[5, 0]]), tf.tensor_scatter_nd_min(m, [[1, 1]], [-4]))
attempt(tf.tensor_scatter_nd_sub, t, [[4]], [1.])
attempt(tf.tensor_scatter_nd_max, t, [[0]], [1])

print(tf.ensure_shape(x, [2, None]), tf.ensure_shape(x, None).shape)
attempt(tf.ensure_shape, x, [3, None])
attempt(tf.ensure_shape, x, [2, 3, 1])
attempt(tf.debugging.check_numerics, tf.constant([1., float('nan')]), "bad value")
attempt(tf.debugging.check_numerics, tf.constant([float('inf'), float('nan')]), "both")
print(tf.debugging.check_numerics(tf.constant([1., 2.], tf.float64), "m"))
attempt(tf.debugging.check_numerics, tf.constant([1, 2]), "m")

xs = tf.Variable([1., 5., 3.])
with tf.GradientTape(persistent=True) as g:
    y = tf.tensor_scatter_nd_max(xs, [[0], [1]], xs[:2] * 2)
    w = tf.tensor_scatter_nd_min(xs, [[0], [0], [2]], [1., 1., 0.])
    d = tf.tensor_scatter_nd_sub(xs * 2, [[1]], xs[:1] ** 2)
    s = tf.slice(xs, [1], [2]) ** 2
    z = tf.ensure_shape(xs * 3, [3])
    c = tf.debugging.check_numerics(xs * xs, "m")
for out in (y, w, d, s, z, c):
    print(g.gradient(out, xs))
