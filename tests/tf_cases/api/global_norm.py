import tensorflow as tf

print(tf.linalg.global_norm([tf.constant([3.0]), tf.constant([[4.0]])]))
print(tf.linalg.global_norm([tf.constant([3.0]), None]))
print(tf.linalg.global_norm([None]))
print(tf.linalg.global_norm([]))
print(tf.linalg.global_norm([tf.constant([1.0, 2.0], tf.float64)]))
for bad in [lambda: tf.linalg.global_norm(tf.constant([3.0, 4.0])),
            lambda: tf.linalg.global_norm([tf.constant([3.0]), tf.constant([4.0], tf.float64)])]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
x = tf.constant([3.0, 4.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    n = tf.linalg.global_norm([x, 2.0 * x])
print(n, tape.gradient(n, x))
