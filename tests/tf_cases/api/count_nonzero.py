import tensorflow as tf

print(tf.math.count_nonzero([0, 1, 2, 0]))
print(tf.math.count_nonzero([[0.0, 1.0], [2.0, 0.0]], axis=1))
print(tf.math.count_nonzero([[0.0, 1.0], [2.0, 0.0]], axis=0, keepdims=True, dtype=tf.int32))
print(tf.math.count_nonzero([True, False]))
print(tf.math.count_nonzero(["", "a"]))
print(tf.math.count_nonzero(tf.zeros([0])))
