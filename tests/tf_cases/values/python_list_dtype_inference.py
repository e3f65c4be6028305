import numpy as np
import tensorflow as tf

for value in [[1, 2.0], [2.0, 1], [1, True], [1j, 1.0], [np.float64(2.0), 1.0], [1.0, np.float64(2.0)],
              [np.float16(2.0), np.float32(1.0)], [np.float32(2.0), np.float16(1.0)], [1, np.float64(2.0)],
              [np.int64(1), 2], [np.int8(1), 2], [np.int8(1), 2.0], [np.array([1.0]), np.array([2.0], np.float32)],
              [np.array(1.0, np.float32), 2.0], [[1.0], np.array([2.0])], [1, 2**40], [2**40, 1.0], [], [[]],
              np.int8(1), np.array(["ab", "c"]), b"x", "é", [b"a", "b"]]:
    t = tf.constant(value)
    print(t.dtype.name, t.shape, t.numpy().tolist() if t.dtype != tf.string else t.numpy())
