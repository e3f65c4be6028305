import tensorflow as tf

print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4]))
print(tf.math.confusion_matrix([1, 2], [2, 2], num_classes=3, dtype=tf.float32))
print(tf.math.confusion_matrix([1, 2], [2, 2], weights=[0.5, 2.0], dtype=tf.float32))
print(tf.math.confusion_matrix([1.0, 2.0], [2.0, 2.0]))
print(tf.math.confusion_matrix(tf.constant([0, 1, 1], tf.int64), [0, 1, 0]))
for bad in [lambda: tf.math.confusion_matrix([-1, 2], [2, 2]),
            lambda: tf.math.confusion_matrix([1, 5], [2, 2], num_classes=3),
            lambda: tf.math.confusion_matrix([1, 2], [2, 2, 1])]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
w = tf.constant([0.5, 2.0, 1.0])
with tf.GradientTape() as tape:
    tape.watch(w)
    cm = tf.math.confusion_matrix([0, 1, 1], [0, 1, 0], weights=w, dtype=tf.float32)
    y = tf.reduce_sum(cm * tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print(tape.gradient(y, w))
