import tensorflow as tf
import keras

layer = keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")
layer.build((None, 2))
x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
y = tf.constant([[1.0, 0.0], [0.0, 1.0]])
for optimizer in [keras.optimizers.RMSprop(learning_rate=0.01), keras.optimizers.Adagrad(learning_rate=0.1),
                  keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.1)]:
    layer.set_weights([tf.ones((2, 2)).numpy(), tf.zeros((2,)).numpy()])
    for _ in range(4):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(layer(x) - y))
        grads = tape.gradient(loss, layer.trainable_variables)
        optimizer.apply_gradients(zip(grads, layer.trainable_variables))
    print(type(optimizer).__name__, float(loss), layer.kernel.numpy().tolist(), layer.bias.numpy().tolist())
    print([v.path for v in optimizer.variables])
