# The gradient of tf.random.gamma and stateless_gamma: alpha's by implicit reparameterization (RandomGammaGrad),
# beta's through the division by beta.
import tensorflow as tf

a = tf.Variable([0.5, 2.0])
b = tf.Variable(1.5)
with tf.GradientTape() as tape:
    s = tf.random.gamma([3], a, b, seed=5)
print(s.numpy().tolist(), [g.numpy().tolist() for g in tape.gradient(s, [a, b])])
with tf.GradientTape() as tape:
    s = tf.random.stateless_gamma([3, 2], seed=[3, 4], alpha=a, beta=b)
print(s.numpy().tolist(), [g.numpy().tolist() for g in tape.gradient(s, [a, b])])
a64 = tf.Variable([[1.0], [7.5]], dtype=tf.float64)
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(tf.random.gamma([4, 2], a64, dtype=tf.float64, seed=2)))
print(tape.gradient(loss, a64).numpy().tolist())
small = tf.constant([0.05, 30.0])
with tf.GradientTape() as tape:
    tape.watch(small)
    s = tf.random.stateless_gamma([5, 2], seed=[7, 7], alpha=small)
print(s.numpy().tolist(), tape.gradient(s, small).numpy().tolist())
