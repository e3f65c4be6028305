# Complex gradients follow the conjugate convention; abs of a complex tensor has a gradient.
import tensorflow as tf

z = tf.constant([1 + 2j, -0.5 + 0.25j], tf.complex64)
losses = {
    "abs": lambda v: tf.reduce_sum(tf.abs(v)),
    "abs squared": lambda v: tf.reduce_sum(tf.abs(v) ** 2),
    "z * z": lambda v: v * v,
    "real(z * z)": lambda v: tf.reduce_sum(tf.math.real(v * v)),
    "imag": lambda v: tf.reduce_sum(tf.math.imag(v * v)),
    "angle": lambda v: tf.reduce_sum(tf.math.angle(v)),
    "exp": lambda v: tf.reduce_sum(tf.math.real(tf.exp(v))),
    "sqrt": lambda v: tf.reduce_sum(tf.math.real(tf.sqrt(v))),
    "mean": lambda v: tf.math.real(tf.reduce_mean(v * tf.math.conj(v))),
}
for name, loss in losses.items():
    with tf.GradientTape() as tape:
        tape.watch(z)
        y = loss(z)
    print(name, y.dtype.name, tape.gradient(y, z).numpy().round(4).tolist())
a, b = tf.constant([1.0, 2.0]), tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch([a, b])
    c = tf.complex(a, b)
    y = tf.reduce_sum(tf.abs(c) ** 2)
print(c.dtype.name, [g.numpy().tolist() for g in tape.gradient(y, [a, b])])
