import numpy as np
import tensorflow as tf

print(tf.convert_to_tensor([1, 2], dtype_hint=tf.float32), tf.convert_to_tensor([1.5], dtype_hint=tf.int32))
print(tf.convert_to_tensor(1, dtype_hint=tf.string), tf.convert_to_tensor(np.array([1.5]), dtype=tf.int32))
print(tf.convert_to_tensor(np.array([1]), dtype=tf.float32), tf.convert_to_tensor(tf.TensorShape([2, 3])))
print(tf.convert_to_tensor(1.0, name=5), tf.convert_to_tensor(tf.Variable(2.0)))
v = tf.Variable([1.0])
for label, make in [("TensorShape None", lambda: tf.convert_to_tensor(tf.TensorShape([2, None]))),
                    ("dtype object", lambda: tf.convert_to_tensor(tf.float32)),
                    ("foo=1", lambda: tf.convert_to_tensor(1.0, foo=1)),
                    ("dtype foo", lambda: tf.convert_to_tensor(1.0, dtype="foo")),
                    ("hint foo", lambda: tf.convert_to_tensor(1.0, dtype_hint="foo")),
                    ("tensor f64", lambda: tf.convert_to_tensor(tf.constant(1.0), dtype=tf.float64)),
                    ("variable f64", lambda: tf.convert_to_tensor(v, dtype=tf.float64)),
                    ("np str f32", lambda: tf.convert_to_tensor(np.array(["a"]), dtype=tf.float32)),
                    ("None", lambda: tf.convert_to_tensor(None)), ("dict", lambda: tf.convert_to_tensor({"a": 1}))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
