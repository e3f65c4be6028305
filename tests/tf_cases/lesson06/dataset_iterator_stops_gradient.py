# Lesson 06, section 6: a tensor that comes out of a tf.data dataset has no history on the tape.
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    dataset = tf.data.Dataset.from_tensor_slices(v * 2.0)
    first = next(iter(dataset))
    y = first * 3.0
print(first, tape.gradient(y, v))
