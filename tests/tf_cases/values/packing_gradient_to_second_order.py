import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.reduce_sum(tf.convert_to_tensor([x * x, x * x * x, 2.0]))
    dy = inner.gradient(y, x)
d2y = outer.gradient(dy, x)
print(y, dy, d2y)

c = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(c)
    packed = tf.convert_to_tensor([[c[0], c[1]], [c[1] * c[1], 5.0]])
    z = tf.reduce_sum(packed * packed)
print(packed)
print(tape.gradient(z, c))
print(tape.gradient(packed, c))
