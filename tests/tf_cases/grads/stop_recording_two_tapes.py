# Stopping one tape leaves the other recording; a tensor watched on the stopped tape while
# the other records is watched once recording resumes.
import tensorflow as tf

x = tf.constant(2.0)
c = tf.constant(3.0)
d = tf.constant(4.0)
with tf.GradientTape(persistent=True) as t1:
    t1.watch(x)
    with tf.GradientTape(persistent=True) as t2:
        t2.watch(x)
        with t1.stop_recording():
            y = x * x
            t1.watch(c)
        z = c * x
    with t1.stop_recording():
        t1.watch(d)
    u = d * x
print(t1.gradient(y, x), t2.gradient(y, x))
print(t1.gradient(z, c), t2.gradient(z, c))
print(t1.gradient(u, d))
