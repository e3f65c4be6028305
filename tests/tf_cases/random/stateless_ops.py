# The tf.random.stateless_* ops: a seed pair always gives TF's numbers.
import hashlib

import numpy as np
import tensorflow as tf


def digest(t):
    return hashlib.sha256(np.ascontiguousarray(t.numpy()).tobytes()).hexdigest()[:16]


def show(label, t):
    print(label, t.dtype.name, t.shape, digest(t))
    if t.shape.num_elements() <= 8:
        print(t.numpy().tolist())


for seed in [[0, 0], [1, 2], [-1, 5], [2**31 - 1, -2**31], tf.constant([3, 4], tf.int64),
             tf.constant([2**40, -2**50], tf.int64)]:
    print("seed", np.asarray(seed).tolist())
    show("normal", tf.random.stateless_normal([5], seed=seed))
    show("normal 2x3 mean/stddev", tf.random.stateless_normal([2, 3], seed=seed, mean=2.0, stddev=3.0))
    show("normal float64", tf.random.stateless_normal([3], seed=seed, dtype=tf.float64))
    show("normal float16", tf.random.stateless_normal([3], seed=seed, dtype=tf.float16))
    show("uniform", tf.random.stateless_uniform([5], seed=seed))
    show("uniform -2..3", tf.random.stateless_uniform([4], seed=seed, minval=-2.0, maxval=3.0))
    show("uniform float64", tf.random.stateless_uniform([3], seed=seed, dtype=tf.float64))
    show("uniform int32", tf.random.stateless_uniform([6], seed=seed, minval=-3, maxval=9, dtype=tf.int32))
    show("uniform int64", tf.random.stateless_uniform([3], seed=seed, minval=0, maxval=2**45, dtype=tf.int64))
    show("full int32", tf.random.stateless_uniform([3], seed=seed, minval=None, maxval=None, dtype=tf.int32))
    show("full uint64", tf.random.stateless_uniform([3], seed=seed, minval=None, maxval=None, dtype=tf.uint64))
    show("truncated", tf.random.stateless_truncated_normal([6], seed=seed))
    show("truncated float64", tf.random.stateless_truncated_normal([3], seed=seed, dtype=tf.float64))
    show("big normal", tf.random.stateless_normal([999, 1003], seed=seed))
    show("big truncated", tf.random.stateless_truncated_normal([1000, 1000], seed=seed))

print(tf.random.split([1, 2], num=3).numpy().tolist())
print(tf.random.split(tf.constant([1, 2], tf.int64)).numpy().tolist())
print(tf.random.fold_in([1, 2], 3).numpy().tolist())
print(tf.random.experimental.stateless_split([7, 8], num=2).numpy().tolist())
print(tf.random.experimental.stateless_fold_in([7, 8], 9).numpy().tolist())
