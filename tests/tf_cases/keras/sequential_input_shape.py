import tensorflow as tf
import keras

model = keras.Sequential([keras.layers.Dense(4, input_shape=(3,)), keras.layers.Dense(1)])
print(model.built, len(model.weights))
print([w.path for w in model.weights])
print([tuple(w.shape) for w in model.weights])
print([layer.name for layer in model.layers], len(model.layers))
print(model.inputs[0].shape, model.outputs[0].shape)
print(model.input_shape, model.output_shape)
model2 = keras.Sequential([keras.layers.Dense(2, input_dim=5)])
print(model2.built, [tuple(w.shape) for w in model2.weights])
model3 = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(2, input_shape=(7,))])
print(model3.built, model3.weights)
print(model(tf.ones((2, 3))).shape)
print(model.count_params())
