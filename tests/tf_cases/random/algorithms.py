# On the CPU only Philox draws: ThreeFry raises, "philox" and "auto_select" are the same numbers.
import tensorflow as tf

g = tf.random.Generator.from_seed(1, alg="threefry")
print(g.state.numpy().tolist(), g.algorithm)
for draw in [lambda: g.normal([2]), lambda: tf.random.stateless_normal([2], seed=[1, 2], alg="threefry")]:
    try:
        draw()
    except Exception as error:
        print(type(error).__name__)
print(tf.random.stateless_uniform([3], seed=[1, 2], alg="philox").numpy().tolist())
print(tf.random.stateless_uniform([3], seed=[1, 2]).numpy().tolist())
print(tf.random.Generator.from_seed(5, alg="philox").normal([2]).numpy().tolist())
print(tf.random.Generator.from_seed(5, alg=tf.random.Algorithm.AUTO_SELECT).normal([2]).numpy().tolist())
