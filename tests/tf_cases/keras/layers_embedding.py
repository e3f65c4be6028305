import tensorflow as tf
import keras

embedding = keras.layers.Embedding(input_dim=5, output_dim=2,
                                   embeddings_initializer=keras.initializers.Constant([[0.0, 1.0]]))
print(embedding.built, embedding.weights)
ids = tf.constant([[0, 3], [3, 4]])
out = embedding(ids)
print(out.shape, out.dtype, embedding.built)
print(embedding.embeddings.path, tuple(embedding.embeddings.shape))
embedding.embeddings.assign(tf.reshape(tf.range(10, dtype=tf.float32), (5, 2)))
print(embedding(ids))
print(embedding(tf.constant([1.0, 2.9])))
print(embedding(tf.constant([[1, 2]], tf.int64)).dtype)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(embedding(ids) * 2.0)
grad = tape.gradient(loss, embedding.embeddings)
print(tf.convert_to_tensor(grad))
print(embedding.compute_output_shape((None, 7)))
model = keras.Sequential([keras.Input((4,), dtype="int32"), keras.layers.Embedding(10, 3), keras.layers.Flatten(),
                          keras.layers.Dense(1)])
print(model.output_shape, model.count_params())
print(keras.layers.Embedding(10, 3).get_config())
