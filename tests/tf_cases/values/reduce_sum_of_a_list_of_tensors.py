import tensorflow as tf

a = tf.Variable(1.0)
b = tf.Variable(2.0)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum([a * 2.0, b * 3.0])
print(loss)
print(tape.gradient(loss, [a, b]))

with tf.GradientTape() as tape:
    m = tf.reduce_mean([a * a, b, 4.0])
print(m)
print(tape.gradient(m, [a, b]))
