# Generator.from_seed with vector, NumPy, tensor and negative seeds: TF's state layout and numbers.
import numpy as np
import tensorflow as tf
for seed in [[1, 2], [5], [1, 2, 3, 4], np.array([7, 8], np.int64), tf.constant([3, 4]), -1, -5, 2**64 - 1]:
    try:
        g = tf.random.Generator.from_seed(seed)
        print(g.state.numpy().tolist(), g.normal([2]).numpy().tolist())
    except Exception as error:
        print(type(error).__name__)
print(tf.random.create_rng_state([9, 10], "philox").numpy().tolist())
print(tf.random.Generator.from_seed(np.int64(5)).state.numpy().tolist())
