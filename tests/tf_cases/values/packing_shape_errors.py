import tensorflow as tf

a = tf.constant(1.0)
vec = tf.constant([1.0, 2.0])
cases = {
    "[vec, a]": lambda: tf.convert_to_tensor([vec, a]),
    "[vec, [1., 2., 3.]]": lambda: tf.convert_to_tensor([vec, tf.constant([1.0, 2.0, 3.0])]),
    "[[a, a], 3.]": lambda: tf.convert_to_tensor([[a, a], 3.0]),
    "[[1., 2.], [a]]": lambda: tf.convert_to_tensor([[1.0, 2.0], [a]]),
    "reduce_sum([[a], [a, a]])": lambda: tf.reduce_sum([[a], [a, a]]),
}
for label, make in cases.items():
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
