"""Model.save_weights checks the file name before anything is written (Keras 3's ValueError)."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
model(tf.ones([1, 3]))
for path in ["easy_checkpoint", "weights.h5", "ckpt/model.keras"]:
    try:
        model.save_weights(path)
    except Exception as error:
        print(path, type(error).__name__, str(error).splitlines()[0])
try:
    model.save_weights("model.weights", max_shard_size=1)
except Exception as error:
    print(type(error).__name__, str(error).splitlines()[0])
