import tensorflow as tf

# Inputs of a dtype an op has no kernel for (complex into real-only activations, bools, strings), and the
# values TF computes for complex inputs where it has one.
c = tf.constant([1 + 1j, 2j, 3j])


def check(name, call):
    try:
        out = call()
        print(name, "ok", out)
    except Exception as error:
        print(name, type(error).__name__)


for name, op in [("softmax", tf.nn.softmax), ("log_softmax", tf.nn.log_softmax), ("softplus", tf.nn.softplus),
                 ("elu", tf.nn.elu), ("leaky_relu", tf.nn.leaky_relu), ("l2_loss", tf.nn.l2_loss),
                 ("selu", tf.nn.selu), ("softsign", tf.nn.softsign), ("math.softplus", tf.math.softplus),
                 ("sigmoid", tf.sigmoid), ("exp", tf.exp)]:
    check(name + " of complex", lambda op=op: op(c))
check("softmax_cross_entropy of complex logits",
      lambda: tf.nn.softmax_cross_entropy_with_logits([[0.2, 0.3, 0.5]], tf.reshape(c, [1, 3])))
check("round of bools", lambda: tf.round(tf.constant([True, False])))
check("round of ints", lambda: tf.round(tf.constant([1, 2])))
check("where of strings", lambda: tf.where(tf.constant(["a", "b"])))
check("where of numbers", lambda: tf.where(tf.constant([0.0, 2.0])))
check("norm of complex", lambda: tf.norm(c))
check("reduce_std of complex", lambda: tf.math.reduce_std(c))
check("reduce_variance of complex", lambda: tf.math.reduce_variance(c))
check("moments of complex", lambda: tf.nn.moments(c, [0]))
check("squared_difference of complex", lambda: tf.math.squared_difference(c, tf.constant([1j, 1j, 1j])))
check("in_top_k float targets", lambda: tf.math.in_top_k(tf.constant([0.5, 1.0]), [[0.2, 0.8], [0.5, 0.5]], 1))
check("in_top_k int predictions", lambda: tf.math.in_top_k([1, 0], tf.constant([[1, 2], [3, 4]]), 1))
check("in_top_k k list", lambda: tf.math.in_top_k([1, 0], [[0.2, 0.8], [0.5, 0.5]], [1]))
check("add None", lambda: tf.add(None, tf.constant(1.0)))
check("exp of a dict", lambda: tf.exp({"a": 1}))
