import tensorflow as tf
import keras


def three_steps(optimizer):
    w = tf.Variable([1.0, -2.0, 3.0], name="w")
    b = tf.Variable(0.5, name="b")
    for step in range(3):
        grads = [tf.constant([0.1, -0.5, 2.0]) * (step + 1), tf.constant(-1.5) + step]
        optimizer.apply_gradients(zip(grads, [w, b]))
    print(type(optimizer).__name__, w.numpy().tolist(), float(b.numpy()))


three_steps(keras.optimizers.SGD(learning_rate=0.1, weight_decay=0.1))
three_steps(keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, weight_decay=0.05))
three_steps(keras.optimizers.Adam(learning_rate=0.1, weight_decay=0.1))
three_steps(keras.optimizers.AdamW(learning_rate=0.1))
three_steps(keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5))
three_steps(keras.optimizers.RMSprop(learning_rate=0.1, weight_decay=0.2))
opt = keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5)
opt.exclude_from_weight_decay(var_names=["b"])
three_steps(opt)
print(keras.optimizers.AdamW().weight_decay, keras.optimizers.SGD().weight_decay)
