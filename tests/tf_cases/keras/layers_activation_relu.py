import tensorflow as tf
import keras

x = tf.constant([[-3.0, -0.5, 0.0, 0.5, 7.0]])
print(keras.layers.Activation("relu")(x))
print(keras.layers.Activation("linear")(x), keras.layers.Activation("relu").activation.__name__)
print(keras.layers.Activation(tf.nn.relu)(x))
print(keras.layers.Activation(None)(x))
print(keras.layers.ReLU()(x))
print(keras.layers.ReLU(max_value=6.0)(x))
print(keras.layers.ReLU(max_value=1.0)(x))
print(keras.layers.ReLU(negative_slope=0.1)(x))
print(keras.layers.ReLU(threshold=0.5)(x))
print(keras.layers.ReLU(max_value=2.0, negative_slope=0.1, threshold=0.2)(x))
print(keras.layers.LeakyReLU()(x), keras.layers.LeakyReLU(negative_slope=0.5)(x))
print(keras.layers.Softmax()(x))
print(keras.layers.Activation("relu").built, keras.layers.ReLU().built)
print(keras.layers.Activation("relu").get_config())
print(keras.layers.ReLU(max_value=6.0).get_config())
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(keras.layers.ReLU()(x))
print(tape.gradient(y, x))
