import tensorflow as tf
import keras

sgd = keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)
print(sgd.name, sgd.iterations)
print(sgd.learning_rate)
print(sgd.iterations.dtype, sgd.learning_rate.dtype, isinstance(sgd.iterations, tf.Variable))
print([v.path for v in sgd.variables])
w = tf.Variable([1.0, 2.0], name="w")
layer = keras.layers.Dense(1, kernel_initializer="ones")
layer.build((None, 2))
variables = [w] + layer.trainable_variables
returned = sgd.apply_gradients(zip([tf.constant([1.0, 1.0]), tf.ones((2, 1)), tf.ones((1,))], variables))
print(returned is sgd.iterations, sgd.iterations.numpy(), returned)
print([v.path for v in sgd.variables])
print([v.name for v in sgd.variables])
sgd.learning_rate = 0.5
print(sgd.learning_rate.numpy(), sgd.learning_rate)
sgd.learning_rate.assign(0.25)
print(float(sgd.learning_rate))
print(keras.optimizers.Adam().name, keras.optimizers.Adam(name="my_adam").name, keras.optimizers.SGD().name)
adam = keras.optimizers.Adam()
adam.build([w])
print([v.path for v in adam.variables], adam.built)
print(sgd.get_config())
print(keras.optimizers.Adam(learning_rate=0.5, amsgrad=True).get_config())
copy = keras.optimizers.SGD.from_config(sgd.get_config())
print(copy.name, copy.momentum, float(copy.learning_rate))
print(keras.optimizers.get("adam").name, type(keras.optimizers.get("SGD")).__name__)
