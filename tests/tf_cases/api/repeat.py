import tensorflow as tf

print(tf.repeat(["a", "b", "c"], repeats=[3, 0, 2], axis=0))
print(tf.repeat([[1, 2], [3, 4]], repeats=[2, 3], axis=0))
print(tf.repeat([[1, 2], [3, 4]], repeats=2, axis=1))
print(tf.repeat([[1, 2], [3, 4]], repeats=2))
print(tf.repeat(3, repeats=4))
print(tf.repeat([[1, 2], [3, 4]], repeats=[1, 2], axis=1))
for bad in [lambda: tf.repeat([[1, 2], [3, 4]], repeats=[1, 2, 3], axis=0), lambda: tf.repeat([1, 2], repeats=-1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    a = tf.reduce_sum(tf.repeat(x, [2, 3], axis=0) * tf.constant([[1.0], [2.0], [3.0], [4.0], [5.0]]))
    b = tf.reduce_sum(tf.repeat(x, 3) ** 2)
print(tape.gradient(a, x))
print(tape.gradient(b, x))
