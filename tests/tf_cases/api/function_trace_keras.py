import numpy as np
import tensorflow as tf

# a Keras model built before: the function traces once and then reads its current weights
model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu"), tf.keras.layers.Dense(1)])
features = tf.constant(np.linspace(-1.0, 1.0, 8, dtype=np.float32).reshape(4, 2))
model(features)
model.set_weights([np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], np.float32), np.array([0.1, 0.2, 0.0], np.float32),
                   np.array([[1.0], [-2.0], [0.5]], np.float32), np.array([0.0], np.float32)])
traced = []


@tf.function
def predict(x):
    traced.append(1)
    return model(x)


print(predict(features).numpy().round(5).ravel())
model.layers[1].bias.assign([0.5])
print(predict(features).numpy().round(5).ravel())
print(predict(features[:2]).numpy().round(5).ravel(), "traced", len(traced))

# a metric updated inside: its variables keep counting on every call
mean = tf.keras.metrics.Mean()


@tf.function
def track(value):
    traced.append(2)
    mean.update_state(value)
    return mean.result()


print([float(track(tf.constant(v))) for v in (1.0, 2.0, 6.0)], traced.count(2))
mean.reset_state()
print(float(track(tf.constant(10.0))))


# py_function, custom_gradient and stop_gradient inside a traced function, differentiated outside
@tf.custom_gradient
def clipped_identity(t):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(t), grad


@tf.function
def mixed(x):
    traced.append(3)
    doubled = tf.py_function(lambda t: t * 2.0, [x], tf.float32)
    return clipped_identity(x * 5.0) + tf.stop_gradient(x) * x + doubled


for value in (1.0, -2.0):
    x = tf.constant(value)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = mixed(x)
    print(float(y), float(tape.gradient(y, x)))
print("mixed traced", traced.count(3))


# objects are traced by identity, or by their __tf_tracing_type__
class Box:
    def __init__(self, k):
        self.k = k


@tf.function
def scaled(box, x):
    traced.append(4)
    return x * box.k


box = Box(3.0)
print(float(scaled(box, tf.constant(2.0))), float(scaled(box, tf.constant(5.0))), traced.count(4))
print(float(scaled(Box(4.0), tf.constant(2.0))), traced.count(4))
