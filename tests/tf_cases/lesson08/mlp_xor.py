# Lesson 08, exercise 2: the 2-4-1 network on XOR, its gradients and five steps of gradient descent (check_training's
# reference, and what the student's mini tape must match).
import numpy as np
import tensorflow as tf

x = tf.constant([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], dtype=tf.float64)
y = tf.constant([[0.0], [1.0], [1.0], [0.0]], dtype=tf.float64)
rng = np.random.default_rng(8)
params = [tf.Variable(rng.normal(0.0, 0.8, size=(2, 4))), tf.Variable(np.zeros(4)),
          tf.Variable(rng.normal(0.0, 0.8, size=(4, 1))), tf.Variable(np.zeros(1))]


def loss_and_gradients():
    with tf.GradientTape() as tape:
        hidden = tf.tanh(tf.nn.bias_add(tf.matmul(x, params[0]), params[1]))
        error = tf.nn.bias_add(tf.matmul(hidden, params[2]), params[3]) - y
        loss = tf.reduce_sum(error * error)
    return loss, tape.gradient(loss, params)


loss, grads = loss_and_gradients()
print("loss", float(loss))
for name, grad in zip(["w1", "b1", "w2", "b2"], grads):
    print(name, grad.dtype.name, grad.shape, np.round(grad.numpy().ravel(), 10).tolist())
for step in range(5):
    loss, grads = loss_and_gradients()
    for param, grad in zip(params, grads):
        param.assign_sub(0.05 * grad)
    print("step", step, float(loss))
