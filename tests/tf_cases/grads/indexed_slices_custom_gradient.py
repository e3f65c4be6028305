# A custom gradient receives an IndexedSlices upstream as it is, and may return one.
import tensorflow as tf

@tf.custom_gradient
def double_grad(a):
    def grad(upstream):
        print("upstream is IndexedSlices:", isinstance(upstream, tf.IndexedSlices))
        return tf.IndexedSlices(upstream.values * 2.0, upstream.indices, upstream.dense_shape)
    return tf.identity(a), grad

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.gather(double_grad(x), [1])
g = tape.gradient(y, x)
print(type(g).__name__, g.indices.numpy(), g.values.numpy())
