"""A softmax's axis is checked in Python before the kernel runs (no kernel prefix); a scalar fails in the kernel."""
import tensorflow as tf


def first_line(make):
    try:
        print(make())
    except Exception as error:
        print(type(error).__name__, "|", str(error).splitlines()[0])


x = tf.ones([1, 4])
first_line(lambda: tf.nn.softmax(x, 5))
first_line(lambda: tf.nn.log_softmax(x, -3))
first_line(lambda: tf.nn.softmax(tf.constant(1.0)))
first_line(lambda: tf.nn.softmax(tf.constant(1.0), 0))
first_line(lambda: tf.nn.softmax(x, -2))
