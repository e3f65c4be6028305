# tf.data with RaggedTensor components: from_tensor_slices, batch, unbatch, map, ragged batching
import tensorflow as tf

features = {'colors': tf.ragged.constant([["red", "blue"], ["orange"], ["black", "yellow"], ["green"]]),
            'lengths': tf.ragged.constant([[7], [], [1, 3], [3, 5, 2]], dtype=tf.int64)}


def show(dataset):
    for i, element in enumerate(dataset):
        print(f"element {i}:")
        for name, value in element.items():
            print(f"{name:>14} = {value}")


dataset = tf.data.Dataset.from_tensor_slices(features)
print(dataset.element_spec)
show(dataset)
batched = dataset.batch(2)
print(batched.element_spec)
show(batched)
unbatched = batched.unbatch()
print(unbatched.element_spec)
show(unbatched)
show(dataset.batch(3, drop_remainder=True))
show(dataset.map(lambda f: {'mean_length': tf.math.reduce_mean(f['lengths']),
                            'length_ranges': tf.ragged.range(f['lengths'])}))

ranges = tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8]).map(tf.range)
for element in ranges.apply(tf.data.experimental.dense_to_ragged_batch(2)):
    print(element)
for element in ranges.ragged_batch(3, drop_remainder=True):
    print(element)
for element in tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3]])):
    print(element)
pairs = tf.data.Dataset.from_tensor_slices((tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), tf.constant([0, 1, 0])))
print(pairs.element_spec)
for x, y in pairs.batch(2):
    print(x, y)
nested = tf.ragged.constant([[[1], [2, 3]], [[4, 5, 6]], [[7], [], [8]]])
for element in tf.data.Dataset.from_tensor_slices(nested).batch(2):
    print(element, element.shape)
for element in tf.data.Dataset.from_tensor_slices(nested).batch(2).unbatch():
    print(element)
try:
    tf.data.Dataset.from_tensor_slices(nested).padded_batch(2)
except (TypeError, ValueError) as e:
    print(type(e).__name__)
try:
    tf.data.Dataset.from_tensor_slices(tf.sparse.from_dense([[1, 0], [0, 2]])).padded_batch(2)
except (TypeError, ValueError) as e:
    print(type(e).__name__)
