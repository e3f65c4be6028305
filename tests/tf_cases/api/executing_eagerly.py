import tensorflow as tf

print(tf.executing_eagerly())
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    print(tf.executing_eagerly())
    y = x * x
print(tape.gradient(y, x))
