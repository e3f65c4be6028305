# Dataset.shuffle with seeds gives TF's order, epoch after epoch.
import tensorflow as tf


def order(ds):
    return [int(x.numpy()) for x in ds]


ds = tf.data.Dataset.range(10).shuffle(10, seed=1)
print(order(ds))
print(order(ds))
print(order(ds))
print(order(tf.data.Dataset.range(10).shuffle(10, seed=1, reshuffle_each_iteration=False)))
print(order(tf.data.Dataset.range(10).shuffle(10, seed=1, reshuffle_each_iteration=False)))
print(order(tf.data.Dataset.range(20).shuffle(4, seed=7)))
print(order(tf.data.Dataset.range(20).shuffle(1, seed=7)))
print(order(tf.data.Dataset.range(7).shuffle(100, seed=123)))
print(order(tf.data.Dataset.range(6).shuffle(3, seed=2).repeat(3)))
print(order(tf.data.Dataset.range(6).repeat(2).shuffle(5, seed=2)))
batches = tf.data.Dataset.range(12).shuffle(12, seed=42).batch(5)
print([b.numpy().tolist() for b in batches])
tf.random.set_seed(3)
print(order(tf.data.Dataset.range(10).shuffle(10)))
print(order(tf.data.Dataset.range(10).shuffle(10)))
print(order(tf.data.Dataset.range(10).shuffle(10, seed=5)))
tf.random.set_seed(3)
print(order(tf.data.Dataset.range(10).shuffle(10)))
pairs = tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0, 4.0], [10, 20, 30, 40])).shuffle(4, seed=9)
print([(float(a), int(b)) for a, b in pairs])
print(order(tf.data.Dataset.range(300).shuffle(1000, seed=11))[:20])
print(sum(order(tf.data.Dataset.range(300).shuffle(50, seed=11))[:100]))
