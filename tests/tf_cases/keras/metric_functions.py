"""Keras 3's keras.metrics has the loss functions by their long names (and not tf.keras's short aliases)."""
import keras
import tensorflow as tf

y_true = tf.constant([[0.0, 1.0, 0.5], [1.0, 0.0, 0.25]])
y_pred = tf.constant([[0.1, 0.8, 0.4], [0.7, 0.2, 0.3]])
for name in ("mean_squared_error", "mean_absolute_error", "mean_absolute_percentage_error",
             "mean_squared_logarithmic_error", "kl_divergence", "log_cosh", "hinge", "squared_hinge",
             "categorical_hinge", "poisson", "huber"):
    print(name, getattr(keras.metrics, name)(y_true, y_pred).numpy())
print([hasattr(keras.metrics, name) for name in ("MSE", "mse", "mae", "kld", "logcosh")])
