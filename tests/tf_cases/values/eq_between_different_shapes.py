import tensorflow as tf

a = tf.constant([1.0, 2.0])
c = tf.constant([1.0, 2.0, 3.0])
print(a == c, a != c)
print(type(a == c).__name__ == type(a).__name__)
print(a == [1.0, 2.0, 3.0])
print(tf.constant([[1], [2]]) == tf.constant([1, 2, 3]))
print(tf.constant(["a", "b"]) == tf.constant(["b", "c", "d"]))
print(a == [], a == [[]])
print(tf.Variable([1.0, 2.0]) == c)
print(a in [c], a in [a])
try:
    tf.equal(a, c)
except Exception as e:
    print("tf.equal", type(e).__name__)
try:
    tf.not_equal(a, c)
except Exception as e:
    print("tf.not_equal", type(e).__name__)
