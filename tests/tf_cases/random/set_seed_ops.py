# tf.random.set_seed and op seeds: the stateful ops draw TF's numbers, call after call.
import hashlib

import numpy as np
import tensorflow as tf


def digest(t):
    return hashlib.sha256(np.ascontiguousarray(t.numpy()).tobytes()).hexdigest()[:16]


def show(label, t):
    print(label, t.dtype.name, t.shape, digest(t))
    if t.shape.num_elements() <= 8:
        print(t.numpy().tolist())


for global_seed in [0, 1, 42, 2**31 - 1, 2**40 + 7]:
    tf.random.set_seed(global_seed)
    show(f"set_seed({global_seed}) normal", tf.random.normal([3]))
    show("normal again", tf.random.normal([3]))
    show("uniform", tf.random.uniform([2, 3]))
    show("uniform -1..1", tf.random.uniform([4], minval=-1.0, maxval=1.0))
    show("uniform 0..5", tf.random.uniform([4], maxval=5.0))
    show("uniform int", tf.random.uniform([6], minval=3, maxval=40, dtype=tf.int32))
    show("uniform int64", tf.random.uniform([3], minval=-7, maxval=2**35, dtype=tf.int64))
    show("truncated", tf.random.truncated_normal([5], mean=1.0, stddev=0.5))
    show("normal float64", tf.random.normal([3], dtype=tf.float64))
    show("normal float16", tf.random.normal([5], dtype=tf.float16))
    show("shuffle", tf.random.shuffle(tf.range(10)))
    show("shuffle 2-D", tf.random.shuffle(tf.reshape(tf.range(12), [4, 3])))
    show("op seed 5", tf.random.normal([2], seed=5))
    show("op seed 5 again", tf.random.normal([2], seed=5))
    show("op seed 5 uniform", tf.random.uniform([2], seed=5))
    show("big normal", tf.random.normal([700, 1001]))
    show("big truncated", tf.random.truncated_normal([300, 333], seed=9))

tf.random.set_seed(7)
first = [tf.random.uniform([2]).numpy().tolist() for _ in range(3)]
tf.random.set_seed(7)
second = [tf.random.uniform([2]).numpy().tolist() for _ in range(3)]
print(first == second, first)
tf.random.set_seed(7)
print(tf.random.uniform([2], seed=3).numpy().tolist(), tf.random.uniform([2], seed=3).numpy().tolist())
tf.random.set_seed(7)
print(tf.random.uniform([2], seed=3).numpy().tolist())
print(tf.random.shuffle(tf.range(100), seed=2).numpy().tolist())
print(tf.random.shuffle(tf.range(100), seed=2).numpy().tolist())
print(tf.random.shuffle(tf.constant([5.0])).numpy().tolist(), tf.random.normal([1]).numpy().tolist())
