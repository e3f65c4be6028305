import tensorflow as tf
import keras


class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(8, activation="relu")
        self.drop = keras.layers.Dropout(0.5)
        self.d2 = keras.layers.Dense(2)

    def call(self, x, training=False):
        return self.d2(self.drop(self.d1(x), training=training))


model = MyModel()
model.summary()
model(tf.ones((5, 3)))
model.summary()
print(model.count_params(), [layer.name for layer in model.layers])
eager = keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])
eager(tf.ones((2, 3)))
eager.summary()
nested = keras.Sequential([keras.Input((3,)), keras.Sequential([keras.layers.Dense(4)], name="inner"),
                           keras.layers.Dense(1)])
nested.summary()
