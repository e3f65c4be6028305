import tensorflow as tf

t = tf.constant([1.0, 2.0])
u = t
t += 1.0
print(t, u)
t *= 2.0
print(t)
t /= 4.0
print(t)
t -= 1.0
print(t)
t **= 2.0
print(t)
