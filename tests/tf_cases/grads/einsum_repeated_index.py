# einsum gradients with a letter repeated in one input, and with '...'.
import tensorflow as tf

x = tf.reshape(tf.range(9.0), [3, 3])
t3 = tf.reshape(tf.range(18.0), [3, 3, 2])
b = tf.reshape(tf.range(12.0), [3, 2, 2])
cases = [("ii->i", [x]), ("ii->", [x]), ("iij->j", [t3]), ("ii,i->i", [x, tf.constant([1.0, 2.0, 3.0])]),
         ("...ii->...i", [b]), ("...ij,...jk->...ik", [b, tf.constant([[1.0, 0.0], [2.0, 1.0]])]),
         ("ii", [x])]
for equation, args in cases:
    with tf.GradientTape() as outer:
        outer.watch(args)
        with tf.GradientTape() as inner:
            inner.watch(args)
            y = tf.einsum(equation, *args)
            s = tf.reduce_sum(y * y)
        grads = inner.gradient(s, args)
        s2 = tf.add_n([tf.reduce_sum(g * g) for g in grads])
    print(equation, [g.numpy().tolist() for g in grads])
    print("  second:", [h.numpy().tolist() for h in outer.gradient(s2, args)])
