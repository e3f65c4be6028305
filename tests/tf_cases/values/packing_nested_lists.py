import tensorflow as tf

a = tf.constant(1.0)
b = tf.constant(2.0)
print(tf.convert_to_tensor([[a, b], [b, a]]))
print(tf.convert_to_tensor([[a, 2.0], [3.0, a]]))
print(tf.convert_to_tensor([[1.0, 2.0], [a, b]]))
print(tf.convert_to_tensor([[a], [2.0]]))
print(tf.convert_to_tensor([[[a, b]], [[3.0, 4.0]]]))
print(tf.reduce_sum([[a, b], [3.0, 4.0]], axis=1))
