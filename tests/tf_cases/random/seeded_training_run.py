# A seeded training run prints TF's losses: random data, Keras weights, Dropout and a shuffled dataset.
import keras
import tensorflow as tf

keras.utils.set_random_seed(42)
x = tf.random.normal([64, 3])
true_w = tf.random.uniform([3, 1], minval=-2.0, maxval=2.0)
y = x @ true_w + 0.1 * tf.random.normal([64, 1])
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dropout(0.2), keras.layers.Dense(1)])
optimizer = keras.optimizers.Adam(0.05)
dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(64, seed=1).batch(16)
for epoch in range(3):
    for xb, yb in dataset:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(xb, training=True) - yb) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print(epoch, float(loss))
print(model(x[:3]).numpy().tolist())
