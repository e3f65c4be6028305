import tensorflow as tf
import keras


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2, kernel_initializer="ones")
        self.blocks = [keras.layers.Dense(3, kernel_initializer="ones"),
                       keras.layers.Dense(1, kernel_initializer="ones")]
        self.scale = tf.Variable(2.0, name="scale")

    def __call__(self, x):
        x = self.dense(x)
        for block in self.blocks:
            x = block(x)
        return x * self.scale


net = Net()
net(tf.ones((1, 4)))
print(net.trainable_variables)
print(net.variables)
print(net.submodules)
print(isinstance(net.dense, tf.Module), isinstance(keras.Model(), tf.Module))
print(len(net.dense.trainable_variables))
x = tf.ones((1, 4))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(net(x))
grads = tape.gradient(y, net.trainable_variables)
print(grads)
print([v.name for v in tape.watched_variables()])
