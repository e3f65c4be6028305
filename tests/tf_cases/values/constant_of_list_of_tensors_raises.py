import tensorflow as tf

a = tf.constant(1.0)
vec = tf.constant([1.0, 2.0])
v = tf.Variable(2.0)
for label, value in [("[a, a]", [a, a]), ("[vec, vec]", [vec, vec]), ("[a, 3.]", [a, 3.0]),
                     ("[3., a]", [3.0, a]), ("[v, 3.]", [v, 3.0]), ("[3., v]", [3.0, v]),
                     ("[[3.], [a]]", [[3.0], [a]]), ("([a], 1)", ([a], 1))]:
    try:
        print(label, tf.constant(value))
    except Exception as e:
        print(label, type(e).__name__)
print(tf.constant(a), tf.constant(v), tf.constant(v, dtype=tf.float64))
try:
    tf.constant(a, dtype=tf.float64)
except Exception as e:
    print(type(e).__name__)
