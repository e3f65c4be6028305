# Seeded-stream sweep: argument forms (tensor shapes, TensorShape, tensor bounds and seeds) and tf.function.
# ruff: noqa: B023 - each lambda is called at once by show(), inside its loop
import hashlib

import numpy as np
import tensorflow as tf


def show(label, make):
    try:
        t = make()
    except Exception as error:  # noqa: BLE001 - the exception type is what the case compares
        print(label, "raises", type(error).__name__)
        return
    data = np.ascontiguousarray(t.numpy())
    print(label, t.dtype.name, list(t.shape), hashlib.sha256(data.tobytes()).hexdigest()[:16])


for global_seed in [2, 1234]:
    tf.random.set_seed(global_seed)
    show("int64 shape tensor", lambda: tf.random.normal(tf.constant([2, 3], tf.int64)))
    show("int32 shape tensor", lambda: tf.random.normal(tf.constant([2, 3])))
    show("TensorShape", lambda: tf.random.uniform(tf.TensorShape([4])))
    show("tuple shape", lambda: tf.random.truncated_normal((2, 2), seed=3))
    show("tensor bounds", lambda: tf.random.uniform([3], tf.constant(-1.0), tf.constant(4.0)))
    show("vector mean", lambda: tf.random.normal([2, 3], mean=[0.0, 10.0, 20.0], seed=8))
    show("int64 bounds", lambda: tf.random.uniform([3], tf.constant(5, tf.int64), 2**40, dtype=tf.int64))
    show("numpy seed", lambda: tf.random.normal([2], seed=np.int64(9)))
    show("stateless tuple seed", lambda: tf.random.stateless_normal([3], (1, 2)))
    show("stateless int32 tensor seed", lambda: tf.random.stateless_uniform([3], tf.constant([5, 6])))
    show("categorical float64 logits", lambda: tf.random.categorical(tf.constant([[0.1, 0.9]], tf.float64), 5))

    @tf.function
    def draws():
        return tf.random.normal([2]), tf.random.uniform([2], seed=4), tf.random.shuffle(tf.range(5))

    for call in range(2):
        for k, t in enumerate(draws()):
            show(f"tf.function call {call} output {k}", lambda: t)

    g = tf.random.Generator.from_seed(global_seed)

    @tf.function
    def generator_draws():
        return g.normal([3]), g.uniform([2], maxval=10, dtype=tf.int32)

    for call in range(2):
        for k, t in enumerate(generator_draws()):
            show(f"generator in tf.function call {call} output {k}", lambda: t)
