"""A KerasTensor's dtype is a plain string in Keras 3: it has no DType attributes such as .name."""
import tensorflow as tf

inputs = tf.keras.Input(shape=(4,))
x = tf.keras.layers.Dense(3)(inputs)
for t in [inputs, x]:
    print(t.dtype, type(t.dtype).__name__, t.dtype == "float32", hasattr(t.dtype, "name"))
    try:
        print(t.dtype.name)
    except AttributeError as error:
        print("AttributeError", error)
ints = tf.keras.Input(shape=(2,), dtype="int32")
print(ints.dtype, tf.keras.layers.Embedding(5, 2)(ints).dtype)
