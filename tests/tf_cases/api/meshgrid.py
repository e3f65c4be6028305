import tensorflow as tf

X, Y = tf.meshgrid(tf.constant([1, 2, 3]), tf.constant([4, 5]))
print(X, Y)
print(tf.meshgrid([1, 2, 3], [4, 5], indexing="ij"))
print(tf.meshgrid([1.0, 2.0]))
print([m.shape for m in tf.meshgrid([1, 2], [3, 4, 5], [6])])
for bad in [lambda: tf.meshgrid([1, 2], [3, 4], indexing="xx"), lambda: tf.meshgrid([1, 2], [3.0, 4.0]),
            lambda: tf.meshgrid([1, 2], foo=1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
x = tf.constant([1.0, 2.0])
y = tf.constant([3.0, 4.0, 5.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    gx, gy = tf.meshgrid(x, y)
    z = tf.reduce_sum(gx * gy)
print(tape.gradient(z, x), tape.gradient(z, y))
