"""tk.keras optimizers step for step as Keras 3 on TF 2.21, bit for bit in float32.

Expected values: tests/tf_cases/keras/_optimizer_steps.json, written by
tests/tf_cases/keras/_optimizer_steps_record.py under real TF 2.21 (Keras 3.15): four
apply_gradients steps of each optimizer below on the same fixed gradients.
"""

import json
from pathlib import Path

import numpy as np
import pytest

import tapekit as tk

K = tk.keras.optimizers
S = K.schedules
EXPECTED = json.loads((Path(__file__).parent.parent / "tf_cases" / "keras" / "_optimizer_steps.json").read_text())

# the same optimizers as _optimizer_steps_record.py builds in TF
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


def test_every_recorded_optimizer_is_tested():
    assert set(CONFIGS) == set(EXPECTED)


# every test starts with Keras's automatic names counted afresh (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("fresh_keras_names")


@pytest.mark.parametrize("key", sorted(CONFIGS))
def test_four_steps_match_tf_bit_for_bit(key):
    optimizer = CONFIGS[key]()
    w = tk.Variable([1.0, -2.0, 3.0], name="w")
    b = tk.Variable(0.5, name="b")
    for step, (w_expected, b_expected) in enumerate(EXPECTED[key]):
        grads = [tk.constant([0.1, -0.5, 2.0]) * (step + 1), tk.constant(-1.5) + step]
        optimizer.apply_gradients(zip(grads, [w, b]))
        np.testing.assert_array_equal(w.numpy(), np.float32(w_expected), err_msg=f"{key}, step {step + 1}")
        assert b.numpy() == np.float32(b_expected), f"{key}, step {step + 1}"
