# UnconnectedGradients, output_gradients and lists of sources with a gather.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
v = tf.Variable([[1.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.gather(x, [0, 2])
g = tape.gradient(y, [x, v], unconnected_gradients=tf.UnconnectedGradients.ZERO)
print(type(g[0]).__name__, g[1])
g = tape.gradient(y, x, output_gradients=tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print(g.indices.numpy(), g.values.numpy())
g = tape.gradient({"y": y}, {"a": x, "b": [x]})
print(sorted(g), type(g["a"]).__name__, type(g["b"][0]).__name__)
