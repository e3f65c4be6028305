import tensorflow as tf
import keras

x = keras.Input((3,))
print(x)
print(type(x).__name__, x.shape, x.dtype, x.ndim)
named = keras.Input(shape=(4,), batch_size=2, name="features")
print(named)
ints = keras.Input((5,), dtype="int32")
print(ints.dtype, ints.shape)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
print(model.built, len(model.layers), [layer.name for layer in model.layers])
print([w.path for w in model.weights])
print(model.inputs, model.outputs)
print(model(tf.ones((7, 3))).shape)
alone = keras.Sequential([keras.Input((3,))])
print(alone.built, alone.layers)
added = keras.Sequential()
added.add(keras.Input((2,)))
added.add(keras.layers.Dense(3))
print(added.built, [tuple(w.shape) for w in added.weights])
try:
    keras.Input(3)
except Exception as error:
    print(type(error).__name__)
try:
    keras.Input()
except Exception as error:
    print(type(error).__name__)
layer = keras.layers.InputLayer(shape=(2,))
print(layer, layer.batch_shape, layer.output)
