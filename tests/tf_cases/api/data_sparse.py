# tf.data with SparseTensor components; a SparseTensor times / over a dense tensor
import tensorflow as tf

sparse = tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)],
                                values=[1, 1, 1, 1, 1, 1], dense_shape=(6, 4))


def show(st):
    print(st.dense_shape.numpy().tolist(), st.indices.numpy().tolist(), st.values.numpy().tolist())


dataset = tf.data.Dataset.from_tensor_slices(sparse)
print(dataset.element_spec)
for element in dataset:
    show(element)
batched = dataset.batch(4)
print(batched.element_spec)
for element in batched:
    show(element)
for element in batched.unbatch():
    show(element)
for element in dataset.map(lambda x: x * 2).take(2):
    show(element)
pairs = tf.data.Dataset.from_tensor_slices((sparse, tf.range(6)))
for x, y in pairs.batch(3):
    show(x)
    print(y)

st = tf.sparse.SparseTensor(indices=[[0, 1], [1, 0]], values=[2.0, 4.0], dense_shape=[2, 2])
show(st * 3.0)
show(st * tf.constant([[1.0, 10.0], [100.0, 1000.0]]))
show(st * tf.constant([1.0, 10.0]))
show(st / 2.0)
try:
    st * st
except (TypeError, ValueError) as e:
    print(type(e).__name__)
