import keras

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
model.summary()
mnist = keras.Sequential([keras.Input((28, 28)), keras.layers.Flatten(), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dropout(0.2), keras.layers.Dense(10)], name="mnist")
mnist.summary()
frozen = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
frozen.layers[0].trainable = False
frozen.summary()
unbuilt = keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])
unbuilt.summary()
keras.Sequential().summary()
built_later = keras.Sequential([keras.layers.Dense(8), keras.layers.Dense(3)])
built_later.build((None, 5))
built_later.summary()
lines = []
built_later.summary(print_fn=lambda text: lines.append(text))
print(len(lines), lines[0].splitlines()[0])
built_later.summary(line_length=60)
