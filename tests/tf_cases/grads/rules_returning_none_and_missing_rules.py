import tensorflow as tf

# Ops whose registered gradient returns None, ops declared NotDifferentiable, an op with no gradient at
# all, and piecewise-constant ops whose gradient is zeros: what tape.gradient gives in each case.
x = tf.Variable(2.3)
cases = {
    "round": lambda: tf.round(x) * 3.0,
    "floor": lambda: tf.floor(x) * 3.0,
    "ceil": lambda: tf.math.ceil(x) * 3.0,
    "rint": lambda: tf.math.rint(x) * 3.0,
    "floordiv": lambda: (x // 2.0) * 3.0,
    "argmax": lambda: tf.cast(tf.argmax([x, 1.0]), tf.float32),
    "sign": lambda: tf.sign(x) * 3.0,
    "greater": lambda: tf.cast(x > 1.0, tf.float32),
    "one_hot on_value": lambda: tf.reduce_sum(tf.one_hot([0, 1], 3, on_value=x)),
    "range": lambda: tf.reduce_sum(tf.range(x, 5.0)),
    "adjust_contrast": lambda: tf.reduce_sum(tf.image.adjust_contrast(tf.ones([2, 2, 1]) * x, 2.0)),
    "round plus x": lambda: tf.round(x) + x,
}
for name, f in cases.items():
    with tf.GradientTape() as tape:
        y = f()
    try:
        print(name, tape.gradient(y, x))
    except LookupError as e:
        print(name, type(e).__name__, e)
    with tf.GradientTape() as tape:
        y = f()
    try:
        print(name, "zero:", tape.gradient(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))
    except LookupError as e:
        print(name, "zero:", type(e).__name__)
