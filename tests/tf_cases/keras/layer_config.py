import keras

dense = keras.layers.Dense(2, activation="relu", kernel_regularizer="l2")
config = dense.get_config()
print(config)
copy = keras.layers.Dense.from_config(config)
print(copy.name, copy.units, copy.activation.__name__, type(copy.kernel_regularizer).__name__)
print(keras.layers.Dense(3, use_bias=False, kernel_initializer="he_normal").get_config()["kernel_initializer"])
print(keras.layers.Dropout(0.5).get_config())
print(keras.layers.Embedding(10, 3).get_config())
print(keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)]).get_config())
print(keras.initializers.GlorotUniform().get_config(), keras.initializers.RandomNormal(stddev=0.1).get_config())
print(keras.initializers.HeNormal().get_config(), keras.initializers.Constant(2.0).get_config())
print(keras.layers.Layer(name="plain").get_config())
