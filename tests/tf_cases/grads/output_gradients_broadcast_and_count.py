# output_gradients: a scalar for a vector target broadcasts; missing entries mean ones;
# extra entries are ignored; a Python list is one entry per target.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = x * 3.0
print(tape.gradient(y, x, output_gradients=tf.constant(2.0)))
print(tape.gradient(y, x, output_gradients=2.0))
print(tape.gradient(y, x, output_gradients=tf.constant([2.0])))
print(tape.gradient(y, x, output_gradients=[2.0, 3.0]))
print(tape.gradient([y, z], x, output_gradients=[tf.constant([1.0, 10.0])]))
print(tape.gradient([y, z], x, output_gradients=[tf.ones([2]), tf.ones([2]), tf.ones([2])]))
print(tape.gradient({"a": y, "b": z}, x, output_gradients={"a": tf.ones([2]), "b": tf.ones([2]) * 2}))
print(tape.gradient(y, x, output_gradients=[]))
print(tape.gradient(x, x, output_gradients=tf.constant([2.0, 5.0])))
