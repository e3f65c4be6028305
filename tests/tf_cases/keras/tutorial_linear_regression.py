import tensorflow as tf
import keras

X = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
y = tf.constant([[10.0], [20.0]])


class Linear(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(units=1, activation=None, kernel_initializer="zeros",
                                        bias_initializer="zeros")

    def call(self, inputs):
        return self.dense(inputs)


model = Linear()
optimizer = keras.optimizers.SGD(learning_rate=0.01)
for _ in range(100):
    with tf.GradientTape() as tape:
        y_pred = model(X)
        loss = tf.reduce_mean(tf.square(y_pred - y))
    grads = tape.gradient(loss, model.variables)
    optimizer.apply_gradients(grads_and_vars=zip(grads, model.variables))
print(model.variables)
print(float(loss))
layer = keras.layers.Dense(2, activation="relu", kernel_initializer="ones")
x = tf.constant([[1.0, 2.0, 3.0]])
with tf.GradientTape() as tape:
    y = layer(x)
    loss = tf.reduce_mean(y ** 2)
grad = tape.gradient(loss, layer.trainable_variables)
for var, g in zip(layer.trainable_variables, grad):
    print(f"{var.name}, shape: {g.shape}")
