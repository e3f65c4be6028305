# tf.random.experimental.stateless_shuffle: a seed pair gives TF's permutation.
import tensorflow as tf
for seed in [[1, 2], [8, 9], [0, 0]]:
    print(tf.random.experimental.stateless_shuffle(tf.range(10), seed=seed).numpy().tolist())
    print(tf.random.experimental.stateless_shuffle(tf.reshape(tf.range(12), [6, 2]), seed=seed).numpy().tolist())
    print(tf.random.experimental.stateless_shuffle(tf.range(1000), seed=seed).numpy().tolist()[:10])
