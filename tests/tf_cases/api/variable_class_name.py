"""tf.Variable(...) makes a ResourceVariable (TF's metaclass), still an instance of tf.Variable."""
import tensorflow as tf

v = tf.Variable([1.0, 2.0])
print(type(v).__name__, isinstance(v, tf.Variable), type(v) is tf.Variable, tf.Variable.__name__)
print(type(v.assign([3.0, 4.0])).__name__, type(tf.Variable(1, trainable=False)).__name__)
print(issubclass(type(v), tf.Variable), type(v + 1.0) is type(v))
for bad in (lambda: len(tf.Variable(1.0)), lambda: v.__setitem__(0, 1.0), lambda: v.ndim):
    try:
        bad()
    except (TypeError, AttributeError) as error:
        print(type(error).__name__, str(error).splitlines()[0])
