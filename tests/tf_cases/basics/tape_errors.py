import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print(tape.gradient(y, x))
try:
    tape.gradient(y, x)
except RuntimeError as error:
    print(type(error).__name__)
a = tf.constant([1.0, 2.0])
b = tf.constant([1, 2])
a * b
