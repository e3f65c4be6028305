import numpy as np
import tensorflow as tf
import keras

y = keras.utils.to_categorical([0, 2, 1])
print(y, type(y).__name__, y.dtype)
print(keras.utils.to_categorical([0, 2, 1], num_classes=5))
print(keras.utils.to_categorical(np.array([[1], [0]])))
print(keras.utils.to_categorical(np.array([[1, 2], [0, 1]])).shape)
t = keras.utils.to_categorical(tf.constant([1, 0, 2]), num_classes=3)
print(t)
print(keras.utils.to_categorical(tf.constant([[1], [2]]), num_classes=4).shape)
