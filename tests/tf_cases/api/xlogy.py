import tensorflow as tf

print(tf.math.xlogy([0.0, 0.0, 1.0, 2.0], [0.0, -1.0, 2.0, 3.0]))
print(tf.math.xlogy([[0.0], [2.0]], [1.0, 3.0]))
print(tf.math.xdivy([0.0, 1.0, 2.0], [0.0, 2.0, 4.0]))
print(tf.math.xlog1py([0.0, 1.0], [-1.0, 1.0]))
try:
    tf.math.xlogy([1, 2], [2, 3])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
x = tf.constant([0.0, 1.0, 0.0, 2.0])
y = tf.constant([0.0, 0.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    z = tf.math.xlogy(x, y)
    d = tf.math.xdivy(x, y)
    p = tf.math.xlog1py(x, y)
print(tape.gradient(z, [x, y]))
print(tape.gradient(d, [x, y]))
print(tape.gradient(p, [x, y]))
a = tf.constant([[1.0], [2.0]])
b = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    z = tf.reduce_sum(tf.math.xlogy(a, b))
print(tape.gradient(z, a), tape.gradient(z, b))
