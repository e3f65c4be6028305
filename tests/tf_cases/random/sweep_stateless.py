# Seeded-stream sweep: the stateless ops over shapes, dtypes, seeds and arguments (bit-for-bit digests).
# ruff: noqa: B023 - each lambda is called at once by show(), inside its loop
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


for seed in [[0, 0], [7, 3], tf.constant([-5, 2**40], tf.int64)]:
    tag0 = f"seed {np.asarray(seed).tolist()}"
    for shape in SHAPES:
        for dtype in FLOATS:
            tag = f"{tag0} {shape} {dtype.name}"
            show(f"normal {tag}", lambda: tf.random.stateless_normal(shape, seed, 0.5, 2.0, dtype=dtype))
            show(f"uniform {tag}", lambda: tf.random.stateless_uniform(shape, seed, dtype=dtype))
            show(f"uniform -2..3 {tag}", lambda: tf.random.stateless_uniform(shape, seed, -2, 3, dtype=dtype))
            show(f"truncated {tag}", lambda: tf.random.stateless_truncated_normal(shape, seed, dtype=dtype))
        for dtype in [tf.int32, tf.int64, tf.uint32, tf.uint64]:
            tag = f"{tag0} {shape} {dtype.name}"
            show(f"uniform int {tag}", lambda: tf.random.stateless_uniform(shape, seed, 1, 90, dtype=dtype))
            show(f"full int {tag}", lambda: tf.random.stateless_uniform(shape, seed, None, None, dtype=dtype))
        for alg in ["philox", "threefry", "auto_select"]:
            show(f"normal alg {alg} {tag0} {shape}", lambda: tf.random.stateless_normal(shape, seed, alg=alg))
    show(f"categorical {tag0}", lambda: tf.random.stateless_categorical([[1.0, 2.0, 0.0]], 9, seed))
    show(f"binomial {tag0}", lambda: tf.random.stateless_binomial([2, 4], seed, [5.0, 20.0], [[0.3], [0.9]]))
    for dtype in [tf.float16, tf.float32, tf.float64]:
        show(f"gamma {dtype.name} {tag0}", lambda: tf.random.stateless_gamma([3, 2], seed, [1.5, 0.2], dtype=dtype))
        show(f"poisson {dtype.name} {tag0}", lambda: tf.random.stateless_poisson([4], seed, 3.5, dtype=dtype))
    show(f"poisson int32 {tag0}", lambda: tf.random.stateless_poisson([3, 2], seed, [1.0, 100.0], dtype=tf.int32))
    show(f"shuffle {tag0}", lambda: tf.random.experimental.stateless_shuffle(tf.range(20), seed))
    show(f"shuffle 2-D {tag0}", lambda: tf.random.experimental.stateless_shuffle(tf.reshape(tf.range(6), [3, 2]),
                                                                               seed))
    show(f"experimental split {tag0}", lambda: tf.random.experimental.stateless_split(seed, 3))
    show(f"experimental fold_in {tag0}", lambda: tf.random.experimental.stateless_fold_in(seed, 17))
    show(f"split {tag0}", lambda: tf.random.split(seed, 2))
    show(f"fold_in {tag0}", lambda: tf.random.fold_in(seed, 2**33))
