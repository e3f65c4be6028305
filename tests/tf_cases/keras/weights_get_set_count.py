import numpy as np
import tensorflow as tf
import keras

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(1)])
weights = model.get_weights()
print(type(weights).__name__, len(weights), [w.shape for w in weights], [w.dtype for w in weights])
model.set_weights([np.ones_like(w) for w in weights])
print(model(tf.ones((2, 3))).numpy().tolist())
print(model.count_params(), model.layers[0].count_params())
for bad in [[np.ones((3, 4))], [np.ones((3, 3)), np.ones(4), np.ones((4, 1)), np.ones(1)]]:
    try:
        model.set_weights(bad)
    except ValueError as error:
        print(type(error).__name__)
print(model.get_weights()[0].sum())
try:
    keras.layers.Dense(2).count_params()
except ValueError as error:
    print(type(error).__name__)
dense = keras.layers.Dense(2)
print(dense.get_weights())
dense.build((None, 2))
dense.set_weights([np.full((2, 2), 0.5), np.array([1.0, -1.0])])
print(dense(tf.ones((1, 2))).numpy().tolist(), dense.count_params())
print(type(dense.get_weights()[1]).__name__)
