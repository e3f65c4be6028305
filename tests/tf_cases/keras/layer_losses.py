import tensorflow as tf
import keras

layer = keras.layers.Dense(2, kernel_initializer="ones", bias_initializer=keras.initializers.Constant(0.5),
                           kernel_regularizer=keras.regularizers.L2(0.1), bias_regularizer="l1",
                           activity_regularizer=keras.regularizers.L1(0.01))
print(layer.losses)
x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
layer(x)
print(layer.losses)
layer(x[:1])
print(layer.losses)
with tf.GradientTape() as tape:
    y = layer(x)
    loss = tf.reduce_sum(y) + tf.add_n(layer.losses)
print(loss)
for grad in tape.gradient(loss, layer.trainable_variables):
    print(grad)
model = keras.Sequential([layer, keras.layers.Dense(1, kernel_regularizer="l2", kernel_initializer="ones")])
print(len(model.losses))
model(x)
print(model.losses)
layer.trainable = False
print(len(model.losses), len(layer.losses))
