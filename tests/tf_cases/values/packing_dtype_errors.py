import tensorflow as tf

f = tf.constant(1.0)
i = tf.constant(2)
d = tf.constant(3.0, tf.float64)
cases = {
    "[f, i]": lambda: tf.convert_to_tensor([f, i]),
    "[i, f]": lambda: tf.convert_to_tensor([i, f]),
    "[f, d]": lambda: tf.convert_to_tensor([f, d]),
    "[f, d, 3.]": lambda: tf.convert_to_tensor([f, d, 3.0]),
    "[i, 2.5]": lambda: tf.convert_to_tensor([i, 2.5]),
    "[f, 'x']": lambda: tf.convert_to_tensor([f, "x"]),
    "[bool, 1]": lambda: tf.convert_to_tensor([tf.constant(True), 1]),
    "[f, None]": lambda: tf.convert_to_tensor([f, None]),
    "dtype=string": lambda: tf.convert_to_tensor([f, f], dtype=tf.string),
    "Variable([f, i])": lambda: tf.Variable([f, i]),
    "reduce_sum([f, i])": lambda: tf.reduce_sum([f, i]),
}
for label, make in cases.items():
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
