# Generator.binomial and stateless_binomial draw TF's samples (inversion below mean 10, BTRS above).
import tensorflow as tf

g = tf.random.Generator.from_seed(234)
print(g.binomial(shape=[2], counts=[10.0, 20.0], probs=[0.8]).numpy().tolist(), g.state.numpy().tolist())
print(g.binomial(shape=[3, 2], counts=[5.0, 200.0], probs=[0.3, 0.6]).numpy().tolist(), g.state.numpy().tolist())
print(g.binomial(shape=[4], counts=1000.0, probs=0.01, dtype=tf.int64).numpy().tolist())
edge = g.binomial(shape=[6], counts=[0.0, 3.0, 7.0, 40.0, 40.0, 1e6], probs=[0.5, 0.0, 1.0, 0.9, 0.1, 0.5])
print(edge.numpy().tolist())
print(g.binomial(shape=[2, 3], counts=tf.constant([4.0, 50.0, 9.0], tf.float64), probs=tf.constant(0.45, tf.float64),
                 dtype=tf.float32).numpy().tolist())
g2 = tf.random.Generator.from_seed(1717)
counts = tf.reshape(tf.range(6, dtype=tf.float32) * 7.0, [3, 1, 2])
probs = tf.reshape(tf.linspace(0.05, 0.95, 8), [1, 4, 2])
print(g2.binomial(shape=[2, 3, 4, 2], counts=counts, probs=probs).numpy().tolist())
for seed in [[1, 2], [3, -4]]:
    print(tf.random.stateless_binomial([5], seed=seed, counts=30, probs=0.4).numpy().tolist())
    print(tf.random.stateless_binomial([2, 2], seed=seed, counts=[5.0, 80.0], probs=[0.5, 0.7]).numpy().tolist())
for bad in [lambda: g.binomial([2], counts=4, probs=0.5), lambda: g.binomial([3], counts=[1.0, 2.0], probs=0.5)]:
    try:
        bad()
    except Exception as error:
        print(type(error).__name__)
