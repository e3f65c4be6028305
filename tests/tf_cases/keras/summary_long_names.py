import keras
inputs = keras.Input((2,), name="a_rather_long_input_layer_name")
outputs = keras.layers.Dense(1, name="d")(keras.layers.Concatenate(name="c")([inputs, inputs]))
keras.Model(inputs, outputs, name="m").summary()


class VeryLongCustomLayerClassNameForTesting(keras.layers.Layer):
    def call(self, x):
        return x


m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="this_is_a_very_long_dense_layer_name_indeed"),
                      VeryLongCustomLayerClassNameForTesting(name="x")])
m.summary()
