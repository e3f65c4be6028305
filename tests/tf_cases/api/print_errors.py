import io
import os
import tempfile

import tensorflow as tf

try:
    tf.print("x", foo=1)
except ValueError as e:
    print(type(e).__name__)
try:
    tf.print("x", output_stream=io.StringIO())
except ValueError as e:
    print(type(e).__name__)
path = os.path.join(tempfile.mkdtemp(), "log.txt")
tf.print("first", tf.constant([1, 2]), output_stream="file://" + path)
tf.print("second", output_stream="file://" + path)
print(open(path).read(), end="")
