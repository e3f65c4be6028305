# tf.random.gamma / poisson and their stateless twins draw TF's samples, bit for bit (floats printed exactly).
import tensorflow as tf

tf.random.set_seed(7)
print(tf.random.gamma([4], [0.5, 1.0, 3.0], seed=3).numpy().tolist())
print(tf.random.gamma([4], [0.5, 1.0, 3.0], seed=3).numpy().tolist())   # the op's stream moves on
print(tf.random.gamma([3], 2.5, beta=[1.0, 4.0], dtype=tf.float64, seed=4).numpy().tolist())
print(tf.random.gamma([2, 2], [[1.5], [7.0]], beta=[[2.0, 0.5]]).numpy().tolist())
print(tf.random.gamma([5], 0.2, dtype=tf.float16, seed=4).numpy().tolist())
print(tf.random.gamma([3], [1e-3, 0.0, 40.0], seed=9).numpy().tolist())
print(tf.random.gamma([0], 2.0, seed=1).shape, tf.random.gamma([2], [], seed=1).shape)
print(tf.random.poisson([4], [0.5, 4.0, 12.0, 250.0], seed=3).numpy().tolist())
print(tf.random.poisson([3], tf.constant([2, 40]), dtype=tf.int64, seed=3).numpy().tolist())
print(tf.random.poisson([3], tf.constant([2.5, 40], tf.float16), dtype=tf.float16, seed=3).numpy().tolist())
print(tf.random.poisson([2, 2], tf.constant([[1.0], [1e4]], tf.float64), dtype=tf.int32).numpy().tolist())
print(tf.random.poisson([2], [-1.0, 0.0], seed=5).numpy().tolist())
print(tf.random.stateless_gamma([4, 3], seed=[1, 2], alpha=[0.5, 1.0, 3.0]).numpy().tolist())
print(tf.random.stateless_gamma([2, 3, 2], seed=[5, -6], alpha=[[1.0], [2.0], [0.3]], beta=[1.0, 10.0],
                                dtype=tf.float64).numpy().tolist())
print(tf.random.stateless_poisson([4, 2], seed=[1, 2], lam=[3.0, 33.0]).numpy().tolist())
print(tf.random.stateless_poisson([3, 2], seed=[1, 2], lam=[1, 2], dtype=tf.float32).numpy().tolist())
print(tf.random.stateless_gamma(tf.constant([2, 2], tf.int64), seed=[4, 4], alpha=[0.999, 1.0001]).numpy().tolist())
print(tf.random.poisson([3], [9.99, 10.0, 1e6], seed=12).numpy().tolist())
for bad in [lambda: tf.random.gamma([2], 2.0, dtype=tf.int32, seed=1), lambda: tf.random.gamma([2], 2, dtype=tf.int32),
            lambda: tf.random.gamma([-1], 1.0), lambda: tf.random.poisson([2, -1], 1.0),
            lambda: tf.random.gamma(tf.constant([3], tf.int64), 2.0),
            lambda: tf.random.poisson(tf.constant([3], tf.int64), 2.0),
            lambda: tf.random.poisson([2], 1.0, dtype=tf.bool, seed=1),
            lambda: tf.random.stateless_gamma([3], seed=[1, 2], alpha=[1.0, 2.0]),
            lambda: tf.random.stateless_poisson([3], seed=[1, 2], lam=[1.0, 2.0]),
            lambda: tf.random.stateless_poisson([2], seed=[1, 2], lam=1.0, dtype=tf.bool)]:
    try:
        bad()
    except Exception as error:
        print(type(error).__name__)
