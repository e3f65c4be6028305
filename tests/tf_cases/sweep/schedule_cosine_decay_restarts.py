import tensorflow as tf
import keras

for kwargs in ({}, {"t_mul": 1.0}, {"t_mul": 1.5, "m_mul": 0.5, "alpha": 0.1}, {"t_mul": 3.0, "m_mul": 0.9}):
    s = keras.optimizers.schedules.CosineDecayRestarts(0.1, 3, **kwargs)
    print([round(float(s(step)), 6) for step in range(0, 20, 2)], s(7))
    print(s.get_config())
s = keras.optimizers.schedules.CosineDecayRestarts(0.5, 2)
opt = keras.optimizers.SGD(learning_rate=s)
w = tf.Variable([1.0, -1.0])
for _ in range(5):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    print(w.numpy(), float(opt.learning_rate))
restored = keras.optimizers.schedules.deserialize(keras.optimizers.schedules.serialize(s))
print(type(restored).__name__, restored(5))
try:
    keras.optimizers.schedules.CosineDecayRestarts(0.1, 0)
except ValueError as e:
    print(type(e).__name__, e)
