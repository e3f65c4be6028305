# tf.RaggedTensorSpec in a tf.function's input_signature
import tensorflow as tf

@tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
def max_and_min(rt):
    return (tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1))

print(max_and_min(tf.ragged.constant([[1, 2], [3], [4, 5, 6]])))
print(max_and_min(tf.ragged.constant([[7], [], [8, 9]])))
for bad in (tf.ragged.constant([[1.0, 2.0], [3.0]]), tf.ragged.constant([[[1]], [[2, 3]]])):
    try:
        max_and_min(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__)

@tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32),
                              tf.TensorSpec(shape=[], dtype=tf.float32)])
def scaled(rt, k):
    return rt * k

print(scaled(tf.ragged.constant([[1.0, 2.0], [3.0]]), tf.constant(2.0)))
