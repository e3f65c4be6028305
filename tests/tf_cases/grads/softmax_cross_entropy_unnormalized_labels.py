# TF's fused cross-entropy: its gradient is softmax - labels, even if labels do not sum to 1.
import tensorflow as tf

logits = tf.constant([[1.0, 2.0, 3.0]])
for labels in ([[0.5, 0.5, 0.5]], [[0.2, 0.3, 0.5]], [[2.0, 0.0, 0.0]]):
    labels = tf.constant(labels)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([logits, labels])
        loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    print(loss.numpy().tolist(), tape.gradient(loss, logits).numpy().tolist(),
          tape.gradient(loss, labels).numpy().tolist())
