import sys

import tensorflow as tf

out = sys.stdout
tf.print(tf.range(20), output_stream=out)
tf.print(tf.range(20), summarize=-1, output_stream=out)
tf.print(tf.range(20), summarize=2, output_stream=out)
tf.print(tf.range(20), summarize=0, output_stream=out)
tf.print(tf.range(6), summarize=3, output_stream=out)
tf.print(tf.range(7), output_stream=out)
tf.print(tf.reshape(tf.range(100), [10, 10]), output_stream=out)
tf.print(tf.reshape(tf.range(24), [2, 3, 4]), summarize=1, output_stream=out)
tf.print(tf.reshape(tf.range(60), [5, 3, 4]), output_stream=out)
tf.print(tf.constant([1, 2, 3]), summarize=None, output_stream=out)
tf.print(tf.range(10, dtype=tf.float32) / 3, output_stream=out)
