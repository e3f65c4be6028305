# Lesson 03, exercise 4: the gradient a broadcast bias gets (the check's answer key, bias_sum_truth).
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.0, 2.0]])
b = tf.Variable([1.0, 0.5], name="b")
with tf.GradientTape(persistent=True) as tape:
    y = x + b
    loss = 0.5 * tf.reduce_sum(y ** 2)
print(tape.gradient(loss, y).numpy().tolist())
print(tape.gradient(loss, b).numpy().tolist())
