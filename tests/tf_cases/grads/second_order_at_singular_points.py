# Second derivatives of sqrt, rsqrt and 1/x where the first derivative is inf or 0.
import tensorflow as tf

# (rsqrt at inf gives a zero whose sign depends on TF's vectorisation: left out)
x = tf.constant([0.0, 0.25, 4.0, float("inf"), -float("inf")])
for name, f in [("sqrt", tf.sqrt), ("rsqrt", tf.math.rsqrt), ("reciprocal", tf.math.reciprocal)]:
    if name == "rsqrt":
        x = tf.constant([0.0, 0.25, 4.0, -1.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    print(name, g.numpy().tolist(), outer.gradient(g, x).numpy().tolist())
