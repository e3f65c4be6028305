import collections
import sys

import tensorflow as tf

out = sys.stdout
tf.print([1, 2], {"b": "s", "a": 1}, (1, 2.5), None, 3, "x", output_stream=out)
tf.print([tf.constant(1.5), "a", 2], (tf.constant([1, 2]),), output_stream=out)
tf.print({"b": "s", "a": tf.constant(2.0)}, output_stream=out)
tf.print(collections.OrderedDict([("z", 1), ("a", tf.constant([1, 2]))]), output_stream=out)
tf.print(tf.ragged.constant([[1, 2], [3]]), output_stream=out)
tf.print(tf.sparse.SparseTensor([[0, 1]], [5.0], [2, 2]), output_stream=out)
tf.print("%d items {}", 3, output_stream=out)
tf.print(list(range(40)), output_stream=out)
