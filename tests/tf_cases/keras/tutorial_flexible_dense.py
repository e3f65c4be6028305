import tensorflow as tf
import keras


class FlexibleDense(keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.out_features), initializer="ones", name="w")
        self.b = self.add_weight(shape=(self.out_features,), initializer="zeros", name="b")

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


class MySequentialModel(keras.Model):
    def __init__(self, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.dense_1 = FlexibleDense(out_features=3)
        self.dense_2 = FlexibleDense(out_features=2)

    def call(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)


my_sequential_model = MySequentialModel(name="the_model")
print("Model results:", my_sequential_model(tf.constant([[2.0, 2.0, 2.0]])))
print(my_sequential_model.variables)
my_sequential_model.summary()
print(my_sequential_model.get_config() if False else FlexibleDense(3).get_config())
print(FlexibleDense(3, name="fd").get_config())
