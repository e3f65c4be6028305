# Several IndexedSlices for one tensor are concatenated, in the order TF's reverse pass meets them.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    a = tf.gather(x, [0, 1])
    b = tf.gather(x, [2])
    stacked = a + tf.concat([b, b], 0)
    summed = tf.reduce_sum(a) + tf.reduce_sum(tf.gather(x, [1]))
    deep = tf.reduce_sum(tf.exp(tf.gather(x, [2]))) + tf.reduce_sum(tf.gather(x, [0]))
for target in (stacked, summed, [a, b], [b, a], deep):
    g = tape.gradient(target, x)
    print(g.indices.numpy(), g.values.numpy().tolist())
table = tf.Variable(tf.zeros([5, 2]))
with tf.GradientTape() as tape:
    e1 = tf.gather(table, [4, 0])
    e2 = tf.gather(table, [1])
    loss = tf.reduce_sum(e1) + 2.0 * tf.reduce_sum(e2)
g = tape.gradient(loss, table)
print(g.indices.numpy(), g.values.numpy().tolist())
