import keras
import numpy as np
import tensorflow as tf

x = tf.constant([-1.0, 0.5, 3.0])
for name in ["gelu", "silu", "swish", "elu", "selu", "leaky_relu", "relu6", "log_softmax", "softsign",
             "hard_sigmoid", "mish", "log_sigmoid", "hard_silu", "hard_swish", "celu", "relu", "sigmoid",
             "tanh", "softmax", "softplus", "exponential", "linear", "hard_tanh", "hard_shrink",
             "soft_shrink", "tanh_shrink", "sparse_plus", "sparse_sigmoid", "squareplus", "sparsemax"]:
    print(name, np.round(keras.activations.get(name)(x).numpy(), 5))
print(keras.activations.relu(x, negative_slope=0.1, max_value=2.0, threshold=0.0))
print(keras.activations.relu(x, threshold=1.0))
print(keras.activations.elu(x, alpha=0.5))
print(keras.activations.leaky_relu(x, negative_slope=0.3))
print(np.round(keras.activations.gelu(x, approximate=True).numpy(), 5))
print(keras.activations.glu(tf.constant([[1.0, 2.0, 3.0, 4.0]])))
print(keras.activations.threshold(x, 0.0, -5.0))
print(keras.activations.get(None) is keras.activations.linear)
print(keras.activations.get(tf.nn.gelu) is tf.nn.gelu)
print(keras.activations.serialize(keras.activations.gelu))
try:
    keras.activations.get("foo")
except ValueError as e:
    print(type(e).__name__)
