import numpy as np
import tensorflow as tf

# relu on rows wide and narrow, with the special values: signed zeros, nan, infinities
row = [-0.0, 0.0, float("nan"), -1.5, 1.5, float("inf"), -float("inf"), 2.0]
for dtype in (tf.float16, tf.float32, tf.float64):
    wide = tf.constant([row * 16, row[::-1] * 16], dtype=dtype)   # 2 x 128
    y = tf.nn.relu(wide)
    print(y.dtype, y.shape, y[0, :8].numpy(), y[1, :8].numpy())
    print("signbits", int(np.signbit(y.numpy()).sum()), "nans", int(np.isnan(y.numpy()).sum()))
    narrow = tf.nn.relu(tf.constant(row, dtype=dtype))
    print(narrow.numpy(), bool(np.array_equal(narrow.numpy(), y[0, :8].numpy(), equal_nan=True)))

ints = tf.constant(np.arange(-64, 64, dtype=np.int32).reshape(1, 2, 64))
r = tf.nn.relu(ints)
print(r.dtype, r.shape, int(tf.reduce_sum(r)), r[0, 0, :3].numpy(), r[0, 1, -3:].numpy())

strided = tf.constant(np.linspace(-3.0, 3.0, 4 * 256, dtype=np.float32).reshape(4, 256))[:, ::2]
print(tf.nn.relu(strided).shape, float(tf.reduce_sum(tf.nn.relu(strided))))

x = tf.constant(np.linspace(-2.0, 2.0, 3 * 100, dtype=np.float32).reshape(3, 100))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.nn.relu(x) * 3.0)
g = tape.gradient(y, x)
print(float(y), float(tf.reduce_sum(g)), g[0, 48:52].numpy())
