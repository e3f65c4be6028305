import tensorflow as tf

logits = tf.Variable([[1.0, -2.0, 3.0], [0.5, 0.0, -1.5]])
labels = tf.constant([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    weighted = tf.nn.weighted_cross_entropy_with_logits(labels, logits, 2.0)
    poisson = tf.nn.log_poisson_loss(labels * 3.0, logits, compute_full_loss=True)
    doubled = tf.nn.crelu(logits)
    average = tf.nn.compute_average_loss(tf.reduce_sum(weighted, 1), global_batch_size=4)
    poly = tf.math.polyval([1.0, -2.0, 3.0], logits)
print(weighted, poisson, doubled, average, poly, sep="\n")
for target in (weighted, poisson, doubled, average, poly):
    print(tape.gradient(target, logits))
print(tf.nn.compute_average_loss([1.0, 2.0, 3.0]), tf.nn.compute_average_loss([1, 2]))
print(tf.nn.compute_average_loss([[1.0, 2.0], [3.0, 4.0]], sample_weight=[1.0, 0.0]))
print(tf.nn.compute_average_loss([1.0], global_batch_size=0), tf.nn.compute_average_loss([]))
print(tf.nn.scale_regularization_loss([1.0, 2.0]), tf.nn.crelu([[1.0, -1.0]], axis=0))
print(tf.math.polyval([1, 2], tf.constant([1, 2])), tf.math.polyval([], 2.0))
print(tf.math.accumulate_n([labels, labels, labels]))
for bad in (lambda: tf.nn.compute_average_loss(2.0), lambda: tf.nn.compute_average_loss([1.0], global_batch_size=-1),
            lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=1.5),
            lambda: tf.nn.weighted_cross_entropy_with_logits(labels, logits, [1.0, 2.0, 3.0]),
            lambda: tf.math.polyval(tf.constant([1.0, 2.0]), 2.0), lambda: tf.math.polyval([1.0, 2], 3.0),
            lambda: tf.math.accumulate_n([labels, tf.ones([3])]), lambda: tf.math.accumulate_n([])):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0][:44])
