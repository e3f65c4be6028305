import tensorflow as tf
import keras

# A Keras layer's variables given to every part of the engine that takes variables.
layer = keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")
x = tf.reshape(tf.range(12.0), (3, 4))
with tf.GradientTape(persistent=True) as tape:
    y = layer(x)
    loss = tf.reduce_sum(y ** 2)
variables = layer.trainable_variables
print("gradient", tape.gradient(loss, variables))
print("gradient of one", tape.gradient(loss, layer.bias))
print("gradient in a dict", tape.gradient(loss, {"k": layer.kernel})["k"].shape)
print("jacobian shapes", [j.shape for j in tape.jacobian(y, variables)])
print("watched", sorted(v.name for v in tape.watched_variables()))
other = keras.layers.Dense(2)
other.build((None, 4))
print("unconnected", tape.gradient(loss, other.trainable_variables))
# (unconnected_gradients=ZERO for Keras variables is an AttributeError inside TF 2.21 itself)
grads = tape.gradient(loss, variables)
print("global_norm", tf.linalg.global_norm(grads))
clipped, norm = tf.clip_by_global_norm(grads, 1.0)
print("clip_by_global_norm", norm, [c.shape for c in clipped])
keras.optimizers.SGD(0.001).apply_gradients(zip(grads, variables))
print("after SGD", layer.kernel.numpy()[0], layer.bias.numpy())
keras.optimizers.Adam(0.1).apply(grads, variables)
print("after Adam", layer.bias.numpy())
v = keras.Variable(3.0, name="kv")


@tf.custom_gradient
def scaled(t):
    def grad(upstream, variables=None):
        return upstream * v, [upstream * t for _ in variables]
    return t * v, grad


t = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(t)
    out = scaled(t)
print("custom_gradient", tape.gradient(out, [t, v]))
with tf.GradientTape() as tape:
    out = tf.reduce_sum(tf.square(v) + tf.nn.relu(v))
print("ops on a Keras variable", tape.gradient(out, v))
