import keras

print(keras.losses.serialize(keras.losses.MeanSquaredError()))
print(keras.losses.serialize(keras.losses.BinaryCrossentropy(from_logits=True)))
print(keras.losses.serialize(keras.losses.mean_squared_error))
print(keras.losses.serialize("mse"), keras.losses.serialize(None))
restored = keras.losses.deserialize(keras.losses.serialize(keras.losses.CategoricalCrossentropy(label_smoothing=0.2)))
print(type(restored).__name__, restored.get_config())
print(restored([[0.0, 1.0]], [[0.3, 0.7]]))
fn = keras.losses.deserialize(keras.losses.serialize(keras.losses.mean_absolute_error))
print(fn.__name__, fn([1.0, 2.0], [2.0, 2.0]))
print(type(keras.losses.deserialize("MeanSquaredError")).__name__,
      keras.losses.deserialize("mean_squared_error").__name__)
print(keras.losses.deserialize("nope"), keras.losses.deserialize({"class_name": "Nope", "config": {}}),
      keras.losses.deserialize(None), keras.losses.deserialize(3))
try:
    keras.losses.deserialize("mae")
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[0])
