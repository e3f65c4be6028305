import numpy as np
import tensorflow as tf

print(tf.zeros(3), tf.zeros(()), tf.zeros([]), tf.zeros(tf.constant([2, 3])), tf.zeros(tf.TensorShape([2])))
print(tf.zeros(np.int64(2)), tf.zeros([True]), tf.zeros(True), tf.zeros(tf.constant(2)))
print(tf.zeros([2], dtype=tf.string), tf.zeros([2], dtype=tf.bool), tf.ones([2], dtype=tf.bool))
print(tf.ones([2], tf.int8), tf.zeros([2], tf.complex64), tf.zeros([2, 0]))
print(tf.fill(3, 1.0), tf.fill((2,), 1), tf.fill([2], "a"), tf.fill(tf.TensorShape([2]), 1.0))
print(tf.zeros_like([1.0, 2.0], dtype=tf.int32), tf.zeros_like(tf.constant(["a"])), tf.ones_like(tf.constant([True])))
for label, make in [("zeros([-1])", lambda: tf.zeros([-1])), ("zeros([2, -3])", lambda: tf.zeros([2, -3])),
                    ("zeros([2.5])", lambda: tf.zeros([2.5])), ("zeros(2.5)", lambda: tf.zeros(2.5)),
                    ("zeros([2.0])", lambda: tf.zeros([2.0])), ("zeros(None)", lambda: tf.zeros(None)),
                    ("zeros([None])", lambda: tf.zeros([None])), ("zeros('a')", lambda: tf.zeros("a")),
                    ("zeros(['a'])", lambda: tf.zeros(["a"])), ("zeros([[2]])", lambda: tf.zeros([[2]])),
                    ("zeros(float tensor)", lambda: tf.zeros(tf.constant([2.0, 3.0]))),
                    ("zeros(constant([-1]))", lambda: tf.zeros(tf.constant([-1]))),
                    ("zeros dtype 'foo'", lambda: tf.zeros([2], dtype="foo")),
                    ("zeros foo=1", lambda: tf.zeros([2], foo=1)),
                    ("ones([-1])", lambda: tf.ones([-1])), ("ones([2.5])", lambda: tf.ones([2.5])),
                    ("ones(None)", lambda: tf.ones(None)), ("ones string", lambda: tf.ones([2], dtype=tf.string)),
                    ("fill([-1])", lambda: tf.fill([-1], 1.0)), ("fill([2.5])", lambda: tf.fill([2.5], 1.0)),
                    ("fill vector value", lambda: tf.fill([2], [1.0, 2.0])), ("fill None", lambda: tf.fill([2], None)),
                    ("fill dims None", lambda: tf.fill(None, 1.0)), ("fill [[2]]", lambda: tf.fill([[2]], 1.0)),
                    ("zeros_like None", lambda: tf.zeros_like(None)),
                    ("zeros_like dtype foo", lambda: tf.zeros_like([1.0], dtype="foo")),
                    ("ones_like string", lambda: tf.ones_like(tf.constant(["a"]))),
                    ("ones_like dtype string", lambda: tf.ones_like([1.0], dtype=tf.string)),
                    ("zeros huge", lambda: tf.zeros([2**40]))]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
