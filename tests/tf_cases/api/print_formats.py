import sys

import tensorflow as tf

out = sys.stdout
tf.print(tf.constant([[1.5, 2.0, 3.25], [4.0, 5.0, 6.0]]), output_stream=out)
tf.print("loss:", 3.0, tf.constant(2.5), output_stream=out)
tf.print(tf.constant(1e-8), tf.constant(123456789.0), tf.constant(0.1), tf.constant([1e10, 1.0]), output_stream=out)
tf.print(tf.constant(3.0, tf.float64), tf.constant(1 / 3, tf.float64), tf.constant(1 / 3), output_stream=out)
tf.print(tf.constant([0.1], tf.float16), tf.constant(1 / 3, tf.float16), output_stream=out)
tf.print(tf.constant(-0.0), tf.constant(1e-5), tf.constant(123456.0), tf.constant(1234567.0), output_stream=out)
tf.print(tf.constant([1.0, float("nan"), float("inf"), -float("inf")]), output_stream=out)
tf.print(tf.constant(True), tf.constant([True, False]), output_stream=out)
tf.print(tf.constant(["a", "bc"]), tf.constant("hi"), output_stream=out)
tf.print(tf.constant(["a\nb", 'q"']), output_stream=out)
tf.print(tf.constant("just a string"), output_stream=out)
tf.print(tf.constant(1, tf.int64), tf.constant(2, tf.uint8), tf.constant(-3, tf.int8), output_stream=out)
tf.print(tf.Variable([1.0, 2.0]), output_stream=out)
tf.print(tf.zeros([0]), tf.zeros([2, 0]), output_stream=out)
tf.print(tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), output_stream=out)
tf.print(tf.constant([1 + 2j, 3j]), output_stream=out)
tf.print("a", "b", sep=",", end="!\n", output_stream=out)
tf.print(output_stream=out)
print(tf.print("to stderr") is None)
