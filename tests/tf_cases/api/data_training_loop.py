import numpy as np
import tensorflow as tf

X = np.linspace(-1.0, 1.0, 20, dtype=np.float32).reshape(-1, 1)
y = 3.0 * X - 0.5
ds = tf.data.Dataset.from_tensor_slices((X, y)).batch(5)
w = tf.Variable([[0.0]])
b = tf.Variable([0.0])
for epoch in range(3):
    total = 0.0
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(xb, w) + b - yb))
        dw, db = tape.gradient(loss, [w, b])
        w.assign_sub(0.5 * dw)
        b.assign_sub(0.5 * db)
        total += float(loss)
    print(epoch, round(total, 5))
print(w.numpy(), b.numpy())
steps = 0
for xb, yb in ds.shuffle(20, seed=0).repeat(2):  # noqa: B007
    steps += 1
print(steps, xb.shape, yb.dtype)
