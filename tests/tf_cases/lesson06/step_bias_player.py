# Lesson 06, exercise 4: the gradients of a fresh line's first step (the check's key, step_bias_truth).
import tensorflow as tf

w = tf.Variable(0.0, name="w")
b = tf.Variable(0.0, name="b")
x = tf.constant([1.0, 2.0, 3.0])
target = tf.constant([1.0, 1.0, 1.0])
with tf.GradientTape() as tape:
    loss = tf.reduce_mean((w * x + b - target) ** 2)
grad_w, grad_b = tape.gradient(loss, [w, b])
print(float(grad_w), float(grad_b))
