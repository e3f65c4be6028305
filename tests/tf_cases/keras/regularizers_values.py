import tensorflow as tf
import keras

x = tf.constant([[1.0, -2.0], [0.5, 3.0]])
print(keras.regularizers.L1(0.5)(x))
print(keras.regularizers.L2(0.5)(x))
print(keras.regularizers.L1L2(l1=0.1, l2=0.2)(x))
print(keras.regularizers.L1L2()(x))
print(keras.regularizers.l2(0.01)(x))
print(keras.regularizers.l1(0.01)(x))
print(keras.regularizers.L2().l2, keras.regularizers.L1L2().l1, keras.regularizers.L1L2().l2)
print(float(keras.regularizers.L1().l1))
print(keras.regularizers.L2(0.1).get_config(), keras.regularizers.L1(0.1).get_config(),
      keras.regularizers.L1L2(0.1).get_config())
for name in ["l1", "l2", "L1", "L2", "l1l2", "L1L2"]:
    print(name, type(keras.regularizers.get(name)).__name__)
print(keras.regularizers.get(None))
print(keras.regularizers.L2(0.1)(tf.constant([1.0, 2.0], tf.float64)))
