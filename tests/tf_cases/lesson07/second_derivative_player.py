# Lesson 07, exercise 4: the gradient of dy_dx = d(x⁴)/dx that reaches x (the check's key, second_derivative_truth).
import tensorflow as tf

x = tf.Variable(1.5, name="x")
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = x ** 4
    dy_dx = inner.gradient(y, x)
print(float(dy_dx), float(outer.gradient(dy_dx, x)))
