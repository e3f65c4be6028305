import tensorflow as tf

a = tf.constant(1.0)
b = tf.constant(2.0)
i = tf.constant(3)
vec = tf.constant([1.0, 2.0])
print(a * [a, b])
print([a, b] + a)
print(vec + [a, b])
print(vec - [b, 1.0])
print(i + [a])
print(a + [i, 2])
with tf.GradientTape() as tape:
    tape.watch(a)
    y = tf.reduce_sum(vec * [a, a * a])
print(tape.gradient(y, a))
