import tensorflow as tf

print(tf.math.log_sigmoid([-100.0, 0.0, 100.0]))
print(tf.math.log_sigmoid(tf.constant([-1.0, 2.0], tf.float64)))
try:
    tf.math.log_sigmoid([1, 2])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
x = tf.constant([-1.5, 0.5, 2.0])
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = tf.math.log_sigmoid(x)
    g = t1.gradient(y, x)
print(g, t2.gradient(g, x))
