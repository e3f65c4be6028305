# batch_jacobian of an unconnected source gives zeros (of the target's dtype), as TF.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
xi = tf.constant([[1, 2], [3, 4]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.constant([[1.0, 2.0], [3.0, 4.0]]) * 2.0
    z = x * 2.0
print(tape.batch_jacobian(y, x))
print(tape.batch_jacobian(z, tf.constant([[1.0], [2.0]])))
print(tape.batch_jacobian(y, x, unconnected_gradients="zero"))
print(tape.batch_jacobian(z, xi))
print(tape.jacobian(y, x))
print(tape.jacobian(y, x, unconnected_gradients="zero").shape)
