# jacobian and batch_jacobian through gather give dense tensors (TF logs a warning on stderr).
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.gather(x, [2, 0])
    z = tf.gather(x, [1, 1, 0]) * 2.0
j = tape.jacobian(y, x)
print(isinstance(j, tf.IndexedSlices), j.shape)
print(j.numpy().reshape(4, 6))
print(tape.batch_jacobian(z, x))
