import tensorflow as tf

i = tf.constant([6, 3])
j = tf.constant([3, 5])
print(i & j, i | j, i ^ j, ~i)
print(i & 1, 1 & i, i | 8, i ^ True)
u = tf.constant([3, 250], tf.uint8)
print(u & tf.constant([1, 15], tf.uint8), ~u, u & 257)
print(tf.constant([3], tf.int64) & tf.constant([1], tf.int64))
v = tf.Variable([6, 3])
print(v & j, ~v, j | v)
print(tf.bitwise.bitwise_and(5, 3), tf.bitwise.bitwise_or(5, 3), tf.bitwise.bitwise_xor(5, 3))
print(tf.bitwise.invert(5), tf.bitwise.left_shift(5, 1), tf.bitwise.right_shift(-8, 1))
for label, make in [("i << 1", lambda: i << 1), ("i >> 1", lambda: i >> 1)]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
