import tensorflow as tf

w = tf.Variable([[0.5], [-1.0]])
b = tf.Variable(0.0)
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.constant([[1.0], [2.0]])


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(0.01 * dw)
    b.assign_sub(0.01 * db)
    return loss


for step in range(3):
    print(step, train_step(x, y))
print(w.numpy(), b.numpy())
