import tensorflow as tf

# tf.linspace is built from differentiable ops in TF: its gradient reaches start and stop.
for num in (0, 1, 2, 3, 7):
    start, stop = tf.Variable(1.5), tf.Variable(-2.0)
    with tf.GradientTape() as tape:
        values = tf.linspace(start, stop, num)
        loss = tf.reduce_sum(values * tf.range(1.0, num + 1.0))
    print(num, values, tape.gradient(loss, [start, stop]))
print(tf.linspace(0.1, -1.0, 5))
print(tf.linspace(tf.constant(1.0, tf.float64), 2.0, 4))
print(tf.linspace(1, 10, 4))
print(tf.linspace(0.0, 1.0, tf.constant(3)))
print(tf.linspace([0.0, 1.0], [1.0, 3.0], 3))
print(tf.linspace([0.0, 1.0], [1.0, 3.0], 3, axis=1))
