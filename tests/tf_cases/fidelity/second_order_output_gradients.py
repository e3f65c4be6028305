import tensorflow as tf
x = tf.Variable([[1., 2.], [3., 4.]])
w = tf.Variable([[0.5, -1.], [2., 0.25]])
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = tf.matmul(tf.tanh(tf.matmul(x, w)), w)
        loss = tf.reduce_mean(y ** 2)
    g = t1.gradient(loss, w)
h = t2.jacobian(g, w)
print(h.shape, tf.reduce_sum(h).numpy().round(4))
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = tf.matmul(x, w)
    j = t1.jacobian(y, w)
print(t2.gradient(j, w))
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = tf.matmul(x, w) ** 3
    j = t1.batch_jacobian(y, x)
print(t2.jacobian(j, x).shape)
h = tf.Variable([1., 2., 3.])
with tf.GradientTape() as t:
    v = h * h
print(t.gradient(v, h, output_gradients=[1., 0.5, 2.]))
# a Python list of numbers for one vector target: TF flattens it and uses only the first number
with tf.GradientTape() as t:
    v = h * h * tf.constant([1.0, 1.0, 1.0])
print(t.gradient(v, h, output_gradients=[2., 0.5, 2.]))
with tf.GradientTape() as t:
    a = h * h
    b = h * tf.constant([3.0, 3.0, 3.0])
print(t.gradient([a, b], h, output_gradients=[[1., 1., 1.], [0., 1., 0.]]))
