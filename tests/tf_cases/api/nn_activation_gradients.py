import numpy as np
import tensorflow as tf

x = tf.constant([-1.5, 0.5, 2.0])
fns = [tf.nn.silu, tf.nn.gelu, lambda v: tf.nn.gelu(v, approximate=True), tf.nn.leaky_relu, tf.nn.elu,
       tf.nn.selu, tf.nn.relu6, lambda v: tf.nn.silu(v, beta=2.0),
       lambda v: tf.nn.log_softmax(v)]
for f in fns:
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = tf.reduce_sum(f(x) * tf.constant([1.0, 2.0, 3.0]))
        g = t1.gradient(y, x)
    print(np.round(g.numpy(), 4) + 0.0, np.round(t2.gradient(g, x).numpy(), 4) + 0.0)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = tf.reduce_sum(tf.nn.softsign(x))
    g = t1.gradient(y, x)
print(g)
try:
    t2.gradient(g, x)
except LookupError as e:
    print(type(e).__name__, e)
beta = tf.Variable(1.5)
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.nn.silu(x, beta=beta))
print(tape.gradient(y, beta))
