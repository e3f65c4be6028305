import tensorflow as tf
import keras

a = tf.constant([[1.0, 2.0]])
b = tf.constant([[3.0, 4.0, 5.0]])
print(keras.layers.Concatenate()([a, b]))
print(keras.layers.Concatenate(axis=0)([a, a * 2.0]))
print(keras.layers.Concatenate(axis=1)([tf.ones((2, 1, 2)), tf.zeros((2, 3, 2))]).shape)
try:
    keras.layers.Concatenate()([tf.ones((2, 2)), tf.ones((3, 2))])
except ValueError as error:
    print(type(error).__name__)
try:
    keras.layers.Concatenate()(a)
except ValueError as error:
    print(type(error).__name__)
print(keras.layers.Add()([a, a]), keras.layers.Multiply()([a, a]))
print(keras.layers.Subtract()([a, a * 3.0]), keras.layers.Average()([a, a * 3.0]))
print(keras.layers.Concatenate().compute_output_shape([(None, 2), (None, 3)]))
print(keras.layers.Concatenate().get_config())
with tf.GradientTape() as tape:
    tape.watch(a)
    y = tf.reduce_sum(keras.layers.Concatenate()([a, a * 3.0]))
print(tape.gradient(y, a))
