import decimal
import fractions

import numpy as np
import tensorflow as tf

# Odd values through every conversion entry point: what TF 2.21 raises (or returns).
# (`tensor * value` is left out: TF 2.21 raises an internal AttributeError for several of these.)
values = [None, object(), {}, {"a": 1}, {1, 2}, (x for x in range(2)), range(3), [], [[]], [[], []], [1, None],
          [[1], [2, 3]], [1, "a"], ["a", 1], [True, 1], [1, True], [1.0, 1j], [1j, 1.0], 2**63, -2**63 - 1, [2**63],
          float("nan"), float("inf"), 1e400, b"x", "é", [b"a", "b"], np.array([1, "a"], dtype=object),
          np.array(["2020-01-01"], dtype="datetime64[D]"), np.array([1.0], dtype=np.longdouble), np.float16(1.5),
          fractions.Fraction(1, 2), decimal.Decimal("1.5"), memoryview(b"ab"), bytearray(b"ab"), slice(1), Ellipsis,
          tf.TensorShape([2, None]), tf.TensorShape([2, 3]), tf.float32, [tf.constant(1.0), "x"], [tf.constant(1), 2.5]]


def describe(f, *args, **kwargs):
    try:
        r = f(*args, **kwargs)
        return f"{r.dtype.name}{list(r.shape)}"
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


def add(x, y):
    return x + y


def equals(x, y):
    return x == y


def assign(value):
    return tf.Variable(1.0).assign(value)


one = tf.constant(1.0)
for i, value in enumerate(values):
    print(i, "constant", describe(tf.constant, value), "ctt", describe(tf.convert_to_tensor, value),
          "Variable", describe(tf.Variable, value), "f32", describe(tf.constant, value, tf.float32),
          "i32", describe(tf.convert_to_tensor, value, tf.int32),
          "str", describe(tf.convert_to_tensor, value, tf.string),
          "hint", describe(tf.convert_to_tensor, value, dtype_hint=tf.int32),
          "add", describe(add, one, value), "radd", describe(add, value, one), "eq", describe(equals, one, value),
          "assign", describe(assign, value), "sum", describe(tf.reduce_sum, value))
