import tensorflow as tf


def show(st):
    print(st.indices.numpy().tolist(), st.values.numpy().tolist(), st.dense_shape.numpy().tolist())


def attempt(f, *args, **kwargs):
    try:
        show(f(*args, **kwargs))
    except Exception as error:
        print(type(error).__name__)


a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10])
b = tf.sparse.SparseTensor(indices=[[0, 2], [3, 0]], values=[56, 38], dense_shape=[4, 10])
show(tf.sparse.add(a, b))
print(tf.sparse.add(a, tf.ones([4, 10], tf.int32)))
f = tf.sparse.SparseTensor(indices=[[0, 0], [1, 1]], values=[0.5, -0.25], dense_shape=[2, 2])
g = tf.sparse.SparseTensor(indices=[[0, 0], [1, 0]], values=[-0.5, 1.0], dense_shape=[2, 2])
show(tf.sparse.add(f, g))
show(tf.sparse.add(f, g, threshold=0.3))
attempt(tf.sparse.add, a, tf.sparse.SparseTensor([[0, 0]], [1], [3, 3]))

p = tf.sparse.SparseTensor(indices=[[2, 4], [3, 3], [0, 1]], values=[1, 2, 3], dense_shape=[8, 5])
q = tf.sparse.SparseTensor(indices=[[0, 2], [7, 5]], values=[4, 5], dense_shape=[8, 6])
r = tf.sparse.SparseTensor(indices=[[3, 0]], values=[6], dense_shape=[8, 6])
show(tf.sparse.reorder(p))
show(tf.sparse.concat(axis=1, sp_inputs=[p, q, r]))
show(tf.sparse.concat(0, [q, r]))
show(tf.sparse.concat(0, [p, q], expand_nonconcat_dims=True))
attempt(tf.sparse.concat, 0, [p, q])
show(tf.sparse.slice(q, start=[0, 2], size=[8, 6]))
show(tf.sparse.slice(q, [7, 5], [8, 6]))
show(tf.sparse.slice(q, [0, 10], [8, 6]))

s2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
print(tf.sparse.to_dense(tf.sparse.map_values(tf.add, s2, 5)))
print(tf.sparse.to_dense(tf.sparse.map_values(tf.multiply, s2, s2)))
show(tf.sparse.transpose(s2))
show(tf.sparse.transpose(tf.sparse.SparseTensor([[0, 1, 2], [1, 0, 0]], [1.0, 2.0], [2, 3, 4]), perm=[2, 0, 1]))

print(tf.sparse.reduce_max(tf.sparse.from_dense([-5, 0, -3])))
print(tf.sparse.reduce_max(s2), tf.sparse.reduce_max(s2, axis=1), tf.sparse.reduce_max(s2, axis=0, keepdims=True))
print(tf.sparse.reduce_sum(s2), tf.sparse.reduce_sum(s2, axis=1), tf.sparse.reduce_sum(s2, 0, keepdims=True))
neg = tf.sparse.SparseTensor([[0, 1], [1, 0]], [-2.5, -1.0], [2, 2])
print(tf.sparse.reduce_max(neg, axis=1), tf.sparse.reduce_sum(neg, axis=0))

c = tf.sparse.SparseTensor(indices=([0, 1], [1, 0], [1, 1]), values=[13, 15, 17], dense_shape=(2, 2))
print(tf.sparse.sparse_dense_matmul(c, tf.constant([[4], [6]])))
m = tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[15, 25], dense_shape=[3, 10])
print(tf.sparse.sparse_dense_matmul(m, tf.sparse.to_dense(tf.sparse.transpose(m))))
print(tf.sparse.sparse_dense_matmul(c, tf.constant([[4, 1], [6, 2]]), adjoint_a=True))
w = tf.Variable([[1.0], [2.0]])
values = tf.Variable([0.5, -1.0, 2.0])
with tf.GradientTape() as tape:
    sp = tf.sparse.SparseTensor([[0, 1], [1, 0], [1, 1]], values, [2, 2])
    loss = tf.reduce_sum(tf.sparse.sparse_dense_matmul(sp, w) ** 2)
print(tape.gradient(loss, [values, w]))
