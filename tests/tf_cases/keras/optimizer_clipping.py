import tensorflow as tf
import keras


def three_steps(optimizer):
    w = tf.Variable([1.0, -2.0, 3.0], name="w")
    b = tf.Variable(0.5, name="b")
    for step in range(3):
        grads = [tf.constant([0.1, -0.5, 2.0]) * (step + 1), tf.constant(-1.5) + step]
        optimizer.apply_gradients(zip(grads, [w, b]))
    print(w.numpy().tolist(), float(b.numpy()))


three_steps(keras.optimizers.SGD(learning_rate=0.1, clipnorm=1.0))
three_steps(keras.optimizers.SGD(learning_rate=0.1, clipvalue=0.3))
three_steps(keras.optimizers.SGD(learning_rate=0.1, global_clipnorm=1.0))
three_steps(keras.optimizers.Adam(learning_rate=0.1, clipnorm=0.5))
three_steps(keras.optimizers.Adam(learning_rate=0.1, global_clipnorm=0.5))
three_steps(keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, clipvalue=1.0))
three_steps(keras.optimizers.RMSprop(learning_rate=0.1, global_clipnorm=2.0))
opt = keras.optimizers.SGD(learning_rate=0.1, clipnorm=1.0)
print(opt.clipnorm, opt.clipvalue, opt.global_clipnorm)
