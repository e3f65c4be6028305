# a SparseTensor into keras.Input(sparse=True) and a Dense layer, with its gradient
import keras
import tensorflow as tf

keras.utils.set_random_seed(1)
x = keras.Input(shape=(4,), sparse=True)
model = keras.Model(x, keras.layers.Dense(3)(x))
data = tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (3, 3), (4, 0)], values=[1, 2, 1, 1, 3],
                              dense_shape=(5, 4))
print(model(data))
floats = tf.sparse.SparseTensor(indices=[(0, 1), (2, 3)], values=[0.5, 2.0], dense_shape=(3, 4))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(floats) ** 2)
for g in tape.gradient(loss, model.trainable_variables):
    print(tf.convert_to_tensor(g))
