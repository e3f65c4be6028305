import keras
import tensorflow as tf
from keras import mixed_precision

policy = mixed_precision.Policy("float32")
print(policy, policy.name, policy.compute_dtype, policy.variable_dtype)
print(mixed_precision.global_policy(), mixed_precision.global_policy() == policy)
mixed_precision.set_global_policy("float32")
mixed_precision.set_global_policy(policy)
print(mixed_precision.global_policy().name)
print(mixed_precision.DTypePolicy("float32"))
x = keras.layers.Dense(2)(tf.ones((1, 3)))
print(x.dtype)
