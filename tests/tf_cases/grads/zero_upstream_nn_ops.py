# nn ops with inf/nan inputs: plain gradients and zero upstream.
import tensorflow as tf

x = tf.constant([[-float("inf"), -1.0, 0.0, 1.0, float("inf")]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    outs = {
        "sigmoid": tf.sigmoid(x), "tanh": tf.tanh(x), "softplus": tf.math.softplus(x),
        "relu": tf.nn.relu(x), "elu": tf.nn.elu(x), "selu": tf.nn.selu(x),
        "leaky_relu": tf.nn.leaky_relu(x), "relu6": tf.nn.relu6(x), "exp": tf.exp(x),
    }
    zeros = {name: 0.0 * y for name, y in outs.items()}
for name, y in outs.items():
    print(name, tape.gradient(y, x).numpy().tolist(), tape.gradient(zeros[name], x).numpy().tolist())
