# tf.random.Generator draws TF's numbers: seeds, shapes, dtypes, and the state after each draw.
import hashlib

import numpy as np
import tensorflow as tf


def digest(t):
    """The first 16 hex digits of the SHA-256 of the tensor's bytes: equal only if every bit is."""
    return hashlib.sha256(np.ascontiguousarray(t.numpy()).tobytes()).hexdigest()[:16]


def show(label, t):
    print(label, t.dtype.name, t.shape, digest(t))
    if t.shape.num_elements() <= 8:
        print(t.numpy().tolist())


for seed in [0, 1, 7, 12345, 2**40 + 3, 2**64 + 5]:
    g = tf.random.Generator.from_seed(seed)
    show(f"seed {seed} normal []", g.normal([]))
    show("normal [5]", g.normal([5]))
    show("normal [3, 7] float64", g.normal([3, 7], dtype=tf.float64))
    show("normal [7] float16", g.normal([7], dtype=tf.float16))
    show("normal mean/stddev", g.normal([2, 3], mean=1.5, stddev=0.25))
    show("uniform [6]", g.uniform([6]))
    show("uniform [5] -3..2", g.uniform([5], minval=-3.0, maxval=2.0))
    show("uniform [3] float64", g.uniform([3], dtype=tf.float64, maxval=10.0))
    show("uniform [9] float16", g.uniform([9], dtype=tf.float16))
    show("truncated [7]", g.truncated_normal([7]))
    show("truncated [5] float64", g.truncated_normal([5], dtype=tf.float64, stddev=3.0))
    show("truncated [6] float16", g.truncated_normal([6], dtype=tf.float16))
    show("int32 [7]", g.uniform([7], minval=-5, maxval=17, dtype=tf.int32))
    show("int64 [5]", g.uniform([5], minval=-2**40, maxval=2**41, dtype=tf.int64))
    show("full int32 [5]", g.uniform_full_int([5], dtype=tf.int32))
    show("full uint32 [5]", g.uniform_full_int([5], dtype=tf.uint32))
    show("full int64 [3]", g.uniform_full_int([3], dtype=tf.int64))
    show("full uint64 [3]", g.uniform_full_int([3]))
    show("ints None None", g.uniform([3], minval=None, maxval=None, dtype=tf.int64))
    print("state", g.state.numpy().tolist())

g = tf.random.Generator.from_seed(42)
show("big normal", g.normal([1000, 1000]))
show("big truncated", g.truncated_normal([501, 997]))
show("big uniform float64", g.uniform([333, 777], dtype=tf.float64))
show("big truncated float64", g.truncated_normal([100, 1001], dtype=tf.float64))
show("odd normal float64", g.normal([1001], dtype=tf.float64))
print("state", g.state.numpy().tolist())
