import keras
import numpy as np
import tensorflow as tf

x = tf.constant([-1.5, 0.5, 2.0])
for name in ["gelu", "silu", "elu", "selu", "leaky_relu", "mish", "log_sigmoid", "softsign", "celu",
             "squareplus", "hard_sigmoid", "sparsemax", "log_softmax"]:
    f = keras.activations.get(name)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) * tf.constant([1.0, 2.0, 3.0]))
    print(name, np.round(tape.gradient(y, x).numpy(), 5))
