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
for name in ["float64", "float16", "bfloat16", "nonsense", 5]:
    try:
        p = mixed_precision.DTypePolicy(name)
        print(name, p, p.compute_dtype, p.variable_dtype)
    except Exception as e:
        print(name, type(e).__name__)
print(keras.layers.Dense(2).dtype_policy, keras.layers.Dense(2, dtype="float64").dtype_policy)
dense = keras.layers.Dense(3, dtype="float64")
print(dense.dtype_policy.name, dense.dtype_policy == mixed_precision.DTypePolicy("float64"))
