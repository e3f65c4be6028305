import numpy as np
import tensorflow as tf

print(tf.math.lgamma([0.5, 1.0, 3.0, -0.5, 0.0, -1.0, 100.0]).dtype)
print(np.round(tf.math.lgamma([0.5, 1.0, 3.0, -0.5, 0.0, -1.0, 100.0]).numpy(), 4))
print(np.round(tf.math.digamma([0.5, 1.0, 3.0, -0.5, 0.0, -1.0, 100.0]).numpy(), 4))
print(np.round(tf.math.polygamma([1.0, 1.0, 2.0, 0.0, 3.0, 1.5], [-0.5, 0.5, 0.5, 0.5, 2.0, 1.0]).numpy(), 4))
inf = float("inf")
print(tf.math.lgamma(tf.constant([-inf, inf, -2.5, 1e-30, 2.0], tf.float64)))
print(tf.math.digamma(tf.constant([-inf, inf, -2.5, 1e-30, 1.0], tf.float64)))
for bad in [lambda: tf.math.lgamma([1, 2]), lambda: tf.math.digamma([1, 2])]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
x = tf.constant([0.5, 3.0, -1.5], tf.float64)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = tf.math.lgamma(x)
    g = t1.gradient(y, x)
print(g, t2.gradient(g, x))
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = tf.math.digamma(x)
    g = t1.gradient(y, x)
print(g, t2.gradient(g, x))
a = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(a)
    y = tf.math.polygamma(a, tf.constant([0.5, 0.5]))
print(tape.gradient(y, a))
