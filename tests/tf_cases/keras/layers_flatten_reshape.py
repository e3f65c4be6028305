import tensorflow as tf
import keras

x = tf.reshape(tf.range(24, dtype=tf.float32), (2, 3, 4))
flatten = keras.layers.Flatten()
print(flatten.built, flatten.input_spec)
print(flatten(x))
print(flatten.built, flatten.compute_output_shape((None, 3, 4)))
print(keras.layers.Flatten()(tf.constant([1.0, 2.0])))
print(keras.layers.Flatten()(tf.ones((2, 1, 1, 3))).shape)
try:
    keras.layers.Flatten()(tf.constant(1.0))
except ValueError as error:
    print(type(error).__name__)
reshape = keras.layers.Reshape((4, 3))
print(reshape(x).shape, keras.layers.Reshape((-1, 2))(x).shape)
print(keras.layers.Reshape((2, -1)).compute_output_shape((None, 3, 4)))
model = keras.Sequential([keras.Input((3, 4)), keras.layers.Flatten(), keras.layers.Dense(2)])
print(model.output_shape, [tuple(w.shape) for w in model.weights])
print(flatten.get_config())
