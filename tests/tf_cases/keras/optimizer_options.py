import tensorflow as tf
import keras


def three_steps(optimizer):
    w = tf.Variable([1.0, -2.0, 3.0], name="w")
    b = tf.Variable(0.5, name="b")
    for step in range(3):
        grads = [tf.constant([0.1, -0.5, 2.0]) * (step + 1), tf.constant(-1.5) + step]
        optimizer.apply_gradients(zip(grads, [w, b]))
    print(w.numpy().tolist(), float(b.numpy()))


three_steps(keras.optimizers.SGD(learning_rate=0.1, momentum=0.5))
three_steps(keras.optimizers.SGD(learning_rate=0.1, momentum=0.5, nesterov=True))
three_steps(keras.optimizers.Adam(learning_rate=0.1, amsgrad=True))
three_steps(keras.optimizers.Adam(learning_rate=0.1, epsilon=1.0))
three_steps(keras.optimizers.Adam(learning_rate=0.1, beta_1=0.5, beta_2=0.5))
three_steps(keras.optimizers.RMSprop())
three_steps(keras.optimizers.RMSprop(learning_rate=0.1, rho=0.5, momentum=0.9))
three_steps(keras.optimizers.RMSprop(learning_rate=0.1, centered=True))
three_steps(keras.optimizers.Adagrad())
three_steps(keras.optimizers.Adagrad(learning_rate=0.5, initial_accumulator_value=1.0, epsilon=0.1))
three_steps(keras.optimizers.SGD(learning_rate=0.1, loss_scale_factor=4.0))
three_steps(keras.optimizers.SGD(learning_rate=0.1, gradient_accumulation_steps=2))
three_steps(keras.optimizers.Adam(learning_rate=0.1, gradient_accumulation_steps=2))
