import numpy as np
import tensorflow as tf

# Every creation function, each argument replaced by odd values: what TF 2.21 raises (or returns).
bad_shapes = [-1, [-1], [2, -1], 2.5, [2.5], [2.0], None, [None], "a", ["a"], [[2]], [], (), 0, [0], [True],
              np.int64(2), np.array([2, 3]), np.array([2.0]), tf.constant([2]), tf.constant([2.0]), tf.constant(-1),
              tf.TensorShape([2]), tf.TensorShape(None), {"a": 1}, object(), 1j, [1, [2]]]
bad_dtypes = [None, "foo", "float", int, float, 5, 1.5, tf.string, tf.bool, tf.complex64, tf.uint8, np.float16]


def describe(f):
    try:
        r = f()
        return f"{r.dtype.name}{list(r.shape)}"
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


for i, shape in enumerate(bad_shapes):
    print(i, "zeros", describe(lambda: tf.zeros(shape)), "ones", describe(lambda: tf.ones(shape)),
          "fill", describe(lambda: tf.fill(shape, 1.0)), "constant", describe(lambda: tf.constant(1.0, shape=shape)))
for i, dtype in enumerate(bad_dtypes):
    print(i, "zeros", describe(lambda: tf.zeros([2], dtype=dtype)), "ones", describe(lambda: tf.ones([2], dtype=dtype)),
          "eye", describe(lambda: tf.eye(2, dtype=dtype)), "constant", describe(lambda: tf.constant(1, dtype=dtype)),
          "range", describe(lambda: tf.range(3, dtype=dtype)), "ctt", describe(lambda: tf.convert_to_tensor(1, dtype=dtype)),
          "zeros_like", describe(lambda: tf.zeros_like([1.0], dtype=dtype)), "Variable", describe(lambda: tf.Variable(1, dtype=dtype)),
          "cast", describe(lambda: tf.cast([1.0], dtype)), "one_hot", describe(lambda: tf.one_hot([0], 2, dtype=dtype)))
for i, n in enumerate([-1, 0, 2.5, None, "a", [2], np.int32(2), tf.constant(2), tf.constant(2.0), True, 1j]):
    print(i, "eye", describe(lambda: tf.eye(n)), "eye cols", describe(lambda: tf.eye(2, n)),
          "one_hot depth", describe(lambda: tf.one_hot([0, 1], n)), "range", describe(lambda: tf.range(n)),
          "range delta", describe(lambda: tf.range(0, 4, n)), "linspace num", describe(lambda: tf.linspace(0.0, 1.0, n)))
for kw in ["foo", "shape_", "dtypes"]:
    print(kw, [describe(lambda: f(**{kw: 1})) for f in (lambda **k: tf.zeros([2], **k), lambda **k: tf.ones([2], **k),
                                                         lambda **k: tf.constant(1.0, **k), lambda **k: tf.fill([2], 1.0, **k),
                                                         lambda **k: tf.range(3, **k), lambda **k: tf.eye(2, **k),
                                                         lambda **k: tf.convert_to_tensor(1.0, **k),
                                                         lambda **k: tf.one_hot([0], 2, **k), lambda **k: tf.zeros_like([1.0], **k))])
