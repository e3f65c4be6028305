import tensorflow as tf
import keras

square = keras.layers.Lambda(lambda t: t ** 2)
x = tf.constant([[1.0, -2.0]])
print(square(x), square.built)
print(keras.layers.Lambda(lambda t, k: t * k, arguments={"k": 3.0})(x))
model = keras.Sequential([keras.Input((2,)), keras.layers.Lambda(lambda t: tf.reduce_sum(t, axis=1, keepdims=True)),
                          keras.layers.Dense(1, kernel_initializer="ones")])
print(model(x), model.output_shape)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(square(x))
print(tape.gradient(y, x))
print(keras.layers.Lambda(lambda t: t, output_shape=(5,)).compute_output_shape((None, 5)))
print(len(square.weights))
