# Seeded-stream sweep: tf.random.set_seed and the stateful ops over shapes, dtypes, seeds and arguments.
# ruff: noqa: B023 - each lambda is called at once by show(), inside its loop
# Each draw prints a digest of its bytes, so equal lines mean bit-for-bit equal numbers.
import hashlib

import numpy as np
import tensorflow as tf

SHAPES = [[], [0], [3], [2, 3], [1000]]
FLOATS = [tf.float16, tf.float32, tf.float64]  # tapekit has no bfloat16 dtype


def show(label, make):
    try:
        t = make()
    except Exception as error:  # noqa: BLE001 - the exception type is what the case compares
        print(label, "raises", type(error).__name__)
        return
    data = np.ascontiguousarray(t.numpy())
    print(label, t.dtype.name, list(t.shape), hashlib.sha256(data.tobytes()).hexdigest()[:16])


for global_seed in [0, 5, 2**31 - 1]:
    tf.random.set_seed(global_seed)
    for op_seed in [None, 11]:
        for shape in SHAPES:
            for dtype in FLOATS:
                tag = f"g{global_seed} s{op_seed} {shape} {dtype.name}"
                show(f"normal {tag}", lambda: tf.random.normal(shape, dtype=dtype, seed=op_seed))
                show(f"uniform {tag}", lambda: tf.random.uniform(shape, dtype=dtype, seed=op_seed))
                show(f"uniform -2..3 {tag}", lambda: tf.random.uniform(shape, -2, 3, dtype=dtype, seed=op_seed))
                show(f"truncated {tag}", lambda: tf.random.truncated_normal(shape, 1.0, 2.0, dtype=dtype,
                                                                            seed=op_seed))
            for dtype in [tf.int32, tf.int64]:
                tag = f"g{global_seed} s{op_seed} {shape} {dtype.name}"
                show(f"uniform int {tag}", lambda: tf.random.uniform(shape, -7, 100, dtype=dtype, seed=op_seed))
                show(f"uniform int no maxval {tag}", lambda: tf.random.uniform(shape, dtype=dtype, seed=op_seed))
            show(f"shuffle {shape} s{op_seed}", lambda: tf.random.shuffle(tf.reshape(
                tf.range(int(np.prod(shape))), shape), seed=op_seed))
        show(f"shuffle [4, 2] s{op_seed}", lambda: tf.random.shuffle(tf.reshape(tf.range(8.0), [4, 2]), seed=op_seed))
        show(f"categorical s{op_seed}", lambda: tf.random.categorical([[0.0, 1.0, 2.0], [3.0, 0.0, -1.0]], 7,
                                                                     seed=op_seed))
        show(f"categorical int32 s{op_seed}", lambda: tf.random.categorical(tf.math.log([[0.5, 0.5]]), 1000,
                                                                           dtype=tf.int32, seed=op_seed))
        for dtype in [tf.float16, tf.float32, tf.float64]:
            show(f"gamma {dtype.name} s{op_seed}", lambda: tf.random.gamma([5], [0.5, 1.0, 3.0], dtype=dtype,
                                                                          seed=op_seed))
            show(f"gamma beta {dtype.name} s{op_seed}", lambda: tf.random.gamma([2, 3], 2.0, beta=[1.0, 4.0],
                                                                               dtype=dtype, seed=op_seed))
        for dtype in [tf.float32, tf.float64, tf.int32, tf.int64]:
            show(f"poisson {dtype.name} s{op_seed}", lambda: tf.random.poisson([4], [0.5, 3.0, 40.0], dtype=dtype,
                                                                              seed=op_seed))
    # the same draws again after setting the same seed: the same numbers
    tf.random.set_seed(global_seed)
    show("again normal", lambda: tf.random.normal([3]))
    show("again uniform s11", lambda: tf.random.uniform([3], seed=11))
    show("repeat uniform s11", lambda: tf.random.uniform([3], seed=11))
