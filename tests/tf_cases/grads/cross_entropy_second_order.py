# Second derivatives through the fused (sparse) softmax cross-entropy.
import tensorflow as tf

logits = tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
for name in ("dense", "sparse"):
    with tf.GradientTape() as outer:
        outer.watch(logits)
        with tf.GradientTape() as inner:
            inner.watch(logits)
            if name == "dense":
                loss = tf.nn.softmax_cross_entropy_with_logits(labels=[[0., 1., 0.], [0.3, 0.3, 0.4]],
                                                               logits=logits)
            else:
                loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 2], logits=logits)
        g = inner.gradient(loss, logits)
        s = tf.reduce_sum(g * g)
    print(name, g.numpy().tolist(), outer.gradient(s, logits).numpy().tolist())
