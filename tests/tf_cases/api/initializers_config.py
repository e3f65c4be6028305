import tensorflow as tf

for init in [tf.zeros_initializer(), tf.ones_initializer(), tf.constant_initializer(3),
             tf.constant_initializer([1.0, 2.0]), tf.random_normal_initializer(),
             tf.random_uniform_initializer(seed=1), tf.random_normal_initializer(0.5, 2.0, seed=4)]:
    print(type(init).__name__, init.get_config())
c = tf.constant_initializer.from_config({"value": 5})
print(type(c).__name__, c([2]))
r = tf.random_uniform_initializer.from_config({"minval": 1.0, "maxval": 1.0, "seed": None})
print(r([2]))
print(type(tf.zeros_initializer.from_config({})).__name__)
print(tf.keras.initializers.Zeros is tf.zeros_initializer)
