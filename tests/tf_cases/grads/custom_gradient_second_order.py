# The ops inside grad_fn are recorded by an outer tape: second derivatives work.
import tensorflow as tf

@tf.custom_gradient
def cube(a):
    def grad(dy):
        return dy * 3.0 * a * a
    return a * a * a, grad

x = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = cube(x)
    g = inner.gradient(y, x)
print(g, outer.gradient(g, x))
