# output_gradients of another shape than the target: TF does not broadcast [3] to a [2] target
# (InvalidArgumentError), a scalar or a [1] entry works through element-wise rules; a Python list
# is one entry per target, so [1., 2., 3.] for one target seeds it with 1.0
import tensorflow as tf

x = tf.Variable([1., 2.])
m = tf.Variable([[1., 2.], [3., 4.]])


def attempt(name, make_target, source, output_gradients):
    try:
        with tf.GradientTape() as tape:
            y = make_target()
        print(name, tape.gradient(y, source, output_gradients=output_gradients))
    except tf.errors.InvalidArgumentError as e:
        print(name, type(e).__name__)


for og in (tf.ones([3]), tf.ones([1]), tf.ones([]), tf.ones([2, 2]), tf.ones([3, 2]), tf.constant([[1.], [2.]]),
           [1., 2., 3.], 2.0, tf.constant([0.5, -1.])):
    attempt(f"x*x {getattr(og, 'shape', og)}", lambda: x * x, x, og)
for og in (tf.ones([3]), tf.ones([4]), tf.constant([2., 3.])):
    attempt(f"sin {og.shape}", lambda: tf.sin(x), x, og)
    attempt(f"sum {og.shape}", lambda: tf.reduce_sum(m, axis=0) * 2.0, m, og)
for og in (tf.ones([3]), tf.ones([4]), tf.ones([2, 2]) * 3.0):
    attempt(f"matmul {og.shape}", lambda: tf.matmul(m, m), m, og)
