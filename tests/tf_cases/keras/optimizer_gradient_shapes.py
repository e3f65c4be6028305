import tensorflow as tf
import keras

for make in [lambda: keras.optimizers.SGD(learning_rate=0.1), lambda: keras.optimizers.SGD(0.1, momentum=0.5),
             lambda: keras.optimizers.Adam(0.1), lambda: keras.optimizers.RMSprop(0.1),
             lambda: keras.optimizers.Adagrad(0.1)]:
    optimizer = make()
    w = tf.Variable([[1.0, 2.0]], name="w")
    for grad in [tf.constant([1.0, -1.0]), tf.constant([[1.0], [2.0]]), tf.constant([1.0, 2.0, 3.0])]:
        try:
            optimizer.apply_gradients([(grad, w)])
            print(type(optimizer).__name__, tuple(grad.shape), "ok", w.numpy().tolist())
        except Exception as error:
            print(type(optimizer).__name__, tuple(grad.shape), type(error).__name__, w.numpy().tolist())
