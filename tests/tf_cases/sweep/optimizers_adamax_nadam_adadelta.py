import tensorflow as tf
import keras


def train(opt, steps=4):
    w = tf.Variable([1.0, -2.0, 3.0])
    b = tf.Variable(0.5)
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w ** 2) + b * b * 3.0
        grads = tape.gradient(loss, [w, b])
        opt.apply_gradients(zip(grads, [w, b]))
    return w.numpy(), b.numpy(), int(opt.iterations)


for make in (lambda: keras.optimizers.Adamax(0.1), lambda: keras.optimizers.Adamax(0.1, beta_1=0.5, clipnorm=1.0),
             lambda: keras.optimizers.Nadam(0.1), lambda: keras.optimizers.Nadam(0.05, beta_2=0.9, epsilon=1e-3),
             lambda: keras.optimizers.Adadelta(1.0), lambda: keras.optimizers.Adadelta(0.5, rho=0.8)):
    opt = make()
    print(type(opt).__name__, opt.name, train(opt))
    print([v.path for v in opt.variables])
    print(opt.get_config())
print(type(keras.optimizers.get("nadam")).__name__, type(keras.optimizers.get("adamax")).__name__,
      type(keras.optimizers.get("adadelta")).__name__)
w16 = tf.Variable([1.0, 2.0], dtype=tf.float64)
nadam = keras.optimizers.Nadam(0.1)
nadam.apply_gradients([(tf.constant([0.5, -0.5], tf.float64), w16)])
print(w16, nadam.variables[-1])
try:
    keras.optimizers.Adamax(0.1, bogus=1)
except Exception as e:
    print(type(e).__name__)
