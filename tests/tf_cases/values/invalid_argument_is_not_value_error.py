import tensorflow as tf

x = tf.constant([1.0, 2.0])
n = tf.constant([1, 2])
try:
    try:
        x * n
    except ValueError:
        print("caught as ValueError")
except tf.errors.InvalidArgumentError as e:
    print("not a ValueError:", type(e).__name__, e.error_code, e.op is None)
try:
    tf.reshape(x, [3])
except tf.errors.OpError as e:
    print(type(e).__name__, isinstance(e, ValueError))
try:
    tf.range(5, 0)
except (ValueError, TypeError):
    print("ValueError or TypeError")
except tf.errors.InvalidArgumentError:
    print("InvalidArgumentError")
