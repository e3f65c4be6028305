import tensorflow as tf

x = tf.constant([[3.0, 1.0, 2.0], [0.0, 5.0, -1.0]])
print(tf.sort(x))
print(tf.sort(x, direction="DESCENDING"))
print(tf.sort(x, axis=0))
print(tf.sort(tf.constant([3, 1, 2])))
print(tf.sort(tf.constant([[1, 3], [2, 0]], tf.uint8), axis=0))
print(tf.sort(tf.constant([2, -7, 5], tf.int64), direction="DESCENDING"))
print(tf.sort(tf.zeros([2, 0])))
for bad in [lambda: tf.sort(x, direction="UP"), lambda: tf.sort(tf.constant(1.0)),
            lambda: tf.sort(x, axis=2), lambda: tf.sort(tf.constant(["b", "a"]))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
