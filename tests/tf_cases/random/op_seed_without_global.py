# An op seed without tf.random.set_seed: the default global seed 87654321, one stream per op.
import tensorflow as tf

print(tf.random.normal([3], seed=1).numpy().tolist())
print(tf.random.normal([3], seed=1).numpy().tolist())
print(tf.random.uniform([3], seed=1).numpy().tolist())
print(tf.random.normal([3], seed=1, dtype=tf.float64).numpy().tolist())
print(tf.random.truncated_normal([3], seed=2).numpy().tolist())
print(tf.random.uniform([3], seed=1, minval=0, maxval=10, dtype=tf.int32).numpy().tolist())
print(tf.random.shuffle(tf.range(8), seed=3).numpy().tolist())
print(tf.random.normal([2], seed=0).numpy().tolist())
print(tf.random.normal([2], seed=2**31 - 1).numpy().tolist())
print(tf.random.normal([2], seed=2**31 + 5).numpy().tolist())
