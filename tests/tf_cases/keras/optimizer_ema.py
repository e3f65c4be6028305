import tensorflow as tf
import keras

w = tf.Variable([1.0, -2.0], name="w")
opt = keras.optimizers.SGD(learning_rate=0.1, use_ema=True, ema_momentum=0.5)
for step in range(3):
    opt.apply_gradients([(tf.constant([1.0, -1.0]) * (step + 1), w)])
    print(w.numpy().tolist(), [v.name for v in opt.variables])
opt.finalize_variable_values([w])
print(w.numpy().tolist())

w2 = tf.Variable([1.0, -2.0], name="w2")
opt2 = keras.optimizers.Adam(learning_rate=0.1, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=2)
for step in range(5):
    opt2.apply_gradients([(tf.constant([0.5, 2.0]) * (step + 1), w2)])
    print(w2.numpy().tolist())
