# softmax, log_softmax, cross-entropies and l2_normalize with a zero upstream.
import tensorflow as tf

logits = tf.constant([[1.0, 2.0, 3.0], [4.0, 0.0, -1.0]])
labels = tf.constant([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(logits)
    outs = {
        "softmax": tf.nn.softmax(logits), "log_softmax": tf.nn.log_softmax(logits),
        "xent": tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits),
        "sparse": tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 0], logits=logits),
        "sigmoid_xent": tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits),
        "l2_normalize": tf.math.l2_normalize(logits, axis=1),
    }
    zeros = {name: 0.0 * y for name, y in outs.items()}
for name, y in zeros.items():
    print(name, tape.gradient(y, logits).numpy().tolist())
