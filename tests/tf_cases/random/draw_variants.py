# Bounds that broadcast, shapes given as int64 (another TF kernel, another stream), dtypes TF refuses.
import numpy as np
import tensorflow as tf

g = tf.random.Generator.from_seed(11)
print(g.uniform([2, 3], minval=[0.0, 1.0, 2.0], maxval=5.0).numpy().tolist())
print(g.normal([2, 3], mean=[0.0, 10.0, 20.0]).numpy().tolist())
print(g.state.numpy().tolist())
print(tf.random.uniform([2, 3], minval=[0.0, 1.0, 2.0], maxval=5.0, seed=3).numpy().tolist())
print(tf.random.uniform(tf.constant([2, 2], tf.int64), seed=3).numpy().tolist())
print(tf.random.uniform([2, 2], seed=3).numpy().tolist())
print(tf.random.normal(np.array([3]), seed=4, dtype="float64").numpy().tolist())
print(tf.random.truncated_normal([3], seed=2, dtype=tf.float16).numpy().tolist())
print(tf.random.uniform([3], seed=2, dtype=tf.float16, minval=-1.0, maxval=1.0).numpy().tolist())
# errors: a failed Generator draw leaves the state as it was in tapekit (TF has skipped already)
for draw in [lambda: g.uniform([4], minval=0, maxval=10, dtype=tf.uint32),
             lambda: g.uniform([3], dtype=tf.int32),
             lambda: g.uniform([3], minval=5, maxval=5, dtype=tf.int32),
             lambda: g.normal([2], dtype=tf.int32),
             lambda: g.uniform_full_int([2], dtype=tf.float32),
             lambda: tf.random.uniform([3], dtype=tf.uint8, maxval=4, seed=1),
             lambda: tf.random.stateless_uniform([3], seed=[1, 2], minval=0, maxval=4, dtype=tf.uint32),
             lambda: tf.random.stateless_uniform([3], seed=[1, 2], dtype=tf.int32),
             lambda: tf.random.stateless_uniform([3], seed=[1, 2], dtype=tf.bool),
             lambda: tf.random.stateless_normal([3], seed=[1, 2, 3])]:
    try:
        draw()
    except Exception as error:
        print(type(error).__name__)
