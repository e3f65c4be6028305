import numpy as np
import tensorflow as tf
import keras

dropout = keras.layers.Dropout(0.5)
print(dropout.built, dropout.rate, dropout.weights)
print(len(dropout.variables), dropout.variables[0].dtype, dropout.variables[0].shape, dropout.variables[0].trainable)
x = tf.ones((20, 50))
print(dropout(x).numpy().sum(), dropout(x, training=False).numpy().sum())
y = dropout(x, training=True).numpy()
print(y.shape, sorted(np.unique(y).tolist()))
print(keras.layers.Dropout(0.0)(x, training=True).numpy().sum())
print(np.unique(keras.layers.Dropout(0.2)(x, training=True).numpy()).tolist())
model = keras.Sequential([keras.Input((50,)), keras.layers.Dropout(0.5)])
print(model(x).numpy().sum(), sorted(np.unique(model(x, training=True).numpy()).tolist()))
print(len(model.weights), len(model.variables), len(model.non_trainable_variables), len(model.trainable_variables))
print(dropout.get_config())
print(keras.layers.Dropout(0.3, seed=1).variables[0].numpy().tolist())
