import tensorflow as tf

print(tf.roll([0, 1, 2, 3, 4], shift=2, axis=0))
print(tf.roll([[0, 1, 2], [3, 4, 5]], shift=[1, -2], axis=[0, 1]))
print(tf.roll([[0, 1, 2], [3, 4, 5]], shift=[2, -3], axis=[1, 1]))
print(tf.roll([[0, 1, 2], [3, 4, 5]], shift=-1, axis=-1))
for bad in [lambda: tf.roll([0, 1, 2], shift=1, axis=1), lambda: tf.roll([0, 1, 2], shift=[1, 2], axis=0)]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.roll(x, 1, 0) * tf.constant([1.0, 10.0, 100.0]))
print(tape.gradient(y, x))
