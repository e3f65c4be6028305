import tensorflow as tf

w = tf.Variable([1.0, 2.0], name="w")
try:
    w -= 0.1
except RuntimeError as e:
    print(type(e).__name__)
    print("assign_sub" in str(e))
print(isinstance(w, tf.Variable), w.name)
print(w.numpy())
