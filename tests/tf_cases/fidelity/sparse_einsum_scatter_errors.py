# TF's exception types and texts for bad einsum, tf.sparse.add / sparse_dense_matmul / map_values
# and Variable.scatter_nd_* calls (the hint line tapekit adds is left out)
import tensorflow as tf


def attempt(name, f):
    try:
        f()
        print(name, "no error")
    except Exception as error:
        print(name, type(error).__name__)
        for line in str(error).splitlines():
            if not line.strip().startswith("Hint:"):
                print(repr(line))


a, b = tf.ones([2, 3]), tf.ones([4, 5])
attempt("einsum dims", lambda: tf.einsum("ij,jk->ik", a, b))
attempt("einsum count", lambda: tf.einsum("ij,jk->ik", a))
attempt("einsum rank", lambda: tf.einsum("ij,jk->ik", tf.ones([2]), b))
attempt("einsum output label", lambda: tf.einsum("ij,jk->iz", a, tf.ones([3, 4])))
attempt("einsum character", lambda: tf.einsum("i!,jk->ik", a, b))
attempt("einsum dtype", lambda: tf.einsum("ij,jk->ik", a, tf.ones([3, 4], tf.int32)))
attempt("einsum two arrows", lambda: tf.einsum("ij->jk->ik", a))
attempt("einsum repeated output", lambda: tf.einsum("ij->ii", a))
attempt("einsum ellipsis", lambda: tf.einsum("...j,jk->...k", tf.ones([2, 2, 3]), tf.ones([4, 5])))
print(tf.einsum("...j,jk->...k", tf.ones([2, 2, 3]), tf.ones([3, 5])).shape)
print(tf.einsum("ij,jk", a, tf.ones([3, 4])).shape, tf.einsum("ii", tf.ones([3, 3])))

sp = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], [2, 3])
attempt("sparse.add shapes", lambda: tf.sparse.add(sp, tf.sparse.SparseTensor([[0, 0]], [1.], [3, 3])))
attempt("sparse.add ranks", lambda: tf.sparse.add(sp, tf.sparse.SparseTensor([[0, 0, 0]], [1.], [2, 3, 1])))
attempt("sparse.add dtypes", lambda: tf.sparse.add(sp, tf.sparse.SparseTensor([[0, 0]], [1], [2, 3])))
attempt("sparse.add dense shape", lambda: tf.sparse.add(sp, tf.ones([3, 3])))
attempt("sparse.add dense rank", lambda: tf.sparse.add(sp, tf.ones([3])))
attempt("sparse.add dense broadcast", lambda: tf.sparse.add(sp, tf.ones([2, 1])))
attempt("sparse.add dense dtype", lambda: tf.sparse.add(sp, tf.ones([2, 3], tf.int32)))
attempt("sparse.add two dense", lambda: tf.sparse.add(tf.ones([2, 3]), tf.ones([2, 3])))
print(tf.sparse.add(tf.ones([2, 3]), sp))
attempt("matmul inner", lambda: tf.sparse.sparse_dense_matmul(sp, tf.ones([4, 2])))
attempt("matmul adjoint_a", lambda: tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2]), adjoint_a=True))
attempt("matmul adjoint_b", lambda: tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2]), adjoint_b=True))
attempt("matmul dtype", lambda: tf.sparse.sparse_dense_matmul(sp, tf.ones([3, 2], tf.float64)))
attempt("matmul vector", lambda: tf.sparse.sparse_dense_matmul(sp, tf.ones([3])))
attempt("matmul sparse vector", lambda: tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0]], [1.], [3]),
                                                                      tf.ones([3, 2])))
attempt("matmul dense first", lambda: tf.sparse.sparse_dense_matmul(tf.ones([3, 4]), sp))
attempt("matmul dense first dtype", lambda: tf.sparse.sparse_dense_matmul(tf.ones([3, 2], tf.float64), sp))
print(tf.sparse.sparse_dense_matmul(tf.ones([3, 2]), sp))
print(tf.sparse.sparse_dense_matmul(sp, [[1.], [2.], [3.]]))
print(tf.sparse.sparse_dense_matmul(sp, tf.ones([2, 2]), adjoint_a=True))
attempt("map_values none", lambda: tf.sparse.map_values(tf.math.abs, tf.ones([2])))
attempt("map_values shapes", lambda: tf.sparse.map_values(tf.add, sp, tf.sparse.SparseTensor([[0, 0]], [1.], [3, 3])))
attempt("map_values indices", lambda: tf.sparse.map_values(
    tf.add, sp, tf.sparse.SparseTensor([[0, 1], [1, 2]], [1., 2.], [2, 3])))
attempt("map_values ranks", lambda: tf.sparse.map_values(tf.add, sp,
                                                        tf.sparse.SparseTensor([[0, 0, 0]], [1.], [2, 3, 1])))
print(tf.sparse.map_values(tf.add, sp, 5.))

v = tf.Variable([[1., 2.], [3., 4.]])
attempt("scatter_nd_update inner", lambda: v.scatter_nd_update([[0], [1]], [[1., 2., 3.], [4., 5., 6.]]))
attempt("scatter_nd_add outer", lambda: v.scatter_nd_add([[0, 0]], [1., 2.]))
attempt("scatter_nd_update depth", lambda: v.scatter_nd_update([[0, 0, 0]], [1.]))
attempt("scatter_nd_sub rank", lambda: v.scatter_nd_sub([[0]], [1.]))
attempt("scatter_nd_max outer", lambda: v.scatter_nd_max([[0], [1]], [[1., 2.]]))
attempt("scatter_nd_update index", lambda: v.scatter_nd_update([[5]], [[1., 2.]]))
print(v)
print(v.scatter_nd_add([[0, 1], [1, 0]], [10., 20.]))
print(tf.sparse.add(sp, [[1, 2, 3], [4, 5, 6]]), tf.sparse.add(sp, tf.Variable(tf.ones([2, 3]))))
attempt("matmul int list", lambda: tf.sparse.sparse_dense_matmul(sp, [[1], [2], [3]]))
