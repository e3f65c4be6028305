# Lesson 08, exercise 5: the gradient at a fan-in through a reversed gradient (the check's key, reverse_truth).
import tensorflow as tf


@tf.custom_gradient
def reverse_gradient(x):
    def grad(upstream):
        return -upstream

    return tf.identity(x), grad


z = tf.Variable(2.0, name="z")
with tf.GradientTape() as tape:
    loss = 3.0 * reverse_gradient(z) + z * z
print(float(loss), float(tape.gradient(loss, z)))
