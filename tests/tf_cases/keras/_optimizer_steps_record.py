"""Expected values for tests/fidelity/test_fidelity_keras_optimizers.py, recorded under real TF 2.21 (Keras 3.15).

Four apply_gradients steps of each optimizer on fixed gradients; prints the exact float32 values
as JSON. Regenerate with:

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfvenv/bin/python tests/tf_cases/keras/_optimizer_steps_record.py \\
        > tests/tf_cases/keras/_optimizer_steps.json

(The leading underscore keeps it out of the TF cases.)
"""
import json
import tensorflow as tf
import keras

K = keras.optimizers
S = K.schedules
CONFIGS = {
    "sgd_wd": lambda: K.SGD(learning_rate=0.1, weight_decay=0.1),
    "sgd_momentum_wd": lambda: K.SGD(learning_rate=0.1, momentum=0.9, weight_decay=0.05),
    "sgd_nesterov": lambda: K.SGD(learning_rate=0.1, momentum=0.5, nesterov=True),
    "sgd_clipnorm": lambda: K.SGD(learning_rate=0.1, clipnorm=1.0),
    "sgd_clipvalue": lambda: K.SGD(learning_rate=0.1, clipvalue=0.3),
    "sgd_global_clipnorm": lambda: K.SGD(learning_rate=0.1, global_clipnorm=1.0),
    "sgd_loss_scale": lambda: K.SGD(learning_rate=0.1, loss_scale_factor=4.0),
    "sgd_accumulation": lambda: K.SGD(learning_rate=0.1, gradient_accumulation_steps=2),
    "sgd_ema": lambda: K.SGD(learning_rate=0.1, use_ema=True, ema_momentum=0.5),
    "sgd_schedule_exp": lambda: K.SGD(learning_rate=S.ExponentialDecay(0.1, 2, 0.5)),
    "sgd_schedule_piecewise": lambda: K.SGD(learning_rate=S.PiecewiseConstantDecay([1], [0.1, 0.01])),
    "sgd_schedule_cosine": lambda: K.SGD(learning_rate=S.CosineDecay(0.1, 4, alpha=0.1)),
    "sgd_schedule_inverse": lambda: K.SGD(learning_rate=S.InverseTimeDecay(0.1, 2, 0.5)),
    "sgd_schedule_poly": lambda: K.SGD(learning_rate=S.PolynomialDecay(0.1, 4, power=2.0)),
    "adam_wd": lambda: K.Adam(learning_rate=0.1, weight_decay=0.1),
    "adam_amsgrad": lambda: K.Adam(learning_rate=0.1, amsgrad=True),
    "adam_epsilon": lambda: K.Adam(learning_rate=0.1, epsilon=1.0),
    "adam_betas": lambda: K.Adam(learning_rate=0.1, beta_1=0.5, beta_2=0.5),
    "adam_clipnorm": lambda: K.Adam(learning_rate=0.1, clipnorm=0.5),
    "adam_global_clipnorm": lambda: K.Adam(learning_rate=0.1, global_clipnorm=0.5),
    "adam_accumulation": lambda: K.Adam(learning_rate=0.1, gradient_accumulation_steps=2),
    "adamw_default": lambda: K.AdamW(learning_rate=0.1),
    "adamw_05": lambda: K.AdamW(learning_rate=0.1, weight_decay=0.5),
    "rmsprop_default": lambda: K.RMSprop(),
    "rmsprop_momentum": lambda: K.RMSprop(learning_rate=0.1, rho=0.5, momentum=0.9),
    "rmsprop_centered": lambda: K.RMSprop(learning_rate=0.1, centered=True),
    "rmsprop_wd": lambda: K.RMSprop(learning_rate=0.1, weight_decay=0.2),
    "adagrad_default": lambda: K.Adagrad(),
    "adagrad_custom": lambda: K.Adagrad(learning_rate=0.5, initial_accumulator_value=1.0, epsilon=0.1),
}
out = {}
for key, make in CONFIGS.items():
    optimizer = make()
    w = tf.Variable([1.0, -2.0, 3.0], name="w")
    b = tf.Variable(0.5, name="b")
    steps = []
    for step in range(4):
        grads = [tf.constant([0.1, -0.5, 2.0]) * (step + 1), tf.constant(-1.5) + step]
        optimizer.apply_gradients(zip(grads, [w, b]))
        steps.append([[float(x) for x in w.numpy()], float(b.numpy())])
    out[key] = steps
print(json.dumps(out))
