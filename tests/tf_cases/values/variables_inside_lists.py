import tensorflow as tf

v = tf.Variable(2.0, name="v")
w = tf.Variable(3.0, name="w")
print(tf.convert_to_tensor([v, 3.0]))
print(tf.convert_to_tensor([v, w]))
with tf.GradientTape() as tape:
    packed = tf.convert_to_tensor([v, w, 1.0])
    loss = tf.reduce_sum(packed * packed)
print(loss)
print([x.name for x in tape.watched_variables()])
print(tape.gradient(loss, [v, w]))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum([v * w, v])
print(tape.gradient(loss, [v, w]))
