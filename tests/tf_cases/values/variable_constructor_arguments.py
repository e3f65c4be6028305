import numpy as np
import tensorflow as tf

for name in [None, "", "a b", "a:0", "a/b", "a/", "_a", "-a", "é"]:
    print(repr(name), tf.Variable(1.0, name=name).name)
print(tf.Variable([1.0, 2.0], shape=[None]), tf.Variable([1.0, 2.0], shape=tf.TensorShape(None)))
print(tf.Variable([1.0, 2.0], shape=None).shape, tf.Variable("a"), tf.Variable(lambda: 3.0))
print(tf.Variable(np.array([1.0, 2.0])), tf.Variable(tf.Variable(2.0)), tf.Variable(1.0, validate_shape=False))
print(tf.Variable(1.0, trainable=False).trainable, tf.Variable(1.0, dtype=tf.float64))
print(tf.Variable(1.0, foo=1))
for label, make in [("name=5", lambda: tf.Variable(1.0, name=5)), ("name=5.5", lambda: tf.Variable(1.0, name=5.5)),
                    ("name=b'x'", lambda: tf.Variable(1.0, name=b"x")),
                    ("dtype='foo'", lambda: tf.Variable(1.0, dtype="foo")),
                    ("shape='a'", lambda: tf.Variable(1.0, shape="a")),
                    ("shape=[2]", lambda: tf.Variable(1.0, shape=[2])),
                    ("shape=[-1]", lambda: tf.Variable([1.0], shape=[-1])), ("None", lambda: tf.Variable(None)),
                    ("no args", lambda: tf.Variable()), ("1.5 int32", lambda: tf.Variable(1.5, dtype=tf.int32)),
                    ("f32 tensor as f64", lambda: tf.Variable(tf.constant(1.0), dtype=tf.float64)),
                    ("[1, 'a']", lambda: tf.Variable([1, "a"])), ("object()", lambda: tf.Variable(object())),
                    ("variable as f64", lambda: tf.Variable(tf.Variable([1.0]), dtype=tf.float64))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
