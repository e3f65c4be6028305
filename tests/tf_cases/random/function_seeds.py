# Random ops inside tf.function: op seeds 0, 1, ... per trace, streams kept across calls, the trace's global seed.
import tensorflow as tf
@tf.function
def f():
    return tf.random.uniform([2])
@tf.function
def g(x):
    return tf.random.uniform([2]) + x, tf.random.normal([1], seed=3)
tf.random.set_seed(1)
print(f().numpy().tolist(), f().numpy().tolist())
print(g(0.0)[0].numpy().tolist(), g(0.0)[1].numpy().tolist())
print(tf.random.uniform([2], seed=0).numpy().tolist())
tf.random.set_seed(1)
print(f().numpy().tolist())
print(g(0.0)[0].numpy().tolist(), g(tf.constant(0.0))[0].numpy().tolist(), g(tf.constant(1.0))[0].numpy().tolist())
tf.random.set_seed(2)
print(f().numpy().tolist())
