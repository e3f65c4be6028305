"""tf.math.polyval: Horner's rule over a list of coefficients; values, dtypes, gradient and bad inputs."""
import tensorflow as tf

x = tf.constant([0.0, 1.0, -2.0, 0.5])
print(tf.math.polyval([3.0, 2.0, 1.0], x))
print(tf.math.polyval([2.0], x))
print(tf.math.polyval([], x))
print(tf.math.polyval([1, 2, 3], tf.constant([2, 3])))
print(tf.math.polyval([tf.constant([1.0, 2.0]), 0.5], tf.constant([[1.0], [3.0]])))
print(tf.math.polyval([1.0, 0.0, -1.0], 2.0))
v = tf.Variable([1.5, -0.5])
c = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.math.polyval([c, 1.0, -3.0], v))
print(tape.gradient(y, [v, c]))
for coeffs, value in [((1.0, 2.0), x), ([1, 2], x), ("ab", x), ([1.0, "a"], x)]:
    try:
        tf.math.polyval(coeffs, value)
    except Exception as error:
        print(type(error).__name__, str(error).splitlines()[0][:120])
