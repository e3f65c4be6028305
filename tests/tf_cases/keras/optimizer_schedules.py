import tensorflow as tf
import keras

schedules = keras.optimizers.schedules
made = [
    schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5),
    schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5, staircase=True),
    schedules.PiecewiseConstantDecay(boundaries=[3, 8], values=[1.0, 0.5, 0.1]),
    schedules.CosineDecay(0.2, decay_steps=10),
    schedules.CosineDecay(0.2, decay_steps=10, alpha=0.1),
    schedules.CosineDecay(0.0, decay_steps=10, warmup_target=0.2, warmup_steps=5),
    schedules.InverseTimeDecay(0.1, decay_steps=5, decay_rate=0.5),
    schedules.InverseTimeDecay(0.1, decay_steps=5, decay_rate=0.5, staircase=True),
    schedules.PolynomialDecay(0.1, decay_steps=10),
    schedules.PolynomialDecay(0.1, decay_steps=10, end_learning_rate=0.01, power=2.0),
    schedules.PolynomialDecay(0.1, decay_steps=4, end_learning_rate=0.01, cycle=True),
]
for schedule in made:
    values = [float(schedule(step)) for step in [0, 1, 3, 4, 8, 9, 10, 15, 20]]
    print(type(schedule).__name__, [round(v, 7) for v in values])
    print(schedule(3))
print(made[0].get_config())
print(made[2].get_config())

w = tf.Variable([1.0, -1.0])
opt = keras.optimizers.SGD(learning_rate=made[0])
for _ in range(4):
    opt.apply_gradients([(tf.constant([1.0, 2.0]), w)])
    print(opt.iterations.numpy(), opt.learning_rate, w.numpy().tolist())
try:
    opt.learning_rate = 0.5
except Exception as error:
    print(type(error).__name__)
adam = keras.optimizers.Adam(learning_rate=made[2])
for _ in range(5):
    adam.apply_gradients([(tf.constant([1.0, 2.0]), w)])
print(w.numpy().tolist(), float(adam.learning_rate))
print(keras.optimizers.SGD(learning_rate=lambda: 0.5).learning_rate)
