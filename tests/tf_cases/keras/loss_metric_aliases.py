"""tf.keras's short loss and metric aliases (tf.keras.losses.MSE, ...) compute what their long names do."""
import tensorflow as tf

y_true = tf.constant([[0.0, 1.0, 0.5], [1.0, 0.0, 0.25]])
y_pred = tf.constant([[0.1, 0.8, 0.4], [0.7, 0.2, 0.3]])
for name in ("MSE", "mse", "MAE", "mae", "MAPE", "mape", "MSLE", "msle", "KLD", "kld",
             "kullback_leibler_divergence", "logcosh"):
    print("losses", name, getattr(tf.keras.losses, name)(y_true, y_pred).numpy())
    print("metrics", name, getattr(tf.keras.metrics, name)(y_true, y_pred).numpy())
print(tf.keras.losses.MSE is tf.keras.losses.mse, tf.keras.metrics.mse is tf.keras.losses.mse)
for name in ("hinge", "squared_hinge", "categorical_hinge", "poisson", "huber"):
    print("metrics", name, getattr(tf.keras.metrics, name)(y_true, y_pred).numpy())

