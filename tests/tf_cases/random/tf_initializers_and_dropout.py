# TF's own initializers and tf.nn.dropout with seeds draw TF's numbers.
import tensorflow as tf

for seed in [None, 0, 3]:
    tf.random.set_seed(11)
    init = tf.random_normal_initializer(mean=1.0, stddev=0.5, seed=seed)
    print(seed, init([2, 3]).numpy().tolist())
    print(init([2, 3]).numpy().tolist())
    uni = tf.random_uniform_initializer(minval=-2.0, maxval=2.0, seed=seed)
    print(uni([4]).numpy().tolist(), uni([3], dtype=tf.float64).numpy().tolist())
    print(tf.random_uniform_initializer(0, 10, seed=seed)([5], dtype=tf.int32).numpy().tolist())
    print(tf.Variable(tf.random_normal_initializer(seed=seed)([3])).numpy().tolist())

tf.random.set_seed(5)
x = tf.ones([3, 4])
print(tf.nn.dropout(x, rate=0.5).numpy().tolist())
print(tf.nn.dropout(x, rate=0.25, seed=1).numpy().tolist())
print(tf.nn.dropout(x, rate=0.25, seed=1).numpy().tolist())
print(tf.nn.dropout(x, rate=0.5, noise_shape=[3, 1]).numpy().tolist())
print(tf.random.uniform([2]).numpy().tolist())
