# tf.random.categorical and stateless_categorical draw TF's samples.
# (Batches kept small: a large one is split across TF's CPU threads, which changes the samples with the CPU count.)
import numpy as np
import tensorflow as tf

logits = tf.math.log([[0.5, 0.5], [0.1, 0.9], [0.7, 0.3]])
tf.random.set_seed(1)
print(tf.random.categorical(logits, 5).numpy().tolist())
print(tf.random.categorical(logits, 5).numpy().tolist())
print(tf.random.categorical(logits, 3, dtype=tf.int32).numpy().tolist())
print(tf.random.categorical(logits, 7, seed=4).numpy().tolist())
print(tf.random.categorical(logits, 7, seed=4).numpy().tolist())
print(tf.random.categorical([[1.0, 2.0, float("-inf"), 0.5]], 10).numpy().tolist())
print(tf.random.categorical(tf.constant([[1.0, 2.0, 3.0]], tf.float64), 6).numpy().tolist())
print(tf.random.categorical(tf.constant([[0.0, 1.0, 3.0]], tf.float16), 4).numpy().tolist())
print(tf.random.categorical(logits, 0).shape)
print(tf.random.uniform([2]).numpy().tolist())
wide = tf.reshape(tf.range(50, dtype=tf.float32) / 10.0, [5, 10])
print(tf.random.categorical(wide, 13).numpy().tolist())
print(np.bincount(tf.random.categorical(tf.zeros([20, 7]), 50, seed=3).numpy().reshape(-1), minlength=7).tolist())
for seed in [[1, 2], [0, 0], [-5, 7]]:
    print(tf.random.stateless_categorical(logits, 6, seed=seed).numpy().tolist())
    print(tf.random.stateless_categorical(wide, 9, seed=seed, dtype=tf.int32).numpy().tolist())
for bad in [lambda: tf.random.categorical([1.0, 2.0], 3), lambda: tf.random.categorical(logits, -1),
            lambda: tf.random.categorical(tf.zeros([2, 0]), 3),
            lambda: tf.random.categorical(logits, 2, dtype=tf.float32)]:
    try:
        bad()
    except Exception as error:
        print(type(error).__name__)
