import numpy as np
import tensorflow as tf

for value in [float, bool, object, "float", "double", "half", "float32", "bool", "string", "complex64", "uint8",
              np.float32, np.float64, np.int32, np.int64, np.bool_, np.str_, np.bytes_, np.object_,
              np.dtype("float32"), np.dtype("<U3"), np.dtype("S2")]:
    print(repr(value) if not isinstance(value, type) else value.__name__, tf.as_dtype(value))
for value in [int, complex, str, bytes, "int", "tf.float32", None, 1.5, 0, 100]:
    try:
        print(repr(value), tf.as_dtype(value))
    except Exception as e:
        print(repr(value), type(e).__name__)
print(tf.float32, str(tf.float32), tf.float32.name, tf.float32 == "float32", tf.float32 == np.float32)
print(tf.float32.is_floating, tf.int32.is_integer, tf.bool.is_bool, tf.string.name, tf.float16.size, tf.float64.size)
print(tf.float32.max, tf.int8.min, tf.uint8.max, tf.half is tf.float16, tf.double is tf.float64)
print(tf.float32.as_numpy_dtype, tf.float32.is_complex, tf.complex64.is_complex, tf.uint8.is_unsigned)
