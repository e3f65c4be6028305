import tensorflow as tf

v = tf.Variable([1.0, 2.0], name="v")
print(list(v), v.shape[0], len(v.numpy()), len(tf.constant([1.0, 2.0])))
for label, make in [("len(v)", lambda: len(v)), ("len(scalar v)", lambda: len(tf.Variable(1.0))),
                    ("v.trainable = False", lambda: setattr(v, "trainable", False)),
                    ("del v.trainable", lambda: delattr(v, "trainable")),
                    ("v.name = 'x'", lambda: setattr(v, "name", "x")),
                    ("v.dtype = ...", lambda: setattr(v, "dtype", tf.float64)),
                    ("v.shape = ...", lambda: setattr(v, "shape", [2])),
                    ("iter(scalar)", lambda: list(tf.Variable(1.0))),
                    ("float(v)", lambda: float(v))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
print(v.trainable, v.name, v.dtype, v.shape, v.numpy())
print(tf.Variable(1.0, trainable=False).trainable, tf.Variable(1.0, trainable=None).trainable)
print(int(tf.Variable(3.7)), bool(tf.Variable(0.0)), float(tf.Variable(2.5)))
