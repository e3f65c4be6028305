import tensorflow as tf
import keras

y_true = tf.constant([[0.0, 1.0], [1.0, 1.0]])
y_pred = tf.constant([[0.5, 0.5], [2.0, -1.0]])
for name in ["mean_squared_error", "mse", "MSE", "mae", "huber", "log_cosh", "kl_divergence", "kld",
             "mean_absolute_percentage_error", "mape", "msle", "poisson", "hinge", "cosine_similarity"]:
    print(name, hasattr(keras.losses, name))
print(keras.losses.mean_squared_error(y_true, y_pred))
print(keras.losses.mean_absolute_error(y_true, y_pred))
print(keras.losses.MeanSquaredError()(y_true, y_pred))
print(keras.losses.MeanSquaredError(reduction="sum")(y_true, y_pred))
print(keras.losses.MeanSquaredError(reduction=None)(y_true, y_pred))
print(keras.losses.MeanSquaredError(reduction="none")(y_true, y_pred))
print(keras.losses.MeanSquaredError(reduction="mean")(y_true, y_pred))
print(keras.losses.MeanSquaredError()(y_true, y_pred, sample_weight=tf.constant([1.0, 0.5])))
print(keras.losses.MeanSquaredError(reduction="mean_with_sample_weight")(y_true, y_pred,
                                                                         sample_weight=tf.constant([1.0, 0.5])))
print(keras.losses.get("mse")(y_true, y_pred))
print(keras.losses.get("MeanSquaredError")(y_true, y_pred))
print(keras.losses.huber(y_true, y_pred), keras.losses.huber(y_true, y_pred, delta=0.5))
print(keras.losses.Huber()(y_true, y_pred), keras.losses.Huber(delta=0.1)(y_true, y_pred))
print(keras.losses.Huber().name, keras.losses.Huber().get_config())
for cls in [keras.losses.LogCosh, keras.losses.KLDivergence, keras.losses.Poisson, keras.losses.Hinge,
            keras.losses.SquaredHinge, keras.losses.CategoricalHinge, keras.losses.CosineSimilarity,
            keras.losses.MeanAbsolutePercentageError, keras.losses.MeanSquaredLogarithmicError]:
    loss = cls()
    print(loss.name, float(loss(tf.abs(y_true), tf.abs(y_pred))))
print(keras.losses.hinge(tf.constant([[1.0, -1.0]]), tf.constant([[0.3, 0.8]])))
print(keras.losses.cosine_similarity(y_true, y_pred))
probs = tf.constant([[0.2, 0.8], [0.6, 0.4]])
logits = tf.constant([[1.0, -1.0], [0.5, 2.0]])
labels = tf.constant([1, 0])
onehot = tf.constant([[0.0, 1.0], [1.0, 0.0]])
print(keras.losses.binary_crossentropy(onehot, probs))
print(keras.losses.binary_crossentropy(onehot, logits, from_logits=True))
print(keras.losses.BinaryCrossentropy(from_logits=True)(onehot, logits))
print(keras.losses.BinaryCrossentropy(label_smoothing=0.2)(onehot, probs))
print(keras.losses.categorical_crossentropy(onehot, probs))
print(keras.losses.CategoricalCrossentropy(from_logits=True)(onehot, logits))
print(keras.losses.sparse_categorical_crossentropy(labels, probs))
print(keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, logits))
print(keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0)(labels, logits))
print(keras.losses.SparseCategoricalCrossentropy(reduction="sum")(labels, probs))
print(keras.losses.BinaryCrossentropy().get_config())
print(keras.losses.SparseCategoricalCrossentropy().get_config())
print(keras.losses.MeanSquaredError().get_config())
