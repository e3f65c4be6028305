# Seeded-stream sweep: tf.random.Generator over seeds, shapes, dtypes and its state methods (bit-for-bit digests).
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


for seed in [0, 3, 2**33 + 1]:
    g = tf.random.Generator.from_seed(seed)
    for shape in SHAPES:
        for dtype in FLOATS:
            tag = f"seed {seed} {shape} {dtype.name}"
            show(f"normal {tag}", lambda: g.normal(shape, 1.0, 0.5, dtype=dtype))
            show(f"uniform {tag}", lambda: g.uniform(shape, dtype=dtype))
            show(f"uniform -2..3 {tag}", lambda: g.uniform(shape, -2, 3, dtype=dtype))
            show(f"truncated {tag}", lambda: g.truncated_normal(shape, dtype=dtype))
        for dtype in [tf.int32, tf.int64]:
            show(f"uniform int {seed} {shape} {dtype.name}", lambda: g.uniform(shape, -4, 50, dtype=dtype))
        show(f"binomial {seed} {shape}", lambda: g.binomial(shape, 10.0, 0.25))
    show("state", lambda: g.state)
    show("make_seeds", lambda: g.make_seeds(3))
    show("state after make_seeds", lambda: g.state)
    children = g.split(2)
    show("split child normal", lambda: children[1].normal([4]))
    show("state after split", lambda: g.state)
    g.skip(10)
    show("after skip", lambda: g.normal([2]))
    g.reset_from_seed(seed + 1)
    show("reset_from_seed", lambda: g.uniform([3]))
    g.reset_from_seed(seed)
    show("reset to seed", lambda: g.normal([]))
    for alg in ["philox", "threefry"]:
        show(f"from_seed alg {alg}", lambda: tf.random.Generator.from_seed(seed, alg=alg).normal([3]))

nd = tf.random.Generator.from_non_deterministic_state()
print("non-deterministic state", nd.state.shape, nd.state.dtype.name, nd.algorithm)
print("normal shape", nd.normal([2, 2]).shape)
