import numpy as np
import tensorflow as tf
import keras

rng = np.random.default_rng(0)
x_train = rng.normal(size=(64, 4, 4)).astype("float32")
y_train = (x_train.sum(axis=(1, 2)) > 0).astype("int64")
model = keras.Sequential([
    keras.layers.Flatten(input_shape=(4, 4)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dropout(0.2),
    keras.layers.Dense(2),
])
model.set_weights([np.linspace(-1.0, 1.0, 128).reshape(16, 8).astype("float32"), np.zeros(8, "float32"),
                   np.linspace(1.0, -1.0, 16).reshape(8, 2).astype("float32"), np.zeros(2, "float32")])
predictions = model(x_train[:1]).numpy()
print(predictions)
print(tf.nn.softmax(predictions).numpy())
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
print(loss_fn(y_train[:1], predictions).numpy())
optimizer = keras.optimizers.Adam(learning_rate=0.01)
train_loss = keras.metrics.Mean(name="train_loss")
train_accuracy = keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")
for epoch in range(3):
    train_loss.reset_state()
    train_accuracy.reset_state()
    for start in range(0, 64, 16):
        images, labels = x_train[start:start + 16], y_train[start:start + 16]
        with tf.GradientTape() as tape:
            logits = model(images, training=False)
            loss = loss_fn(labels, logits)
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        train_loss(loss)
        train_accuracy(labels, logits)
    print(f"Epoch {epoch + 1}, Loss: {train_loss.result():.5f}, Accuracy: {train_accuracy.result() * 100:.2f}")
print(optimizer.iterations.numpy(), len(optimizer.variables))
print([v.name for v in model.trainable_variables])
