# Log, division and pow have no such check in TF: nan still leaks through tf.where there.
import tensorflow as tf

x = tf.constant([-1.0, 0.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    log = tf.where(x > 0, tf.math.log(x), 0.0)
    div = tf.where(x > 0, 1.0 / x, 0.0)
    power = tf.where(x > 0, x ** 0.5, 0.0)
    log1p = tf.where(x > 0, tf.math.log1p(x - 1.0), 0.0)
print(tape.gradient(log, x))
print(tape.gradient(div, x))
print(tape.gradient(power, x))
print(tape.gradient(log1p, x))
