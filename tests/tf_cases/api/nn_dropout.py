import numpy as np
import tensorflow as tf

x = tf.ones([4])
print(tf.nn.dropout(x, rate=0.0))
print(tf.nn.dropout(x, rate=0.0) is x)
print(tf.nn.dropout(x, rate=tf.constant(0.0)))
d = tf.nn.dropout(tf.ones([1000]), rate=0.25, seed=1)
print(sorted(set(np.round(d.numpy(), 5).tolist())), d.dtype, d.shape)
kept = float(np.mean(d.numpy() > 0))
print(0.65 < kept < 0.85)
d = tf.nn.dropout(tf.ones([50, 4]), rate=0.5, noise_shape=[50, 1])
print(all(len(set(r)) == 1 for r in d.numpy().tolist()))
d = tf.nn.dropout(tf.ones([50, 4]), rate=0.5, noise_shape=[None, 1])
print(d.shape, all(len(set(r)) == 1 for r in d.numpy().tolist()))
print(tf.nn.dropout(tf.ones([4], tf.float64), rate=0.5).dtype)
for bad in [lambda: tf.nn.dropout(x, rate=1.0), lambda: tf.nn.dropout(x, rate=-0.1),
            lambda: tf.nn.dropout(tf.ones([4], tf.int32), rate=0.5), lambda: tf.nn.dropout(x, rate="a"),
            lambda: tf.nn.dropout(tf.ones([4, 2]), rate=0.5, noise_shape=[3, 1]),
            lambda: tf.nn.dropout(x, keep_prob=0.5)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
w = tf.constant([1.0, 2.0, 3.0, 4.0])
with tf.GradientTape() as tape:
    tape.watch(w)
    y = tf.nn.dropout(w, rate=0.5)
g = tape.gradient(y, w)
print(sorted(set(g.numpy().tolist())) in ([0.0, 2.0], [0.0], [2.0]), bool(np.all((y.numpy() == 0) == (g.numpy() == 0))))
