import numpy as np
import tensorflow as tf

# Every creation function, each argument replaced by odd values: what TF 2.21 raises (or returns).
bad_shapes = [-1, [-1], [2, -1], 2.5, [2.5], [2.0], None, [None], "a", ["a"], [[2]], [], (), 0, [0], [True],
              np.int64(2), np.array([2, 3]), np.array([2.0]), tf.constant([2]), tf.constant([2.0]), tf.constant(-1),
              tf.TensorShape([2]), tf.TensorShape(None), {"a": 1}, object(), 1j, [1, [2]]]
bad_dtypes = [None, "foo", "float", int, float, 5, 1.5, tf.string, tf.bool, tf.complex64, tf.uint8, np.float16]


def describe(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
        return f"{r.dtype.name}{list(r.shape)}"
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


for i, shape in enumerate(bad_shapes):
    print(i, "zeros", describe(tf.zeros, shape), "ones", describe(tf.ones, shape),
          "fill", describe(tf.fill, shape, 1.0), "constant", describe(tf.constant, 1.0, shape=shape))
for i, dtype in enumerate(bad_dtypes):
    print(i, "zeros", describe(tf.zeros, [2], dtype=dtype), "ones", describe(tf.ones, [2], dtype=dtype),
          "eye", describe(tf.eye, 2, dtype=dtype), "constant", describe(tf.constant, 1, dtype=dtype),
          "range", describe(tf.range, 3, dtype=dtype), "ctt", describe(tf.convert_to_tensor, 1, dtype=dtype),
          "zeros_like", describe(tf.zeros_like, [1.0], dtype=dtype), "Variable", describe(tf.Variable, 1, dtype=dtype),
          "cast", describe(tf.cast, [1.0], dtype), "one_hot", describe(tf.one_hot, [0], 2, dtype=dtype))
for i, n in enumerate([-1, 0, 2.5, None, "a", [2], np.int32(2), tf.constant(2), tf.constant(2.0), True, 1j]):
    print(i, "eye", describe(tf.eye, n), "eye cols", describe(tf.eye, 2, n),
          "one_hot depth", describe(tf.one_hot, [0, 1], n), "range", describe(tf.range, n),
          "range delta", describe(tf.range, 0, 4, n), "linspace num", describe(tf.linspace, 0.0, 1.0, n))
calls = [(tf.zeros, [2]), (tf.ones, [2]), (tf.constant, 1.0), (tf.fill, [2], 1.0), (tf.range, 3), (tf.eye, 2),
         (tf.convert_to_tensor, 1.0), (tf.one_hot, [0], 2), (tf.zeros_like, [1.0])]
for keyword in ["foo", "shape_", "dtypes"]:
    print(keyword, [describe(f, *args, **{keyword: 1}) for f, *args in calls])
