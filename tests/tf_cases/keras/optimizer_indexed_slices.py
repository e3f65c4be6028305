import tensorflow as tf
import keras

ids = tf.constant([[0, 2], [2, 3]])
target = tf.constant([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [0.0, -1.0]]])
for make in [lambda: keras.optimizers.SGD(learning_rate=0.5),
             lambda: keras.optimizers.SGD(learning_rate=0.5, momentum=0.9),
             lambda: keras.optimizers.Adam(learning_rate=0.1),
             lambda: keras.optimizers.SGD(learning_rate=0.5, clipnorm=0.1),
             lambda: keras.optimizers.Adam(learning_rate=0.1, global_clipnorm=0.1)]:
    embedding = keras.layers.Embedding(5, 2, embeddings_initializer=keras.initializers.Constant(0.5))
    optimizer = make()
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(embedding(ids) - target))
        grads = tape.gradient(loss, embedding.trainable_variables)
        optimizer.apply_gradients(zip(grads, embedding.trainable_variables))
    print(float(loss), embedding.embeddings.numpy().tolist())
    print(tf.convert_to_tensor(grads[0]).numpy().tolist())
