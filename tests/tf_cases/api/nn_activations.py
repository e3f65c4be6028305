import numpy as np
import tensorflow as tf

x = tf.constant([-2.0, -0.5, 0.0, 0.5, 3.0])
print(np.round(tf.nn.silu(x).numpy(), 5))
print(np.round(tf.nn.silu(x, beta=2.0).numpy(), 5))
print(tf.nn.swish is tf.nn.silu)
print(tf.nn.gelu(x))
print(np.round(tf.nn.gelu(x, approximate=True).numpy(), 5))
print(tf.nn.leaky_relu(x))
print(tf.nn.leaky_relu(x, alpha=0.1))
print(tf.nn.leaky_relu([1, -2]))
print(tf.nn.elu(x))
print(np.round(tf.nn.selu(x).numpy(), 5))
print(tf.nn.relu6([-1.0, 3.0, 7.0]))
print(tf.nn.relu6([-1, 3, 7]))
print(tf.nn.softsign(x))
print(np.round(tf.nn.log_softmax([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]).numpy(), 5))
print(tf.nn.log_softmax([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], axis=0))
print(tf.math.log_softmax([2.0, 1.0]), np.round(tf.math.softmax([2.0, 1.0]).numpy(), 5))
for bad in [lambda: tf.nn.silu([1, 2]), lambda: tf.nn.gelu([1, 2]), lambda: tf.nn.elu([1, -2]),
            lambda: tf.nn.log_softmax([1, 2]), lambda: tf.nn.log_softmax([1.0, 2.0], axis=3)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
